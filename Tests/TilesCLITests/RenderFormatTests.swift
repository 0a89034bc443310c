import Foundation
import Testing

/// `tiles render --format svg|tmux|ansi` and `--board`, through the real binary.
@Suite struct RenderFormatTests {
    static let at = RenderTests.at

    /// Compares `output` with golden file `name`, or records it with TILES_RECORD_GOLDENS=1 (`make golden`).
    private func expectGolden(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenFile.check(output, against: RenderTests.goldens.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// A home of its own, so the user's config and themes never reach a golden.
    private static func isolated() throws -> (DashboardHome, [String: String]) {
        let home = try DashboardHome()
        return (home, home.environment(serviceURL: "http://127.0.0.1:9").merging(["COLORTERM": "truecolor"]) { $1 })
    }

    // MARK: SVG

    /// QQ Sync (CJK text and 😄) and Alipay (CJK, emoji buttons, a gradient bar) as SVG.
    @Test(arguments: [("qqsync", "medium", "light"), ("alipay", "medium", "dark"), ("alipay", "small", "light")])
    func testSVGMatchesGoldenFiles(widget: String, family: String, scheme: String) throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--widget", widget, "--family", family, "--scheme", scheme, "--at", Self.at, "--offline", "--format", "svg", "--language", "zh-Hans"],
                                  environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "\(widget)-\(family)-\(scheme).svg")
    }

    @Test func testSVGGivesWideGraphemesTwoCellsAndIsTheSameEveryTime() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let arguments = ["render", "--widget", "qqsync", "--at", "2022-06-06T10:00:00+08:00", "--offline", "--format", "svg", "--language", "zh-Hans"]
        let first = try runTiles(arguments, environment: environment), second = try runTiles(arguments, environment: environment)
        #expect(first.stdout == second.stdout)
        // 42×10 cells of 8.4×17 px.
        #expect(first.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"352.8\" height=\"170\""))
        // The emoji is fitted to two cells; the CJK run has one x per character, two cells apart.
        #expect(first.stdout.contains("textLength=\"16.8\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#ffffff\">😄</text>"), "\(first.stdout)")
        #expect(first.stdout.contains("<text x=\"25.2 42 58.8 67.2 84 100.8 117.6\" y=\"115\" fill=\"#ffffff\">加油,打工人!</text>"), "\(first.stdout)")
    }

    @Test func testTheBoardMatchesGoldenFilesLightAndDark() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        for scheme in ["light", "dark"] {
            let result = try runTiles(["render", "--board", "--width", "100", "--height", "30", "--scheme", scheme, "--at", Self.at, "--offline", "--format", "svg"],
                                      environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            try expectGolden(result.stdout, "board-100x30-\(scheme).svg")
        }
    }

    // MARK: The board

    @Test func testTheBoardAsTextIsTheDashboardsScreen() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--board", "--width", "100", "--height", "30", "--at", Self.at, "--offline"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 30)
        #expect(lines[0] == String(repeating: " ", count: 100))
        // Two medium tiles side by side (42 + 2 + 42, centred), Commit below, the status line last.
        #expect(lines.contains { $0.contains("Share") })
        #expect(lines.contains { $0.contains("Alipay Today ›") })
        #expect(lines.contains { $0.contains("Latest Commit") })
        #expect(lines.last!.hasSuffix("? help "))
    }

    @Test func testTheBoardFollowsTilesAndTheConfigFile() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let tiles = try runTiles(["render", "--board", "--tiles", "countdown:small,qqsync:small", "--width", "60", "--height", "12", "--at", Self.at, "--offline"],
                                 environment: environment)
        #expect(tiles.status == 0, "\(tiles.stderr)")
        #expect(!tiles.stdout.contains("Alipay"))
        #expect(tiles.stdout.contains("Share"))
        let config = home.root.appendingPathComponent("board.toml")
        try "[theme]\nscheme = \"dark\"\n\n[[page]]\n[[page.tile]]\nwidget = \"alipay\"\nfamily = \"small\"\n".write(to: config, atomically: true, encoding: .utf8)
        let configured = try runTiles(["render", "--board", "--config", config.path, "--width", "30", "--height", "12", "--at", Self.at, "--offline", "--format", "ansi"],
                                      environment: environment)
        #expect(configured.status == 0, "\(configured.stderr)")
        // A gradient colours each cell: the letters are read with the colour sequences taken out.
        #expect(configured.stdout.replacing(/\u{1B}\[[0-9;]*m/, with: "").contains("Scan"))
        // The config's dark scheme: the default theme's black board.
        #expect(configured.stdout.contains("48;2;0;0;0m"))
    }

    /// Issue 48, item 17: README's `tiles render --board --format svg` works as written: without a
    /// terminal (the test's pipes) and without --width and --height, the board is 100×30.
    @Test func aBoardWithoutASizeIsTheTerminalsElseOneHundredByThirty() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--board", "--offline", "--at", Self.at, "--format", "svg"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"840\" height=\"510\""), "\(result.stdout.prefix(120))")
        let narrow = try runTiles(["render", "--board", "--offline", "--at", Self.at, "--width", "60"], environment: environment)
        #expect(narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count == 30, "--width alone keeps 30 rows")
    }

    @Test func testBoardMistakesExitTwoWithAClearMessage() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let cases: [([String], String)] = [
            (["--board", "--width", "0", "--height", "30"], "--width 0 is out of range; give 1 to 1000 cells"),
            (["--board", "--width", "100", "--height", "100000"], "--height 100000 is out of range"),
            (["--board", "--width", "100", "--height=-3"], "--height -3 is out of range"),
            (["--board", "--width", "80", "--height", "24", "--tiles", "klock"], "--tiles: unknown widget 'klock'; widgets: qqsync, alipay, commit"),
            (["--board", "--width", "80", "--height", "24", "--tiles", "qqsync:huge"], "--tiles: unknown family 'huge'"),
            (["--board", "--widget", "qqsync", "--width", "80", "--height", "24"], "--board and --widget: choose one"),
            (["--board", "--width", "80", "--height", "24", "--param", "city=x"], "--param applies to --widget"),
            (["--widget", "qqsync", "--width", "80"], "--width applies to --board"),
            ([], "name a widget with --widget KIND"),
        ]
        for (arguments, message) in cases {
            let result = try runTiles(["render"] + arguments + ["--offline"], environment: environment)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// A small terminal shows what the dashboard shows there.
    @Test func testABoardTooSmallForAnyTileSaysSo() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--board", "--width", "10", "--height", "5", "--offline"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("terminal"))
        #expect(result.stdout.contains("small"))
    }

    // MARK: OSC 8

    /// Alipay's buttons are links: each is one OSC 8 hyperlink in ANSI output, closed on its row.
    @Test func testANSIOutputWrapsLinksInOSC8Hyperlinks() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--widget", "alipay", "--family", "small", "--at", Self.at, "--offline", "--format", "ansi"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let opening = "\u{1B}]8;;", closing = "\u{1B}]8;;\u{1B}\\"
        #expect(result.stdout.contains(opening + "https://render.alipay.com/p/s/i/?scheme=alipays%3A%2F%2F"))
        for row in result.stdout.split(separator: "\n") {
            let opened = row.components(separatedBy: opening).count - 1
            let closed = row.components(separatedBy: closing).count - 1
            // Every hyperlink opened on a row is closed on it (each closing also matches `opening`).
            #expect(opened == 2 * closed, "\(row.debugDescription)")
        }
        let board = try runTiles(["render", "--board", "--width", "100", "--height", "30", "--at", Self.at, "--offline", "--format", "ansi"], environment: environment)
        #expect(board.status == 0)
        #expect(board.stdout.contains(opening + "https://"), "the board's tiles keep their links")
    }

    // MARK: tmux

    @Test func testTmuxFormatIsOneLineOfStyledRunsForInline() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(["render", "--widget", "countdown", "--family", "inline", "--scheme", "dark", "--at", Self.at, "--offline", "--format", "tmux"],
                                  environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("#[default"))
        #expect(result.stdout.hasSuffix("#[default]\n"))
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        #expect(TmuxFormat.literalText(result.stdout.dropLast()) != nil)
        let medium = try runTiles(["render", "--widget", "qqsync", "--family", "medium", "--at", Self.at, "--offline", "--format", "tmux"],
                                  environment: environment)
        #expect(medium.stdout.split(separator: "\n").count == 10, "other families: one line per row")
    }

    /// A program's text full of tmux syntax comes out as literal text: every `#` doubled.
    @Test func testProgramTextCannotInjectTmuxStylesOrCommands() throws {
        let home = ExtensionHome()
        let script = home.home.root.appendingPathComponent("evil.sh")
        try "#!/bin/sh\nprintf '%s\\n' '#[fg=red]#(id)#{host}##[x'\n".write(to: script, atomically: true, encoding: .utf8)
        try home.write("""
            [[widget]]
            kind = "evil"
            command = ["sh", "\(script.path)"]
            format = "text"
            families = ["inline"]
            """)
        let result = try home.tiles(["render", "--widget", "evil", "--family", "inline", "--format", "tmux", "--at", Self.at])
        #expect(result.status == 0, "\(result.stderr)")
        let line = String(result.stdout.dropLast())
        #expect(line.contains("##[fg=red]##(id)##{host}####[x"), "\(line)")
        #expect(TmuxFormat.literalText(Substring(line))?.hasPrefix("#[fg=red]#(id)#{host}##[x") == true)
        try expectTmuxStatusLineShows(line, literally: "#[fg=red]#(id)#{host}##[x", in: home.home.root)
    }

    /// Puts `output` in a real tmux's `status-right` through `#(cat FILE)` (a tmux of its own,
    /// attached inside a test session so its status line can be captured) and expects the status
    /// line to show `text` as it is, styled, with nothing expanded or run.
    private func expectTmuxStatusLineShows(_ output: String, literally text: String, in directory: URL) throws {
        let status = directory.appendingPathComponent("status.txt")
        try (output + "\n").write(to: status, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("inner.conf")
        try """
            set -g status-left ''
            set -g status-right '#(cat \(status.path))'
            set -g status-right-length 120
            set -g status-interval 1

            """.write(to: config, atomically: true, encoding: .utf8)
        let inner = "tiles-status-\(UUID().uuidString.prefix(8))"
        defer { _ = try? SpawnedProcess.run(["tmux", "-L", inner, "kill-server"], environment: ProcessInfo.processInfo.environment) }
        let outer = try TmuxSession(command: ["env", "-u", "TMUX", "tmux", "-L", inner, "-f", config.path, "new-session", "sleep 60"],
                                    width: 120, height: 6, environment: ["TILES_TEST": "1"])
        defer { outer.close() }
        let screen = try outer.waitFor(timeout: 15, escapes: true, "the inner status line") { $0.contains(text) }
        let statusLine = screen.split(separator: "\n").last.map(String.init) ?? ""
        #expect(statusLine.contains(text), "\(statusLine.debugDescription)")
        // tiles' own style reached tmux: the text is drawn in a colour, not the status line's green.
        #expect(statusLine.contains("\u{1B}[38;"), "\(statusLine.debugDescription)")
    }
}

/// Reads tmux's status-line syntax as tmux does: `##` is a literal `#`; `#[…]` a style.
enum TmuxFormat {
    /// The literal text of `line`, or nil when it holds any `#` sequence other than `##` and
    /// tiles' own `#[default…]` styles (which could run a command or expand a variable).
    static func literalText(_ line: Substring) -> String? {
        var text = ""
        var rest = line[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            guard character == "#" else {
                text.append(character)
                continue
            }
            if rest.first == "#" {
                text.append("#")
                rest = rest.dropFirst()
            } else if rest.hasPrefix("[default"), let end = rest.firstIndex(of: "]") {
                rest = rest[rest.index(after: end)...]
            } else {
                return nil
            }
        }
        return text
    }
}
