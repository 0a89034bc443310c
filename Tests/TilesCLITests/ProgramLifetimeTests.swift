import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// How long a widget program may run, how it is ended, and that nothing it started outlives
/// its run (docs/extensions.md, "What a run may leave"), with the real binary.
@Suite struct ProgramLifetimeTests {
    /// The live processes whose command line holds `marker` (zombies are not counted: they run nothing).
    static func processes(marked marker: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid(),
                  let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: line, as: UTF8.self).contains(marker) else { return nil }
            return ProcessFacts.isAlive(pid) ? pid : nil
        }
    }

    /// A script that leaves three processes carrying `marker` behind: one in a new session, one in
    /// a new process group, and one double-forked into a session of its own; then prints `hello`.
    static func leaver(marker: String, started: String) -> String {
        """
        #!/bin/sh
        setsid python3 -c 'import time; time.sleep(300)' \(marker)-session &
        python3 -c 'import os, time; os.setpgid(0, 0); time.sleep(300)' \(marker)-group &
        python3 -c '
        import os, time
        if os.fork() == 0:
            os.setsid()
            time.sleep(300)
        ' \(marker)-double &
        # Wait until all three run, so the run really leaves them behind.
        for i in $(seq 100); do
          [ "$(pgrep -fc '\(marker)-')" -ge 3 ] && break
          sleep 0.05
        done
        echo started > '\(started)'
        echo hello
        """
    }

    @Test func aProgramSlowerThanTheDefaultTimeoutRendersUnderItsOwn() throws {
        let home = ExtensionHome()
        let script = home.home.root.appendingPathComponent("slow.sh")
        try ExecutableFile.write("#!/bin/sh\nsleep 20\necho done after 20 s\n", to: script.path)
        try home.write("[[widget]]\nkind = \"slow\"\ncommand = [\"\(script.path)\"]\nformat = \"text\"\ntimeout = \"60s\"\n")
        let result = try home.tiles(["render", "--widget", "slow", "--family", "small"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("done after 20 s"), "\(result.stdout)")
    }

    @Test func aTimeoutSendsSIGTERMBeforeSIGKILL() throws {
        let home = ExtensionHome()
        let log = home.home.root.appendingPathComponent("signals").path
        let script = home.home.root.appendingPathComponent("stubborn.sh")
        try ExecutableFile.write("""
            #!/bin/sh
            trap 'echo TERM >> "\(log)"' TERM
            while :; do sleep 0.1; done
            """, to: script.path)
        try home.write("[[widget]]\nkind = \"stubborn\"\ncommand = [\"\(script.path)\"]\nformat = \"text\"\ntimeout = \"1s\"\n")
        let result = try home.tiles(["render", "--widget", "stubborn", "--family", "small"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("stubborn: timed out after 1 s"), "\(result.stderr)")
        // The trap ran: SIGTERM came first; the loop ignored it, and SIGKILL ended it.
        #expect((try? String(contentsOfFile: log, encoding: .utf8))?.contains("TERM") == true)
        #expect(Self.processes(marked: script.path).isEmpty)
    }

    @Test func aTimeoutOverTheMaximumIsRefusedByCheck() throws {
        let home = ExtensionHome()
        try home.write("[[widget]]\nkind = \"long\"\ncommand = [\"/bin/true\"]\ntimeout = \"11m\"\n")
        let result = try home.tiles(["check"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml:4:1: widget[1].timeout: at most 10 min"), "\(result.stderr)")
    }

    @Test func nothingARenderStartedOutlivesIt() throws {
        let home = ExtensionHome()
        let marker = "tiles-leftover-\(UUID().uuidString.prefix(8))"
        let started = home.home.root.appendingPathComponent("started").path
        let script = home.home.root.appendingPathComponent("leaver.sh")
        try ExecutableFile.write(Self.leaver(marker: marker, started: started), to: script.path)
        try home.write("[[widget]]\nkind = \"leaver\"\ncommand = [\"\(script.path)\"]\nformat = \"text\"\n")
        defer { for pid in Self.processes(marked: marker) { kill(pid, SIGKILL) } }
        let result = try home.tiles(["render", "--widget", "leaver", "--family", "small"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("hello"))
        #expect(FileManager.default.fileExists(atPath: started))
        #expect(Self.processes(marked: marker).isEmpty, "left running: \(Self.processes(marked: marker))")
    }

    @Test func nothingABoardsProgramsStartedOutlivesTheBoard() throws {
        let marker = "tiles-leftover-\(UUID().uuidString.prefix(8))"
        defer { for pid in Self.processes(marked: marker) { kill(pid, SIGKILL) } }
        let board = try Board(width: 100, height: 30) { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try ExecutableFile.write(
                Self.leaver(marker: marker, started: home.root.appendingPathComponent("started").path),
                to: directory.appendingPathComponent("leaver.sh").path)
            // A streaming program that leaves a daemon of its own, then prints a line a second.
            try ExecutableFile.write("""
                #!/bin/sh
                setsid python3 -c 'import time; time.sleep(300)' \(marker)-stream &
                while :; do echo streaming; sleep 1; done
                """, to: directory.appendingPathComponent("stream.sh").path)
            let config = directory.appendingPathComponent("config.toml")
            try """
                [[widget]]
                kind = "leaver"
                command = ["./leaver.sh"]
                format = "text"

                [[widget]]
                kind = "stream"
                command = ["./stream.sh"]
                format = "text"
                listen = true

                [[page]]
                [[page.tile]]
                widget = "leaver"
                family = "small"
                [[page.tile]]
                widget = "stream"
                family = "small"
                """.write(to: config, atomically: true, encoding: .utf8)
            chmod(config.path, 0o600)
        }
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "both programs' output") { $0.contains("hello") && $0.contains("streaming") }
        // The one-shot run is over: what it left is ended while the board runs.
        #expect(ProcessFacts.eventually(within: 10) { Self.processes(marked: marker + "-session").isEmpty
            && Self.processes(marked: marker + "-group").isEmpty && Self.processes(marked: marker + "-double").isEmpty })
        // The daemon's command line names the marker only once `setsid` has exec'd python3, which
        // may be after the first line reached the screen.
        #expect(ProcessFacts.eventually(within: 10) { !Self.processes(marked: marker + "-stream").isEmpty },
                "the streaming program's daemon runs while its program does")
        try board.session.sendKeys("q")
        #expect(ProcessFacts.eventually(within: 10) { Self.processes(marked: marker).isEmpty },
                "left running after the board quit: \(Self.processes(marked: marker))")
    }
}

/// Facts about processes, read from /proc.
enum ProcessFacts {
    /// Whether `pid` is running (not gone, not a zombie).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Polls `condition` every 50 ms for up to `seconds`; whether it held.
    static func eventually(within seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }
}
