import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Alerts on the real board in tmux, the bytes it writes recorded: a program widget's entry
/// with an alert rings the bell and sends one notification when it becomes current, once
/// across two boards, and runs the user's command with the title as one argument.
@Suite(.serialized) struct EndToEndAlertTests {
    @Test func anEntrysAlertIsGivenOnceAcrossTwoBoardsAtItsDate() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let received = home.root.appendingPathComponent("notified")
        try ExecutableFile.write("#!/bin/sh\nprintf '%s|%s|%s\\n' \"$#\" \"$1\" \"$2\" >> '\(received.path)'\n", to: folder.appendingPathComponent("notify.sh").path)
        // The second entry, three seconds after the first run, carries the alert.
        try ExecutableFile.write("""
            #!/usr/bin/env python3
            import datetime, json, os
            marker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "alert-at")
            if not os.path.exists(marker):
                with open(marker, "w") as f:
                    f.write((datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)).strftime("%Y-%m-%dT%H:%M:%SZ"))
            at = open(marker).read()
            print(json.dumps({"entries": [
                {"view": {"Text": "deploying"}},
                {"date": at, "view": {"Text": "deployed"}, "alert": {"title": "deploy web", "body": "finished \\u001b[31mok", "sound": True}}],
                "policy": "never"}))
            """, to: folder.appendingPathComponent("deploy.py").path)
        let config = folder.appendingPathComponent("config.toml")
        try """
            [notifications]
            terminal = true
            command = ["./notify.sh", "{title}", "{body}"]

            [[widget]]
            kind = "deploy"
            command = ["python3", "./deploy.py"]

            [[page]]
            [[page.tile]]
            id = "deploy"
            widget = "deploy"
            family = "small"

            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let first = try Board(home: home, server: server)
        defer { first.close() }
        let second = try Board(home: home, server: server)
        defer { second.close() }
        let outputs = [home.root.appendingPathComponent("first.out"), home.root.appendingPathComponent("second.out")]
        try first.session.recordOutput(to: outputs[0])
        try second.session.recordOutput(to: outputs[1])
        try first.session.waitFor(timeout: 20, "the first entry") { $0.contains("deploying") }

        try first.session.waitFor(timeout: 15, "the alert's entry") { $0.contains("deployed") }
        try second.session.waitFor(timeout: 15, "the alert's entry") { $0.contains("deployed") }
        // On each board the banner's row names the alert (tmux shows no OSC 9 or 777, so the
        // board itself must); the board that gave it marks the tile too.
        for board in [first, second] {
            try board.session.waitFor("the banner's row") { $0.contains("🔔 deploy: deploy web  finished ok") }
        }
        let marks = try [first, second].map { try $0.session.capture().components(separatedBy: "🔔").count - 1 }
        #expect(marks.sorted() == [1, 2], "two banner rows and one tile's mark: \(marks)")
        // Exactly once: the bell has come, and the boards' output then stays quiet long enough
        // for a late duplicate to show.
        try Self.waitForOutput(outputs, until: { $0.contains(0x07) }, thenQuietFor: 0.5)
        let written = try outputs.map { try Data(contentsOf: $0) }
        let all = written.reduce(Data(), +)
        #expect(all.filter { $0 == 0x07 }.count == 1, "one bell across both boards")
        let text = String(decoding: all, as: UTF8.self)
        #expect(text.components(separatedBy: "\u{1B}]9;").count - 1 == 1, "one OSC 9 across both boards")
        #expect(text.contains("\u{1B}]9;deploy web: finished ok\u{1B}\\"), "the text without its escape")
        let notified = try String(contentsOf: received, encoding: .utf8)
        #expect(notified == "2|deploy web|finished ok\n", "the title is one argument")

        // The history holds it once, unread, for `tiles alerts` and the board's `a`.
        let environment = home.environment(serviceURL: server.baseURL)
        let listed = try runTiles(["alerts"], environment: environment)
        #expect(listed.status == 0)
        let line = try #require(listed.stdout.split(separator: "\n").first, "\(listed)")
        #expect(listed.stdout.split(separator: "\n").count == 1 && line.hasPrefix("● ") && line.hasSuffix("  deploy  deploy web: finished ok"), "\(listed.stdout)")
        try first.session.sendKeys("a")
        try first.session.waitFor("the alert history") { $0.contains("tiles — alerts (1 unread)") && $0.contains("deploy  deploy web: finished ok") }
        try first.session.sendKeys("Escape")
        try first.session.waitFor("the history closed, the banner with it") { !$0.contains("tiles — alerts") && !$0.contains("a lists alerts") }
        #expect(try runTiles(["alerts", "--unread"], environment: environment).stdout == "no unread alerts\n", "opening it read it")

        // Focusing the tile is seeing its alert: the tile's mark goes; the second board's
        // banner row stays its minute.
        try first.session.sendKeys("Tab")
        try first.session.waitFor("the mark gone") { !$0.contains("🔔") }
        try second.session.sendKeys("Tab")
        try second.session.waitFor("only the banner's row") { $0.components(separatedBy: "🔔").count - 1 == 1 && $0.contains("a lists alerts") }
    }
}

extension EndToEndAlertTests {
    /// Waits (at most `timeout`) until `condition` holds for the bytes the boards wrote to
    /// `files` together, then until nothing new is written for `quiet` seconds: past the
    /// point where a duplicate of what was awaited would have shown.
    static func waitForOutput(_ files: [URL], until condition: (Data) -> Bool, thenQuietFor quiet: TimeInterval, timeout: TimeInterval = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        func written() -> Data { files.compactMap { try? Data(contentsOf: $0) }.reduce(Data(), +) }
        while !condition(written()) {
            guard Date() < deadline else { throw TmuxSession.Failure("timed out after \(timeout) s waiting for the boards' output") }
            usleep(20_000)
        }
        var last = written().count, quietSince = Date()
        while Date().timeIntervalSince(quietSince) < quiet, Date() < deadline {
            usleep(20_000)
            let now = written().count
            if now != last { last = now; quietSince = Date() }
        }
    }
}
