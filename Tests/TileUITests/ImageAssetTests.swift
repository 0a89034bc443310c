import Foundation
import Testing
@testable import TileUI

/// Where `Image("name")` finds its file: the pictures compiled in from Assets/, the user's
/// folder first, `~dark` variants in the dark scheme, and names that can never be paths.
@Suite(.serialized) struct ImageAssetTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func testCompiledInPicturesAreExactlyTheAssetsFolder() throws {
        let folder = Self.repository.appendingPathComponent("Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ImageAssets.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
        #expect(Set(names) == Set(ImageAssets.builtinFiles.keys), "run `make assets` after changing Assets/")
        for name in names {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == ImageAssets.builtinFiles[name],
                    "\(name) differs from Sources/TileUI/Image/BuiltinImageAssets.swift; run `make assets`")
        }
    }

    @Test func testTheDarkSchemePicksTheDarkVariant() {
        #expect(ImageAssets.lookup("widget_background_test", scheme: .light, userDirectory: nil)?.key == "builtin:widget_background_test.png")
        #expect(ImageAssets.lookup("widget_background_test", scheme: .dark, userDirectory: nil)?.key == "builtin:widget_background_test~dark.png")
        #expect(ImageAssets.lookup("no_such_picture", scheme: .light, userDirectory: nil) == nil)
    }

    @Test func testTheUserFolderReplacesABuiltInPictureAsASet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ImageFixtures.data("wide.jpg").write(to: folder.appendingPathComponent("widget_background_test.jpg"))
        let light = ImageAssets.lookup("widget_background_test", scheme: .light, userDirectory: folder)
        let dark = ImageAssets.lookup("widget_background_test", scheme: .dark, userDirectory: folder)
        #expect(light?.key == "user:" + folder.appendingPathComponent("widget_background_test.jpg").path)
        #expect(dark?.key == light?.key)
        // A link to a picture elsewhere is followed; a folder with a picture's name is not a picture.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widget_background_test~dark.png"),
            withDestinationURL: ImageFixtures.folder.appendingPathComponent("disc.png"))
        #expect(ImageAssets.lookup("widget_background_test", scheme: .dark, userDirectory: folder)?.data == ImageFixtures.data("disc.png"))
        // A link to nothing is no picture: the dark scheme takes the plain one again.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("widget_background_test~dark.png"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widget_background_test~dark.png"),
            withDestinationURL: folder.appendingPathComponent("nothing.png"))
        #expect(ImageAssets.lookup("widget_background_test", scheme: .dark, userDirectory: folder)?.key == light?.key)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        #expect(ImageAssets.lookup("folder", scheme: .light, userDirectory: folder) == nil)
    }

    @Test func testAPictureInTheUserFolderIsDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "user-quadrants-\(UUID().uuidString.prefix(8))"
        try ImageFixtures.data("quadrants.png").write(to: folder.appendingPathComponent(name + ".png"))
        ImageAssets.userDirectory = folder
        defer { ImageAssets.userDirectory = nil }
        let grid = CellGrid.render(Image(name).resizable(), width: 2, height: 1)
        #expect(grid[0, 0].foreground == RGBColor(hex: 0xFF0000) && grid[0, 0].background == RGBColor(hex: 0x0000FF))
    }

    @Test func testNamesThatCouldBePathsAreRefused() {
        for name in ["", "../../etc/passwd", "a/b", ".hidden", "x~dark", "a\\b", String(repeating: "a", count: 129)] {
            #expect(!ImageAssets.isValidName(name), "\(name)")
            #expect(ImageAssets.lookup(name, scheme: .light, userDirectory: URL(fileURLWithPath: "/")) == nil)
        }
        #expect(ImageAssets.isValidName("widget_background_test"))
        #expect(CellGrid.render(Image("../Assets/widget_background_test").resizable(), width: 3, height: 1).text == "   ")
    }
}
