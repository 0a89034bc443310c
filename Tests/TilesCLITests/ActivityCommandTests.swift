import Foundation
import Testing
import TileBase
import TileKit
import TileTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `tiles activity` without a board: the command's output passes through byte for byte, its
/// exit status (or signal) comes back, and scripts report with start, update and end.
@Suite struct ActivityCommandTests {
    private func environment(_ home: DashboardHome) -> [String: String] {
        home.environment(serviceURL: "http://127.0.0.1:9")
    }

    @Test func theCommandsOutputPassesThroughUntouchedAndItsStatusComesBack() throws {
        let home = try DashboardHome()
        // Escape sequences, a carriage return, CJK and no final newline, on stderr then stdout:
        // the last line is the one written last.
        let script = "printf 'oops\\n' >&2; sleep 0.2; printf 'a\\r\\n\\033[31m红\\033[0m 3/7'; exit 3"
        let result = try runTiles(["activity", "run", "--title", "copy", "--", "sh", "-c", script], environment: environment(home))
        #expect(result.status == 3)
        #expect(result.stdout == "a\r\n\u{1B}[31m红\u{1B}[0m 3/7")
        #expect(result.stderr == "oops\n")

        let list = try runTiles(["activity", "list"], environment: environment(home))
        #expect(list.status == 0)
        let fields = list.stdout.split(separator: "  ").map(String.init)
        #expect(fields.count == 6, "id, state, title, progress, time, line: \(list.stdout)")
        #expect(fields.first?.hasPrefix("copy-") == true)
        #expect(Array(fields.dropFirst().prefix(3)) == ["✗ exit 3", "copy", "3/7"])
        #expect(fields.last == "红 3/7\n", "the last line, its colour dropped")
    }

    @Test func aCommandKilledByASignalEndsTilesWithTheSameSignal() throws {
        let home = try DashboardHome()
        // The shell reports a child killed by SIGTERM as 128 + 15.
        let outer = "'\(EndToEndTests.tiles)' activity run -- sh -c 'kill -TERM $$'; echo status=$?"
        let result = try runTiles(["activity", "run", "--title", "outer", "--", "sh", "-c", outer], environment: environment(home))
        #expect(result.stdout == "status=143\n")
        let list = try runTiles(["activity", "list"], environment: environment(home)).stdout
        // Untitled, the activity is named after its program (issue 48, item 19).
        #expect(list.contains("✗ terminated  sh  "), "\(list)")
    }

    @Test func aMissingCommandIsReportedWithTheShellsStatus() throws {
        let home = try DashboardHome()
        let result = try runTiles(["activity", "run", "--", "no-such-command-here"], environment: environment(home))
        #expect(result.status == 127)
        #expect(result.stderr == "tiles: cannot run 'no-such-command-here': No such file or directory\n")
        #expect(try runTiles(["activity", "list"], environment: environment(home)).stdout == "", "nothing started, nothing shown")
        let empty = try runTiles(["activity", "run"], environment: environment(home))
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("name the command to run"))
    }

    @Test func aScriptStartsUpdatesAndEndsItsActivity() throws {
        let home = try DashboardHome()
        let variables = environment(home)
        let started = try runTiles(["activity", "start", "--title", "nightly import", "--progress", "1/4"], environment: variables)
        #expect(started.status == 0)
        let id = started.stdout.trimmingCharacters(in: .newlines)
        #expect(id.hasPrefix("nightly-import-"))

        #expect(try runTiles(["activity", "update", "--id", id, "--line", "table users 3/4"], environment: variables).status == 0)
        var list = try runTiles(["activity", "list"], environment: variables).stdout
        #expect(list.hasPrefix("\(id)  ● running  nightly import  3/4  0:0"), "\(list)")
        #expect(list.hasSuffix("  table users 3/4\n"))

        let status = try runTiles(["render", "--activity", "--format", "tmux"], environment: variables)
        #expect(status.stdout.contains("#[default]nightly import 3/4 0:0"), "\(status.stdout)")

        #expect(try runTiles(["activity", "end", "--id", id, "--status", "2", "--line", "disk full"], environment: variables).status == 0)
        list = try runTiles(["activity", "list"], environment: variables).stdout
        #expect(list.hasPrefix("\(id)  ✗ exit 2  nightly import  3/4  0:0"), "\(list)")
        #expect(list.hasSuffix("  disk full\n"))

        let again = try runTiles(["activity", "end", "--id", id], environment: variables)
        #expect(again.status == 1)
        #expect(again.stderr == "tiles: activity '\(id)' has ended\n")
    }

    @Test func mistakesAreNamed() throws {
        let home = try DashboardHome()
        let variables = environment(home)
        let unknown = try runTiles(["activity", "update", "--id", "nope", "--line", "x"], environment: variables)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "tiles: no activity 'nope' (see `tiles activity list`)\n")
        let progress = try runTiles(["activity", "start", "--title", "t", "--progress", "half"], environment: variables)
        #expect(progress.status == 2)
        #expect(progress.stderr.contains("--progress 'half' is not a progress: give a percentage (42%) or a count of a total (3/7)"))
        let id = try runTiles(["activity", "start", "--id", "../escape"], environment: variables)
        #expect(id.status == 2)
        #expect(id.stderr.contains("'../escape' cannot name an activity"))
        let render = try runTiles(["render", "--activity", "--board"], environment: variables)
        #expect(render.status == 2)
        #expect(render.stderr == "tiles: --board does not go with --activity, which prints the activities alone\n")
        #expect(try runTiles(["render", "--activity"], environment: variables).stdout == "", "no activity, no line")
    }
}

/// What `tiles activity run` costs the boards: one announcement at the start and one at the end
/// for a silent command, and at most four a second for a chatty one.
@Suite(.serialized) struct ActivityAnnouncementTests {
    /// Runs `script` under `tiles activity run` while a board channel in the home's runtime
    /// folder counts the announcements; returns them, and how long the run took.
    private func announcements(of script: String) throws -> (requests: [BoardChannel.Request], seconds: TimeInterval) {
        let home = try DashboardHome()
        let runtime = home.root.appendingPathComponent("run")
        let heard = Heard()
        let channel = try BoardChannel(directory: try BoardChannel.directory(environment: ["XDG_RUNTIME_DIR": runtime.path])) { request, _ in
            heard.append(request)
        }
        // Served as a board serves it: on a reactor, here with a thread of its own.
        let reactor = Reactor(name: "test.board", startsThreadWithFirstJob: true)
        reactor.execute { channel.serve(on: reactor) }
        defer { reactor.execute { channel.close() } }
        let started = Date()
        let result = try runTiles(["activity", "run", "--title", "t", "--", "sh", "-c", script], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        // Each announcement is answered after the board took it, and the run waits for the
        // answers: by its exit, every announcement it made has been heard.
        return (heard.requests, seconds)
    }

    @Test func aSilentCommandIsAnnouncedAtItsStartAndEndOnly() throws {
        let heard = try announcements(of: "sleep 1.5").requests
        #expect(heard.count == 2, "\(heard)")
        #expect(Set(heard.map { if case .activityChanged(let id) = $0 { id.hasPrefix("t-") } else { false } }) == [true])
    }

    @Test func aChattyCommandIsAnnouncedAtMostFourTimesASecond() throws {
        // 200 lines in a second or more.
        let (heard, seconds) = try announcements(of: "i=0; while [ $i -lt 200 ]; do echo line $i; i=$((i+1)); sleep 0.005; done")
        let most = 2 + Int((seconds / ActivityReporter.interval).rounded(.up))
        #expect(heard.count >= 3 && heard.count <= most, "\(heard.count) announcements in \(seconds) s")
    }
}

/// Requests a board channel heard, from its listening thread.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [BoardChannel.Request] = []
    var requests: [BoardChannel.Request] { lock.withLock { heard } }
    func append(_ request: BoardChannel.Request) { lock.withLock { heard.append(request) } }
}
