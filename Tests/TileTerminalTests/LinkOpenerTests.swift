import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TileTerminal

@Suite struct LinkOpenerTests {
    /// A scratch directory with an opener script that records its argv, session and signal state.
    final class Sandbox {
        let directory: URL
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-opener-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Writes an executable shell script (close-on-exec: see `ExecutableFile`).
        func script(_ name: String, _ body: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try ExecutableFile.write("#!/bin/sh\n" + body + "\n", to: path)
            return path
        }

        var record: String { directory.appendingPathComponent("record").path }

        /// Waits for the script's record (written to a temp file, then renamed) to appear.
        func waitForRecord(timeout: TimeInterval = 10) throws -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let text = try? String(contentsOfFile: record, encoding: .utf8) {
                    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
                }
                usleep(20_000)
            }
            throw TestFailure("the opener wrote no record in \(timeout) s")
        }
    }

    /// Records argv, the session id and pid, the signal masks and where stdin/stdout point.
    /// Only builtins run while the masks are read: dash blocks every signal while it waits for a
    /// child, so a `grep` would see the shell's waiting mask, not the one it was started with.
    let recorder = """
        input=$(readlink /proc/$$/fd/0); output=$(readlink /proc/$$/fd/1)
        { printf '%s\\n' "$0" "$@"; cut -d' ' -f6 /proc/$$/stat; echo $$
          while IFS= read -r line; do case "$line" in Sig[BI]*) echo "$line";; esac; done < /proc/$$/status
          echo "$input"; echo "$output"; } > "$RECORD.tmp" && mv "$RECORD.tmp" "$RECORD"
        """

    /// The standard signals (1–31) of a `SigBlk:`/`SigIgn:` line; glibc keeps 32 and 33 for itself.
    func standardSignals(_ line: String) -> UInt64? {
        line.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }.map { $0 & 0x7FFF_FFFF }
    }

    func environment(_ sandbox: Sandbox, _ extra: [String: String]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "RECORD": sandbox.record].merging(extra) { _, new in new }
    }

    let ignoreFailures = LinkOpener(onFailure: { _ in })

    @Test func tilesOpenerRunsWithTheURLAsItsOnlyArgumentDetachedFromTheTerminal() throws {
        let sandbox = try Sandbox()
        let opener = try sandbox.script("opener", recorder)
        let url = try #require(URL(string: "https://example.com/a?b=c&d='e'"))
        let result = ignoreFailures.open(url, environment: environment(sandbox, ["TILES_OPENER": opener]))
        #expect(result == .success(opener))
        let record = try sandbox.waitForRecord()
        #expect(Array(record.prefix(2)) == [opener, "https://example.com/a?b=c&d='e'"])
        #expect(record[2] == record[3], "the opener leads a session of its own")
        #expect(record[4].hasPrefix("SigBlk:") && standardSignals(record[4]) == 0, "no signal blocked: \(record[4])")
        #expect(record[5].hasPrefix("SigIgn:") && standardSignals(record[5]) == 0, "no signal ignored: \(record[5])")
        #expect(Array(record[6...7]) == ["/dev/null", "/dev/null"])
    }

    @Test func browserIsAColonSeparatedListOfWhichTheFirstExistingIsUsed() throws {
        let sandbox = try Sandbox()
        let browser = try sandbox.script("browser", recorder)
        let env = environment(sandbox, ["BROWSER": "no-such-browser:\(browser) %s:\(browser)-too"])
        #expect(LinkOpener.findProgram(environment: env).program == browser)
        #expect(ignoreFailures.open(try #require(URL(string: "mailto:me@example.com")), environment: env) == .success(browser))
        #expect(Array(try sandbox.waitForRecord().prefix(2)) == [browser, "mailto:me@example.com"])
    }

    @Test func xdgOpenIsFoundInPath() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.script("xdg-open", recorder)
        let env = environment(sandbox, ["PATH": "/nonexistent:\(sandbox.directory.path)"])
        #expect(LinkOpener.findProgram(environment: env).program == sandbox.directory.path + "/xdg-open")
    }

    @Test func onlyHttpHttpsAndMailtoAreOpened() throws {
        for link in ["file:///etc/passwd", "javascript:alert(1)", "tiles:copy", "ftp://example.com/"] {
            let url = try #require(URL(string: link))
            guard case .failure(.refusedScheme(let refused, _)) = ignoreFailures.open(url, environment: [:]) else {
                Issue.record("\(link) was not refused")
                continue
            }
            #expect(refused == link)
        }
        let message = OpenError.refusedScheme(url: "file:///etc/passwd", scheme: "file").description
        #expect(message == "not opening file:///etc/passwd: tiles only opens http, https and mailto links, not file:")
    }

    @Test func aMissingOpenerNamesWhatWasTriedAndTheURL() throws {
        let env = ["PATH": "/nonexistent", "TILES_OPENER": "/nonexistent/opener", "BROWSER": "firefox"]
        let result = ignoreFailures.open(try #require(URL(string: "https://example.com")), environment: env)
        #expect(result == .failure(.noOpener(url: "https://example.com", tried: ["/nonexistent/opener", "firefox", "xdg-open"])))
        if case .failure(let error) = result {
            #expect(error.description == "no program to open https://example.com (tried /nonexistent/opener, firefox, xdg-open); set TILES_OPENER or BROWSER")
        }
    }

    @Test func aFailingOpenerIsReportedThroughTheCallback() async throws {
        let sandbox = try Sandbox()
        let opener = try sandbox.script("failing", "exit 3")
        let reported = Mutex<OpenError?>(nil)
        let linkOpener = LinkOpener(onFailure: { error in reported.withLock { $0 = error } })
        let result = linkOpener.open(try #require(URL(string: "http://example.com")), environment: ["TILES_OPENER": opener])
        #expect(result == .success(opener), "\(result)")
        let deadline = Date().addingTimeInterval(10)
        while reported.withLock({ $0 }) == nil && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let error = try #require(reported.withLock { $0 })
        #expect(error == .exitStatus(program: opener, status: 3))
        #expect(error.description == "opener failed: \(opener) exited with status 3")
    }

    @Test func waitStatusesBecomeErrors() {
        #expect(LinkOpener.failure(program: "x", waitStatus: 0) == nil)
        #expect(LinkOpener.failure(program: "x", waitStatus: 3 << 8) == .exitStatus(program: "x", status: 3))
        #expect(LinkOpener.failure(program: "x", waitStatus: 9) == .killed(program: "x", signal: 9))
    }
}

/// A test's own failure with a message.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
