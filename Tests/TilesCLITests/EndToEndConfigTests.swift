import Foundation
import Testing

/// Editing the config file while a board runs.
extension EndToEndTests {
    @Test func configEditsApplyWhileRunningAndABrokenFileKeepsTheBoard() throws {
        let (board, file) = try Board.configured("[[page]]\n[[page.tile]]\nwidget = \"qqsync\"\nfamily = \"medium\"\n")
        defer { board.close() }
        var screen = try board.session.waitFor("the configured quote tile") { $0.contains("测试句子") }
        #expect(!screen.contains("Latest Commit"))

        // A valid edit: the board changes without a restart.
        try "[[page]]\n[[page.tile]]\nwidget = \"commit\"\nfamily = \"medium\"\n".write(to: file, atomically: true, encoding: .utf8)
        screen = try board.session.waitFor("the commit tile from the edited config") { $0.contains("Fix the thing") && !$0.contains("测试句子") }
        #expect(screen.contains("apple/swift's main"))

        // A broken edit: the board stays, the error names file, line and column until fixed.
        try "[[page]]\n[[page.tile]]\nwidget = \"comit\"\n".write(to: file, atomically: true, encoding: .utf8)
        screen = try board.session.waitFor("the config error in the status line") { $0.contains("config not applied") }
        #expect(screen.contains("Fix the thing"))
        #expect(screen.contains("config.toml:3:"))
        // Focus moves do not hide it: the error stays until the file is fixed.
        try board.session.sendKeys("Tab")
        screen = try board.session.waitFor("the focused tile") { $0.contains("config not applied") && $0.contains("commit-1") == false }
        #expect(screen.contains("config not applied"))

        try "[[page]]\n[[page.tile]]\nwidget = \"commit\"\nfamily = \"small\"\n".write(to: file, atomically: true, encoding: .utf8)
        screen = try board.session.waitFor("the fixed config applied") { !$0.contains("config not applied") && $0.contains("config reloaded") }
        #expect(screen.contains("Latest Commit"))
    }
}

extension Board {
    /// A board on a `width` × `height` terminal started on a `config.toml` holding `text`, and that file.
    static func configured(_ text: String, width: Int = 100, height: Int = 30) throws -> (board: Board, file: URL) {
        var file: URL?
        let board = try Board(width: width, height: height) { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            file = directory.appendingPathComponent("config.toml")
            try text.write(to: file!, atomically: true, encoding: .utf8)
        }
        guard let file else {
            board.close()
            throw TmuxSession.Failure("the board started without its config file")
        }
        return (board, file)
    }
}
