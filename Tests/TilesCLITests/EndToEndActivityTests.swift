import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Live activities on the real board in tmux: a command run with `tiles activity run` in
/// another terminal shows its progress and timer at the top of the board, ends with its status
/// and one alert, and gives its exit status back; a script reports with start, update and end;
/// a board started mid-activity shows it.
@Suite(.serialized) struct EndToEndActivityTests {
    /// A home whose config turns terminal notifications on, so that the end's OSC 9 is sent.
    private func home() throws -> DashboardHome {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[notifications]\nterminal = true\n".write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return home
    }

    /// A shell in tmux, in the board's environment, running `script` and staying (tmux scrolls
    /// a dead pane by a line for its notice).
    private func terminal(_ home: DashboardHome, server: StubHTTPServer, _ script: String) throws -> TmuxSession {
        try TmuxSession(
            command: ["sh", "-c", script + "; exec sleep 60"], width: 80, height: 10,
            environment: home.environment(serviceURL: server.baseURL))
    }

    @Test func aCommandsProgressShowsOnTheBoardAndItsEndAlertsOnce() throws {
        let home = try home()
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        let output = home.root.appendingPathComponent("board.out")
        try board.session.recordOutput(to: output)

        let tiles = EndToEndTests.tiles
        let shell = try terminal(home, server: server, """
            '\(tiles)' activity run --title deploy -- sh -c 'for i in 1 2 3; do echo $((i*33))%; sleep 1; done'; echo status=$?
            """)
        defer { shell.close() }
        let running = try board.session.waitFor(timeout: 10, "the running activity") { $0.contains("● deploy") && $0.contains("33%") }
        let banner = running.split(separator: "\n").first.map(String.init) ?? ""
        #expect(banner.contains("━━━─────── 33%  0:0"), "the bar, the progress and the timer on the top row: \(banner)")
        try board.session.waitFor(timeout: 10, "66%") { $0.contains("66%") }
        let ended = try board.session.waitFor(timeout: 10, "the end") { $0.contains("✓ deploy") }
        #expect(ended.contains("99%  done · 0:0"), "how it ended and how long it ran")
        let pane = try shell.waitFor(timeout: 10, "the command's status") { $0.contains("status=") }
        #expect(pane.contains("33%\n66%\n99%\nstatus=0"), "the command's output passed through: \(pane)")

        try EndToEndAlertTests.waitForOutput([output], until: { $0.contains(0x07) }, thenQuietFor: 0.5)
        let written = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(written.filter { $0 == "\u{07}" }.count == 1, "one bell")
        #expect(written.components(separatedBy: "\u{1B}]9;deploy finished: 0:0").count - 1 == 1, "one notification")
    }

    @Test func aFailingCommandAndCtrlCReturnTheirStatusAndShowHowTheyEnded() throws {
        let home = try home()
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        let tiles = EndToEndTests.tiles

        let failing = try terminal(home, server: server, """
            '\(tiles)' activity run --title build -- sh -c 'echo compiling 5/9; exit 3'; echo status=$?
            """)
        defer { failing.close() }
        try failing.waitFor(timeout: 10, "status 3") { $0.contains("compiling 5/9\nstatus=3") }
        try board.session.waitFor(timeout: 10, "the failure") { $0.contains("✗ build") && $0.contains("exit 3 · 0:0") }

        // Ctrl-C goes to the command (sleep dies of it); the outer shell's trap only lets it
        // go on to print tiles' status, which is the interrupt's.
        let interrupted = try terminal(home, server: server, """
            trap 'echo outer trapped' INT; '\(tiles)' activity run --title wait -- sh -c 'echo waiting; sleep 30'; echo status=$?
            """)
        defer { interrupted.close() }
        try interrupted.waitFor(timeout: 10, "the command") { $0.contains("waiting") }
        try board.session.waitFor(timeout: 10, "the running activity") { $0.contains("● wait") }
        try interrupted.sendKeys("C-c")
        try interrupted.waitFor(timeout: 10, "the interrupt's status") { $0.contains("status=130") }
        try board.session.waitFor(timeout: 10, "the interrupt") { $0.contains("✗ wait") && $0.contains("interrupted") }

        // d dismisses the ended rows on this board and on every other.
        let second = try Board(home: home, server: server)
        defer { second.close() }
        try second.session.waitFor(timeout: 10, "the ended rows") { $0.contains("✗ wait") && $0.contains("✗ build") }
        try board.session.sendKeys("d")
        for session in [board.session, second.session] {
            try session.waitFor(timeout: 10, "the rows dismissed") { !$0.contains("✗ wait") && !$0.contains("✗ build") }
        }
    }

    @Test func theCommandSeesATerminalOfTheRealOnesSizeAndHearsItsResize() throws {
        let home = try home()
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        // `stty size <&1` asks the command's stdout: the pseudo-terminal tiles gives it.
        let shell = try terminal(home, server: server, """
            '\(EndToEndTests.tiles)' activity run --title size -- sh -c 'trap "stty size <&1" WINCH; stty size <&1; while :; do sleep 0.1; done'
            """)
        defer { shell.close() }
        try shell.waitFor(timeout: 10, "the first size") { $0.contains("10 80") }
        try shell.resize(width: 50, height: 8)
        try shell.waitFor(timeout: 10, "the new size, after the resize") { $0.contains("8 50") }
    }

    @Test func aScriptReportsFromAnotherShellAndABoardStartedLaterShowsIt() throws {
        let home = try home()
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        let environment = home.environment(serviceURL: server.baseURL)

        let started = try runTiles(["activity", "start", "--title", "import", "--progress", "1/4"], environment: environment)
        let id = started.stdout.trimmingCharacters(in: .newlines)
        try board.session.waitFor(timeout: 10, "the started activity") { $0.contains("● import") && $0.contains("1/4") }

        let later = try Board(home: home, server: server)
        defer { later.close() }
        try later.session.waitFor(timeout: 10, "the activity on a board started mid-activity") { $0.contains("● import") }

        _ = try runTiles(["activity", "update", "--id", id, "--line", "table users", "--progress", "3/4"], environment: environment)
        for screen in [board.session, later.session] {
            try screen.waitFor(timeout: 10, "the update") { $0.contains("table users") && $0.contains("3/4") }
        }
        _ = try runTiles(["activity", "end", "--id", id], environment: environment)
        for screen in [board.session, later.session] {
            try screen.waitFor(timeout: 10, "the end") { $0.contains("✓ import") && $0.contains("done") }
        }
    }
}
