import Foundation
import Testing

/// QQ Sync's background picture on the real board in tmux: drawn in half blocks where the
/// terminal has colour, not at all without it, and replaced by a file in the user's assets folder.
@Suite(.serialized) struct EndToEndImageTests {
    /// How many `▀` the screen shows: the picture fills the QQ Sync tile with them, while the
    /// board without it has only the day number's block glyphs.
    private func halfBlocks(_ screen: String) -> Int { screen.filter { $0 == "▀" }.count }

    @Test func theBackgroundPictureIsDrawnInColourAndNotWithoutIt() throws {
        let colour = try Board()
        defer { colour.close() }
        let pictured = halfBlocks(try colour.waitForData())
        let plain = try Board(environment: ["NO_COLOR": "1"])
        defer { plain.close() }
        let bare = halfBlocks(try plain.waitForData())
        #expect(pictured > 200, "the medium QQ Sync tile is 420 cells, mostly picture")
        #expect(bare < 60, "without colour only the block digits use ▀")
    }

    @Test func aPictureInTheUsersAssetsFolderReplacesTheBuiltInOne() throws {
        let quadrants = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TileUITests/Fixtures/Images/quadrants.png").standardized
        let board = try Board { home in
            let assets = home.root.appendingPathComponent("config/tiles/assets")
            try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: quadrants, to: assets.appendingPathComponent("widget_background_test.png"))
        }
        defer { board.close() }
        try board.waitForData()
        // The red and blue quarters of the user's picture, where the built-in sky has neither:
        // tmux-256color has 256 colours, in which pure red and blue are exactly 196 and 21.
        let screen = try board.session.capture(escapes: true)
        #expect(screen.contains(/[34]8;5;196[;m]/))
        #expect(screen.contains(/[34]8;5;21[;m]/))
    }
}
