import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `[[widget.alert]]` trigger on the real board in tmux: a value crossing its threshold raises
/// one alert, staying over it raises none, falling back and rising again raises one more, and a
/// board started again on the same state repeats none.
@Suite(.serialized) struct EndToEndTriggerTests {
    @Test func aThresholdAlertsOncePerRiseAndNotAgainAfterARestart() throws {
        let (home, value) = try Self.home(family: "small", alert: """
            [[widget.alert]]
            when = ".data.cpu > 90"
            title = "{{ .data.host }} is hot"
            body = "cpu {{ .data.cpu }}"
            """)
        func set(_ cpu: Int) throws { try #"{"cpu": \#(cpu), "host": "web-1"}"#.write(to: value, atomically: true, encoding: .utf8) }
        try set(50)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let environment = home.environment(serviceURL: server.baseURL)
        func alerts() throws -> [String] {
            try runTiles(["alerts"], environment: environment).stdout.split(separator: "\n").map(String.init).filter { $0.contains("is hot") }
        }
        func show(_ cpu: Int, on board: Board) throws {
            try set(cpu)
            try board.session.waitFor(timeout: 15, "cpu \(cpu) on the board") { $0.contains("cpu \(cpu)") }
        }
        let board = try Board(home: home, server: server)
        try show(50, on: board)
        try show(95, on: board)
        try board.session.waitFor(timeout: 10, "the banner") { $0.contains("web-1 is hot") }
        let first = try waitForAlerts(1, alerts)
        #expect(first.count == 1, "\(first)")
        try show(97, on: board)
        try show(98, on: board)
        let staying = try alerts()
        #expect(staying.count == 1, "staying over the threshold raises nothing more: \(staying)")
        try show(40, on: board)
        try show(99, on: board)
        let risen = try waitForAlerts(2, alerts)
        #expect(risen.count == 2 && risen[0].contains("cpu 99"), "the second rise raised one more: \(risen)")
        board.close()

        // The same state, a new board: the condition still holds, and its rise was told.
        let again = try Board(home: home, server: server)
        defer { again.close() }
        try again.session.waitFor(timeout: 15, "cpu 99 again") { $0.contains("cpu 99") }
        try show(100, on: again)
        let restarted = try alerts()
        #expect(restarted.count == 2, "a restart repeats no alert: \(restarted)")
    }

    /// A source that starts sending garbage keeps its last good entry on the board, marked stale
    /// with the reason.
    @Test func garbageFromASourceKeepsTheLastGoodEntryMarkedStale() throws {
        let (home, value) = try Self.home(family: "medium")
        try #"{"cpu": 42}"#.write(to: value, atomically: true, encoding: .utf8)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        try board.session.waitFor(timeout: 15, "the good entry") { $0.contains("cpu 42") }
        try "{\"cpu\": ".write(to: value, atomically: true, encoding: .utf8)
        try board.session.waitFor(timeout: 15, "the stale mark, the good entry kept") { screen in
            screen.contains("cpu 42") && screen.contains("⚠") && screen.contains("invalid JSON")
        }
    }

    /// A home whose board is one tile of a `cpu` widget reading `value.json` every second, with
    /// `alert` under its declaration; returns the home and the value's file.
    static func home(family: String, alert: String = "") throws -> (DashboardHome, URL) {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [budget]
            per_day = 1440
            min_interval_minutes = 0

            [[widget]]
            kind = "cpu"
            source = { command = ["cat", "./value.json"], every = "1s" }
            view = '{"Text": "cpu {{ .data.cpu }}"}'

            \(alert)

            [[page]]
            [[page.tile]]
            id = "cpu"
            widget = "cpu"
            family = "\(family)"

            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        return (home, folder.appendingPathComponent("value.json"))
    }

    /// The history, polled until it holds `count` of the trigger's alerts (newest first).
    private func waitForAlerts(_ count: Int, _ alerts: () throws -> [String]) throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let listed = try alerts()
            if listed.count >= count || Date() >= deadline { return listed }
            usleep(100_000)
        }
    }
}
