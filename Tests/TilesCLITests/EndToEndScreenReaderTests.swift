import Foundation
import Testing

/// The board for a screen reader under tmux (`tiles --screen-reader`): plain lines, the cursor on
/// the focused tile's words, Tab moving it, a change said as one line; and what espeak-ng, the
/// speech synthesiser Debian's screen readers use, says for the focused line.
@Suite(.serialized) struct EndToEndScreenReaderTests {
    /// A board of a to-do list, a counter a program reads from a file, and a clock, for a screen reader.
    static func board(_ environment: [String: String] = ["LANG": "en_US.UTF-8"], arguments: [String] = ["--screen-reader"]) throws -> (Board, URL) {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let count = home.root.appendingPathComponent("count")
        try "3 cups".write(to: count, atomically: true, encoding: .utf8)
        try """
            [[widget]]
            kind = "counter"
            title = "Coffee"
            command = ["sh", "-c", "cat >/dev/null; printf '{\\"entries\\": [{\\"view\\": {\\"VStack\\": [{\\"Text\\": \\"☕\\", \\"accessibilityHidden\\": true}, {\\"Text\\": \\"%s today\\"}]}}], \\"policy\\": \\"never\\"}' \\"$(cat '\(count.path)')\\""]
            """.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        let board = try Board(
            home: home, server: server, arguments: ["--tiles", "todo:medium,counter:small,clock:small"] + arguments,
            environment: environment, ownsServer: true)
        return (board, count)
    }

    /// The cursor's row and the text of that row.
    static func cursorLine(_ board: Board) throws -> (row: Int, column: Int, text: String) {
        let position = try board.session.display("#{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
        let lines = try board.session.capture().components(separatedBy: "\n")
        let row = position[1]
        return (row, position[0], lines.indices.contains(row) ? lines[row].trimmingCharacters(in: .whitespaces) : "")
    }

    @Test func theBoardIsPlainLinesAndTheCursorFollowsTheFocus() throws {
        let (board, _) = try Self.board()
        defer { board.close() }
        let screen = try board.session.waitFor("the spoken board") { $0.contains("Coffee: 3 cups today") && $0.contains("Clock: ") }
        #expect(screen.contains("tiles, page 1 of 1, 3 tiles."), "\(screen)")
        #expect(screen.contains("To-do, 0/0, + Add, The list is empty"), "\(screen)")
        // No box drawing, no blocks, no braille, and the picture the program marked hidden is not said.
        let drawing = screen.unicodeScalars.filter { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) }
        #expect(drawing.isEmpty, "\(screen)")
        #expect(!screen.contains("☕"))
        #expect(try board.session.display("#{cursor_flag}") == "1", "the cursor shows")

        try board.session.sendKeys("Tab")
        try board.session.waitFor("the first tile focused") { _ in (try? Self.cursorLine(board).text.hasPrefix("To-do: To-do")) == true }
        try board.session.sendKeys("Tab")
        try board.session.waitFor("the next tile focused") { _ in (try? Self.cursorLine(board).text) == "Coffee: 3 cups today" }
        let coffee = try Self.cursorLine(board)
        try board.session.sendKeys("Tab")
        try board.session.waitFor("the clock focused") { _ in (try? Self.cursorLine(board).text.hasPrefix("Clock: ")) == true }
        #expect(try Self.cursorLine(board).row == coffee.row + 1 && coffee.column == 0)

        // A terminal far too small for the tiles still lists all three, the focused one in view.
        try board.session.resize(width: 30, height: 8)
        let small = try board.session.waitFor("the small screen") { $0.contains("Clock: ") && !$0.contains("too small") }
        #expect(try Self.cursorLine(board).text.hasPrefix("Clock: "), "\(small)")
    }

    @Test func aChangeIsSaidAsOneLineOfItsOwn() throws {
        let (board, count) = try Self.board()
        defer { board.close() }
        try board.session.waitFor("the spoken board") { $0.contains("Coffee: 3 cups today") }
        let output = board.home.root.appendingPathComponent("pane-output")
        try board.session.recordOutput(to: output)
        try "4 cups".write(to: count, atomically: true, encoding: .utf8)
        try board.session.sendKeys("r")
        let screen = try board.session.waitFor("the change announced") { $0.contains("Coffee: 4 cups today") && $0.range(of: #"\d\d:\d\d Coffee: 4 cups today"#, options: .regularExpression) != nil }
        // Once in the tile's line and once as the announcement.
        #expect(screen.components(separatedBy: "Coffee: 4 cups today").count == 3, "\(screen)")
        // Each changed line went to the terminal whole, not as the one changed digit.
        usleep(300_000)
        let written = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        // Twice: the tile's row, where only the digit changed, and the announcement's.
        #expect(written.components(separatedBy: "Coffee: 4 cups today").count - 1 >= 2, "\(written.debugDescription)")
    }

    @Test func espeakNGSaysTheFocusedLineAsTheTilesSpokenSummary() throws {
        let (board, _) = try Self.board()
        defer { board.close() }
        try board.session.waitFor("the spoken board") { $0.contains("Coffee: 3 cups today") }
        try board.session.sendKeys("Tab", "Tab")
        try board.session.waitFor("the counter focused") { _ in (try? Self.cursorLine(board).text) == "Coffee: 3 cups today" }
        let line = try Self.cursorLine(board).text
        // What a screen reader hears at the cursor: espeak-ng's phonemes for the line are those of
        // the words alone, with nothing said for drawing characters.
        let heard = try Self.espeak(line)
        let words = try Self.espeak("Coffee: 3 cups today")
        #expect(!heard.isEmpty && heard == words, "\(heard)")
        // espeak-ng names what the ordinary board draws ("braille 1 2 3…" for a sparkline's dots,
        // "black" for a page dot); nothing on this screen is said that way.
        #expect(try Self.espeak("⣿ ●").contains("br'eIl"))
        let whole = try Self.espeak(try board.session.capture())
        #expect(!whole.contains("br'eIl") && !whole.contains("bl'ak"), "\(whole)")
    }

    @Test func theConfigTurnsTheModeOnAndChineseIsSpokenInChinese() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[ui]\nscreen_reader = true\n".write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        let board = try Board(home: home, server: server, arguments: ["--tiles", "todo:medium"], environment: ["LANG": "zh_CN.UTF-8"], ownsServer: true)
        defer { board.close() }
        let screen = try board.session.waitFor("the Chinese spoken board") { $0.contains("tiles，第 1 页，共 1 页") && $0.contains("待办：") }
        #expect(screen.contains("清单是空的"), "\(screen)")
        let heard = try Self.espeak(screen.components(separatedBy: "\n").first { $0.contains("待办：") } ?? "", voice: "cmn")
        #expect(!heard.isEmpty)
    }

    /// espeak-ng's phonemes for `text` (`-x`, no sound): what the synthesiser would say.
    static func espeak(_ text: String, voice: String = "en") throws -> String {
        let result = try SpawnedProcess.run(["espeak-ng", "-q", "-x", "-v", voice, text], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw TmuxSession.Failure("espeak-ng failed (\(result.status)): \(result.standardError)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
