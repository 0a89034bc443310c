import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The dashboard as a user meets it: the real `tiles` binary in tmux, its services answered by a
/// local HTTP server, links opened through a `TILES_OPENER` script that records them.
///
/// Serialized: each test has its own tmux server, HTTP server and XDG directories, but running
/// them one at a time keeps the timing of a 2-core machine predictable.
@Suite(.serialized) struct EndToEndTests {
    /// `.build/debug/tiles`, next to the test bundle.
    static let tiles: String = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        return products.appendingPathComponent("tiles").path
    }()

    static let quote = #"{"uuid":"u1","hitokoto":"测试句子","from":"x","from_who":null}"#
    static let geocoding = #"{"results":[{"name":"上海","latitude":31.2,"longitude":121.5}]}"#
    static let forecast = #"{"current":{"temperature_2m":28.1,"weather_code":2}}"#
    static let commitURL = "https://github.com/apple/swift/commit/abc123"
    static let branch = """
        {"name":"main","commit":{"sha":"abc123","html_url":"\(commitURL)",
        "commit":{"author":{"name":"Ada","date":"2024-05-01T06:00:00Z"},"message":"Fix the thing\\n\\nDetails."}}}
        """

    /// The routes of the three widgets' services; `github` replaces the branch reply.
    static func routes(github: StubHTTPServer.Reply = .json(branch)) -> [String: StubHTTPServer.Reply] {
        ["/": .json(quote), "/v1/search": .json(geocoding), "/v1/forecast": .json(forecast),
         "/repos/apple/swift/branches/main": github]
    }

    // MARK: Data and sizes

    @Test func theThreeWidgetsShowTheirData() throws {
        let board = try Board()
        defer { board.close() }
        let screen = try board.waitForData()
        #expect(screen.contains("You got this! 😄"))
        #expect(screen.contains("by Ada"))
        #expect(Self.row(29, of: screen).hasSuffix("? help"))
    }

    @Test func familyKeysResizeEveryTile() throws {
        let board = try Board()
        defer { board.close() }
        var screen = try board.waitForData()
        #expect(!Self.sameRow(screen, "Partly cloudy", "apple/swift's main"), "medium: Alipay and Commit on separate rows")

        try board.session.sendKeys("s")
        // The tiles and the status line come in one frame, which tmux may show half written.
        screen = try board.session.waitFor("every tile small") {
            Self.sameRow($0, "Partly cloudy", "apple/swift's main") && Self.row(29, of: $0).contains("every tile small")
        }

        try board.session.sendKeys("l")
        screen = try board.session.waitFor("two pages of large tiles") { Self.row(29, of: $0).contains("● ○") }
        #expect(screen.contains("测试句子"))

        try board.session.sendKeys("]")
        screen = try board.session.waitFor("the second page") { Self.row(29, of: $0).contains("○ ●") && $0.contains("Fix the thing") }
        #expect(!screen.contains("测试句子"))

        try board.session.sendKeys("x")
        try board.session.waitFor("three pages of extra large tiles") { Self.row(29, of: $0).contains("○ ● ○") }

        try board.session.sendKeys("m")
        screen = try board.session.waitFor("back to medium") { !Self.row(29, of: $0).contains("●") && $0.contains("测试句子") }
        #expect(screen.contains("Fix the thing") && screen.contains("Partly cloudy"))
    }

    @Test func tTogglesTheColours() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        let (light, dark) = try Self.switchToDarkMode(board)
        #expect(light != nil && dark != nil)
        #expect(light?.background != dark?.background)
    }

    @Test func aBrokenThemeFileIsReportedWithItsLineAndTheThemeStays() throws {
        let board = try Board(setUp: { home in
            let themes = home.root.appendingPathComponent("config/tiles/themes")
            try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
            try "name = \"Broken\"\n[colors]\n\"accent\" = { any = \"blue\" }\n".write(
                to: themes.appendingPathComponent("broken.toml"), atomically: true, encoding: .utf8)
        })
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("T")
        try board.session.waitFor("theme Nord") { Self.row(29, of: $0).contains("theme Nord") }
        try board.session.sendKeys("T")
        try board.session.waitFor("theme Solarized") { Self.row(29, of: $0).contains("theme Solarized") }
        let before = StyledScreen(try board.session.capture(escapes: true)).style(of: "测试句子")
        try board.session.sendKeys("T")
        try board.session.waitFor("the broken theme's error, wrapped whole") { screen in
            let message = EndToEndArrangeTests.message(screen)
            return message.contains("broken.toml:3") && message.contains("found \"blue\"")
        }
        #expect(StyledScreen(try board.session.capture(escapes: true)).style(of: "测试句子") == before)
    }

    // MARK: Taps

    @Test func digitOneOpensTheQuotesPage() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("1")
        #expect(try board.home.waitForOpened { $0.contains("https://hitokoto.cn?uuid=u1") })
    }

    @Test func hintModeLabelsLinksAndTypingOneOpensIt() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("f")
        try board.session.waitFor("hint mode") { Self.row(29, of: $0).contains("type a hint label") }
        // Labels follow the page: a is the QQ Sync tile's own link (the quote), s its New quote
        // button, d its Share, f Alipay's first button (Scan).
        try board.session.sendKeys("f")
        #expect(try board.home.waitForOpened { $0.contains("10000007") })
        try board.session.waitFor("hint mode left") { !Self.row(29, of: $0).contains("type a hint label") }

        try board.session.sendKeys("f")
        try board.session.sendKeys("a")
        #expect(try board.home.waitForOpened { $0.contains("https://hitokoto.cn?uuid=u1") }, "the tile-level link has a label")
        try board.session.waitFor("hint mode left") { !Self.row(29, of: $0).contains("type a hint label") }

        try board.session.sendKeys("f")
        try board.session.sendKeys("d")
        try board.session.waitFor("the share button's copy") { Self.row(29, of: $0).contains("copied to the clipboard: 测试句子") }
    }

    @Test func aFailingOpenerIsReportedWithTheLink() throws {
        let board = try Board(environment: ["TILES_OPENER": "/bin/false"])
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("1")
        let screen = try board.session.waitFor("the opener's failure") { Self.row(29, of: $0).contains("exited with status 1") }
        #expect(Self.row(29, of: screen).contains("cannot open https://hitokoto.cn?uuid=u1"))
    }

    @Test func aClickOpensTheCommitUnderTheMouse() throws {
        let board = try Board()
        defer { board.close() }
        let screen = try board.waitForData()
        let (x, y) = try #require(Self.position(of: "Fix the thing", in: screen))
        try board.session.sendMouseClick(x: x + 2, y: y)
        #expect(try board.home.waitForOpened { $0.contains(Self.commitURL) })
    }

    @Test func aClickBeyondColumn223OfAWideTerminalOpensTheTileThere() throws {
        // Four countdowns and the Commit tile in one row of a 250-column terminal: Commit spans
        // columns 192 to 233, out of reach of X10 mouse reports (their columns end at 223).
        let board = try Board(width: 250, height: 30) { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let countdowns = (1...4).map { "[[page.tile]]\nid = \"c\($0)\"\nwidget = \"countdown\"\nfamily = \"medium\"\n" }
            try ("[[page]]\n" + countdowns.joined() + "[[page.tile]]\nid = \"commit\"\nwidget = \"commit\"\nfamily = \"medium\"\n")
                .write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        defer { board.close() }
        let screen = try board.session.waitFor(timeout: 20, "the commit") { $0.contains("Fix the thing") }
        let (x, y) = try #require(Self.position(of: "Fix the thing", in: screen))
        #expect(x < 230 && x + 42 > 230, "the Commit tile covers column 230 (its message starts at \(x))")
        try #require(try board.session.display("#{mouse_sgr_flag}") == "1", "tiles asks for SGR mouse reports (1006)")
        try board.session.sendMouseClick(x: 230, y: y)
        #expect(try board.home.waitForOpened { $0.contains(Self.commitURL) })
        try board.session.sendKeys("q")
        #expect(try board.session.waitForExit() == 0)
        #expect(try board.session.display("#{mouse_sgr_flag}") != "1", "SGR reports are off again after quitting")
    }

    @Test func aZWJSequenceInATilesTitleIsDrawnWholeOnTheBoard() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let board = try Board { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "[[page]]\n[[page.tile]]\nwidget = \"countdown\"\nfamily = \"medium\"\nparameters = { title = \"\(family)下班\" }\n"
                .write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        defer { board.close() }
        let screen = try board.session.waitFor("the countdown") { $0.contains("下班") }
        #expect(screen.contains("\(family)下班"), "the whole family before 下班:\n\(screen)")
    }

    // MARK: Resizing, failures, quitting

    @Test func resizingRedrawsAndATinyTerminalSaysSoUntilEnlarged() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        try board.session.resize(width: 60, height: 20)
        try board.session.waitFor("three pages at 60×20") { Self.row(19, of: $0).contains("● ○ ○") }
        try board.session.resize(width: 40, height: 8)
        // Below 42×11 the board turns compact, whose medium needs 34×9 with the status line.
        try board.session.waitFor("the too-small message") { $0.contains("terminal too small (need 34×9)") }
        try board.session.resize(width: 100, height: 30)
        let screen = try board.session.waitFor("the board again") { screen in
            !screen.contains("too small") && ["测试句子", "Partly cloudy", "Fix the thing"].allSatisfy(screen.contains)
        }
        #expect(Self.row(29, of: screen).hasSuffix("? help"))
        #expect(!Self.row(29, of: screen).contains("●"))
    }

    @Test func aTerminalWhoseEntryGivesNoSizeGetsTheBoardAtItsSizeAndItsKeys() throws {
        // ncurses' own screens take the entry's `lines` and `cols` (24×80 under tmux-256color,
        // which every other test here uses at 100×30); `linux` has neither, and a screen sized
        // from it would be 0×0, its input never read (Terminal).
        let board = try Board(environment: ["TERM": "linux"])
        defer { board.close() }
        let screen = try board.waitForData()
        #expect(Self.row(29, of: screen).hasSuffix("? help"), "the status line on the terminal's last row")
        try board.session.resize(width: 60, height: 20)
        try board.session.waitFor("three pages at 60×20") { Self.row(19, of: $0).contains("● ○ ○") }
        try board.session.sendKeys("q")
        #expect(try board.session.waitForExit() == 0)
    }

    @Test func aServiceSendingGarbageLeavesItsTileStaleAndTheAppRunning() throws {
        let board = try Board(github: .text("not json"))
        defer { board.close() }
        let screen = try board.session.waitFor(timeout: 20, "the stale commit tile") { screen in
            Self.row(29, of: screen).contains("commit: bad response") && screen.contains("测试句子") && screen.contains("Partly cloudy")
        }
        // The badge sits in the Commit tile's top-right corner: the tile is 42 wide at x 29, y 15.
        let row = Self.row(15, of: screen)
        let badge = try #require(Self.position(of: "⚠ <1m", in: row), "the badge with its age: \(row)")
        #expect(badge.x == 29 + 42 - " ⚠ <1m ".count + 1, "` ⚠ <1m ` ends at the tile's last column")
        let style = StyledScreen(try board.session.capture(escapes: true)).style(of: "⚠")
        #expect(style?.attributes.contains(7) == true, "reverse video reads in any colour depth")
        try board.session.sendKeys("q")
        #expect(try board.session.waitForExit() == 0)
    }

    @Test func qClosesTheHelpLikeAnyOtherKeyAndASecondQQuits() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("?")
        try board.session.waitFor("the help overlay") { $0.contains("tiles — keys") }
        try board.session.sendKeys("q")
        let screen = try board.session.waitFor("the board again") { !$0.contains("tiles — keys") && $0.contains("测试句子") }
        #expect(Self.row(29, of: screen).hasSuffix("? help"), "the help closed and tiles still runs")
        try board.session.sendKeys("q")
        #expect(try board.session.waitForExit() == 0)
    }

    @Test func sigtermRestoresTheTerminalAndExitsZero() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        try board.session.sendKeys("s")
        try board.session.waitFor("small tiles") { Self.row(29, of: $0).contains("every tile small") }
        try board.session.kill(signal: SIGTERM)
        #expect(try board.session.waitForExit() == 0)
        let after = try board.session.capture()
        #expect(!after.contains("测试句子") && !after.contains("? help"), "the alternate screen is gone")
        let state = try String(contentsOf: board.home.root.appendingPathComponent("state/tiles/state.json"), encoding: .utf8)
        #expect(state.contains("\"small\""))
    }

    @Test func sigtstpGivesTheShellItsScreenAndFgBringsTheWholeBoardBack() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        // An interactive shell with job control, as a user has: SIGTSTP (what Ctrl-Z sends
        // outside raw mode) stops the board and the shell's screen comes back.
        let shell = try TmuxSession(
            command: ["bash", "--norc", "--noprofile", "-i"], environment: home.environment(serviceURL: server.baseURL).merging(["PS1": "prompt$ "]) { _, new in new })
        defer { shell.close() }
        try shell.waitFor("the prompt") { $0.contains("prompt$") }
        try shell.sendLiteral(TmuxSession.shellQuoted(Self.tiles))
        try shell.sendKeys("Enter")
        try shell.waitFor(timeout: 20, "the widgets' data") { screen in ["测试句子", "Fix the thing", "? help"].allSatisfy(screen.contains) }
        let board = try shell.capture()
        let shellPID = try shell.panePID
        let children = try String(contentsOfFile: "/proc/\(shellPID)/task/\(shellPID)/children", encoding: .utf8)
        let pid = try #require(children.split(separator: " ").first.flatMap { pid_t($0) }, "the board's pid")
        #expect(kill(pid, SIGTSTP) == 0)
        try shell.waitFor("the shell's screen") { !$0.contains("? help") && $0.contains("prompt$") }
        try shell.sendLiteral("fg")
        try shell.sendKeys("Enter")
        // Every row comes back, not only the ones the next tick changes.
        let back = try shell.waitFor("the board again") { $0.contains("? help") && $0.contains("测试句子") }
        #expect(back.split(separator: "\n").count == board.split(separator: "\n").count)
        #expect(back.contains("Fix the thing") && back.contains("Partly cloudy"))
        try shell.sendKeys("q")
        try shell.waitFor("the prompt after quitting") { !$0.contains("? help") && $0.contains("prompt$") }
    }

    @Test func familiesAreRememberedAcrossRuns() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        do {
            let first = try Board(home: home, server: server)
            defer { first.close() }
            try first.waitForData()
            try first.session.sendKeys("s")
            try first.session.waitFor("small tiles") { Self.row(29, of: $0).contains("every tile small") }
            try first.session.sendKeys("q")
            #expect(try first.session.waitForExit() == 0)
        }
        let second = try Board(home: home, server: server)
        defer { second.close() }
        try second.session.waitFor("small tiles again") { Self.sameRow($0, "Partly cloudy", "apple/swift's main") }
    }

    @Test func withoutATerminalItExitsTwoWithAMessageAndDrawsNothing() throws {
        let home = try DashboardHome()
        let result = try SpawnedProcess.run([Self.tiles], environment: home.environment(serviceURL: "http://127.0.0.1:9").merging(
            ["TERM": "xterm-256color", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]) { _, new in new })
        #expect(result.status == 2)
        #expect(result.standardError.contains("stdout is not a TTY"))
        #expect(result.standardOutput.isEmpty)
    }

    // MARK: Screen helpers

    /// Presses `t` on a light board and returns the style of the status line's `? help` before
    /// and after. `? help` keeps its text and is the frame's last cells: tmux may show the "dark
    /// mode" message while the rest of the frame is still on its way, so this waits for its
    /// colours to change (a board that never changes them fails here, after the wait).
    static func switchToDarkMode(_ board: Board) throws -> (light: StyledScreen.Style?, dark: StyledScreen.Style?) {
        let light = StyledScreen(try board.session.capture(escapes: true)).style(of: "? help")
        try board.session.sendKeys("t")
        let screen = try board.session.waitFor(escapes: true, "dark mode, `? help` in new colours") { screen in
            row(29, of: screen).contains("dark mode") && StyledScreen(screen).style(of: "? help") != light
        }
        return (light, StyledScreen(screen).style(of: "? help"))
    }

    /// Row `y` of a capture.
    static func row(_ y: Int, of screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return y < rows.count ? String(rows[y]) : ""
    }

    /// Whether some row shows both texts.
    static func sameRow(_ screen: String, _ first: String, _ second: String) -> Bool {
        screen.split(separator: "\n").contains { $0.contains(first) && $0.contains(second) }
    }

    /// The cell (column, row) where `text` first appears.
    static func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, row) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = row.range(of: text) { return (columns(row[..<range.lowerBound]), y) }
        }
        return nil
    }

    /// The character drawn at `column` of a captured row.
    static func character(atColumn column: Int, of row: String) -> Character? {
        var x = 0
        for character in row {
            if x == column { return character }
            x += columns(Substring(String(character)))
            if x > column { return nil }
        }
        return nil
    }

    /// Terminal columns of captured text: CJK, fullwidth forms and emoji are two wide.
    static func columns(_ text: Substring) -> Int {
        text.reduce(0) { width, character in
            let scalar = character.unicodeScalars.first!.value
            let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
                || (0xF900...0xFAFF).contains(scalar) || (0xFE30...0xFE4F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
                || (0xFFE0...0xFFE6).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar) || scalar == 0x26C5
            return width + (wide ? 2 : 1)
        }
    }
}
