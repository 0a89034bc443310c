import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Widgets on another machine through OpenSSH, against a real sshd on 127.0.0.1 with keys and
/// client files of the test's own: they render, five of them share one connection, arguments
/// arrive byte for byte, and an unknown host key, a refused port and a silent port each become
/// the tile's reason in time, with no process left behind.
@Suite(.serialized) struct RemoteWidgetTests {
    /// A home whose config declares `widgets` (TOML `[[widget]]` bodies) and shows `tiles`.
    static func home(widgets: [String], tiles: [String] = []) throws -> DashboardHome {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = widgets.map { "[[widget]]\n\($0)\n" }.joined(separator: "\n")
        if !tiles.isEmpty { text += "\n[[page]]\n" + tiles.map { "[[page.tile]]\n\($0)\n" }.joined() }
        let file = folder.appendingPathComponent("config.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
        return home
    }

    static func environment(_ home: DashboardHome, _ server: OpenSSHServer) -> [String: String] {
        server.environment(home.environment(serviceURL: "http://127.0.0.1:9").merging(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]) { $1 })
    }

    /// The processes still running whose command line names `text` (ssh with the test's client
    /// config, which sshd's own does not name).
    static func processes(naming text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil && Int32($0) != getpid() }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    @Test func aProgramWidgetOnTheHostRenders() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let home = try Self.home(widgets: ["kind = \"remote\"\nhost = \"\(server.alias)\"\nformat = \"text\"\ncommand = [\"/bin/sh\", \"-c\", \"echo up on $(hostname) as $USER\"]"])
        let result = try runTiles(["render", "--widget", "remote", "--family", "medium", "--format", "text"], environment: Self.environment(home, server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("up on"), "\(result.stdout)")
        #expect(server.acceptedConnections == 1)
        #expect(Self.processes(naming: server.folder.appendingPathComponent("ssh_config").path).isEmpty, "the connection ends with tiles")
    }

    @Test func fiveWidgetsOnOneHostShareOneConnection() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let widgets = (1...5).map { "kind = \"r\($0)\"\nhost = \"\(server.alias)\"\nformat = \"text\"\nfamilies = [\"small\"]\ncommand = [\"echo\", \"tile \($0)\"]" }
        let tiles = (1...5).map { "id = \"r\($0)\"\nwidget = \"r\($0)\"\nfamily = \"small\"" }
        let home = try Self.home(widgets: widgets, tiles: tiles)
        let result = try runTiles(["render", "--board", "--width", "120", "--height", "40", "--format", "text"], environment: Self.environment(home, server))
        #expect(result.status == 0, "\(result.stderr)")
        for number in 1...5 { #expect(result.stdout.contains("tile \(number)"), "\(result.stdout)") }
        #expect(server.acceptedConnections == 1, "\(server.log)")
    }

    @Test func argumentsReachTheRemoteProgramByteForByte() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let corpus = ["plain", "two words", "it's", "\"double\"", "$HOME", "`id`", "$(id)", "a;b", "a && b", "back\\slash",
                      "new\nline", "tab\there", "*", "~", "#not a comment", "日本語と中文", "🙂", "", " lead", "trail ", "--option", "'", "''", "\\'"]
        let output = server.folder.appendingPathComponent("arguments")
        var command = ["/bin/sh", "-c", "printf '%s\\\\0' \\\"$@\\\" > '\(output.path)'; echo done", "sh"]
        command += corpus.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") }
        let list = "[" + command.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let home = try Self.home(widgets: ["kind = \"args\"\nhost = \"\(server.alias)\"\nformat = \"text\"\ncommand = \(list)"])
        let result = try runTiles(["render", "--widget", "args", "--format", "text"], environment: Self.environment(home, server))
        #expect(result.status == 0, "\(result.stderr)")
        let received = try Data(contentsOf: output)
        #expect(received == Data(corpus.map { Array($0.utf8) + [0] }.joined()))
    }

    @Test func theSystemWidgetReadsTheHostsProcInOneCall() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let home = try Self.home(widgets: [])
        let result = try runTiles(
            ["render", "--widget", "system", "--family", "large", "--param", "host=\(server.alias)", "--format", "text"],
            environment: Self.environment(home, server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(server.alias), "the tile names the host: \(result.stdout)")
        #expect(result.stdout.contains("Load") && result.stdout.contains("CPU"))
        // This machine is the host here: its load averages are what the tile read.
        let load = try String(contentsOfFile: "/proc/loadavg", encoding: .utf8).split(separator: " ")
        #expect(result.stdout.contains("Load "), "\(load)")
        #expect(server.acceptedConnections == 1)
        let sessions = server.log.components(separatedBy: "\n").filter { $0.contains("Starting session: command") }
        #expect(sessions.count == 1, "one ssh call per reading: \(sessions)")
    }

    @Test func theSystemWidgetOnAnUnreachableHostSaysWhy() throws {
        let server = try OpenSSHServer(trusted: false)
        defer { server.stop() }
        let home = try Self.home(widgets: [])
        let result = try runTiles(
            ["render", "--widget", "system", "--param", "host=\(server.alias)", "--format", "text"], environment: Self.environment(home, server))
        #expect(result.stderr.contains("system: ssh tiles-test: Host key verification failed"), "\(result.stderr)")
        // Issue 48, item 1: nothing was ever read from the host, so no figure is shown (it printed
        // `CPU 22%` and a sparkline of sample data), the placeholder is, and the status says so.
        #expect(result.status == 3, "not live: \(result.status)")
        #expect(result.stderr.contains("nothing is known yet, showing the placeholder"), "\(result.stderr)")
        #expect(!result.stdout.contains("%") && !result.stdout.contains("GiB"), "no invented figure: \(result.stdout)")
        #expect(!result.stdout.contains(where: { ("\u{2801}"..."\u{28FF}").contains($0) || ("▁"..."█").contains($0) }),
                "no sparkline, no filled bar: \(result.stdout)")
    }

    /// Renders a widget on `host`, which fails: the reason and how long it took.
    static func failure(_ server: OpenSSHServer, configLine: String? = nil) throws -> (reason: String, seconds: TimeInterval) {
        let home = try Self.home(widgets: ["kind = \"remote\"\nhost = \"\(server.alias)\"\nformat = \"text\"\ntimeout = \"9s\"\ncommand = [\"echo\", \"never\"]"])
        if let configLine {
            let file = server.folder.appendingPathComponent("ssh_config")
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "  Port \(server.port)", with: configLine)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let started = Date()
        let result = try runTiles(["render", "--widget", "remote", "--format", "text"], environment: Self.environment(home, server))
        #expect(result.status == 1)
        #expect(Self.processes(naming: server.folder.appendingPathComponent("ssh_config").path).isEmpty, "no ssh is left behind")
        return (result.stderr.trimmingCharacters(in: .whitespacesAndNewlines), Date().timeIntervalSince(started))
    }

    @Test func anUnknownHostKeyIsTheTilesReasonAndNeverAPrompt() throws {
        let server = try OpenSSHServer(trusted: false)
        defer { server.stop() }
        let (reason, seconds) = try Self.failure(server)
        #expect(reason == "tiles: remote: ssh tiles-test: Host key verification failed")
        #expect(seconds < 9)
        #expect(server.acceptedConnections == 0)
    }

    /// Issue 48, item 11: a space or a `%` in the runtime folder's path reached ssh's
    /// `ControlPath` ("extra arguments", a token); the sockets go to a plain path of tiles' own.
    @Test func aRuntimeFolderWithASpaceAndAPercentStillConnects() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let home = try Self.home(widgets: ["kind = \"remote\"\nhost = \"\(server.alias)\"\nformat = \"text\"\ncommand = [\"echo\", \"reached\"]"])
        let runtime = home.root.appendingPathComponent("run time %h")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = Self.environment(home, server)
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let result = try runTiles(["render", "--widget", "remote", "--format", "text"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("reached"), "\(result.stdout)")
    }

    @Test func aRefusedPortIsTheTilesReason() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let closed = try TinyProxy.freePort()
        let (reason, seconds) = try Self.failure(server, configLine: "  Port \(closed)")
        #expect(reason.hasPrefix("tiles: remote: ssh tiles-test: connect to host 127.0.0.1 port \(closed): Connection refused"), "\(reason)")
        #expect(seconds < 9)
    }

    @Test func aSilentPortTimesOutWithinTheWidgetsTimeout() throws {
        let server = try OpenSSHServer()
        defer { server.stop() }
        let silent = try SilentListener()
        defer { silent.stop() }
        let (reason, seconds) = try Self.failure(server, configLine: "  Port \(silent.port)")
        #expect(reason.hasPrefix("tiles: remote: ssh tiles-test: "), "\(reason)")
        #expect(reason.contains("timed out"), "\(reason)")
        #expect(seconds < 11, "ConnectTimeout (5 s) ends it before the 9 s timeout, with the render's start")
    }
}

/// What `host` may be: a destination ssh takes as one argument, never an option.
struct RemoteHostConfigTests {
    @Test(arguments: [
        ("-oProxyCommand=sh", "a host cannot start with '-'"),
        ("me@web 1", "a host cannot hold spaces or control characters"),
        ("", "an empty host"),
        // Issue 48, item 11: a C1 control (NEL) and a bidi override, written as TOML escapes.
        ("me@web\\u0085x", "a host cannot hold spaces or control characters"),
        ("me@\\u202Ebew", "a host cannot hold spaces or control characters"),
    ])
    func aHostThatCouldBeReadAsAnOptionIsRefusedWithItsPlace(_ host: String, _ problem: String) throws {
        let home = try RemoteWidgetTests.home(widgets: ["kind = \"remote\"\nhost = \"\(host)\"\ncommand = [\"uptime\"]"])
        let result = try runTiles(["check"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml:3:1: widget[1].host: \(problem)"), "\(result.stderr)")
    }
}

/// The docs' examples of other machines are configs tiles accepts.
struct RemoteDocsTests {
    /// The TOML block after `<!-- example: NAME … -->` in `file` under docs/.
    static func example(_ name: String, in file: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/\(file)"), encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- example: \(name)"))
        let start = try #require(text.range(of: "```toml\n", range: marker.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theFourHostBoardOfWidgetsMdIsAValidConfig() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.example("four-hosts", in: "widgets.md").write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let result = try runTiles(["check"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 page, 4 tiles (system, system, system, system)"), "\(result.stdout)")
    }

    @Test func theCPUAlertExampleOfWidgetsMdIsAValidConfig() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.example("cpu-alert", in: "widgets.md").write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let result = try runTiles(["check"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 page, 1 tile (system)"), "\(result.stdout)")
        // Out of range is refused as every parameter is.
        let wrong = try Self.example("cpu-alert", in: "widgets.md").replacingOccurrences(of: "cpuAlert = 90", with: "cpuAlert = 190")
        try wrong.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let refused = try runTiles(["check"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cpuAlert"), "\(refused.stderr)")
    }

    @Test func theHostExampleOfExtensionsMdIsAValidConfig() throws {
        let home = try DashboardHome()
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try Self.example("web-load", in: "extensions.md").write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
        let result = try runTiles(["list"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("web-load"), "\(result.stdout)")
        let block = result.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("web-load") } ?? ""
        #expect(!block.isEmpty && !block.contains("alerts:"), "a text widget has no alerts: \(block)")
    }
}
