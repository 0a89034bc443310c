// The world a dashboard end-to-end test runs in: its own XDG directories, an opener script that
// records what it is asked to open, a local HTTP server for the services, and tmux.
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Temporary XDG directories and a `TILES_OPENER` script that appends each URL to `opened.txt`;
/// removed when released.
final class DashboardHome {
    let root: URL
    /// Where the opener script writes, one URL per line.
    var openedFile: URL { root.appendingPathComponent("opened.txt") }
    private var opener: URL { root.appendingPathComponent("opener.sh") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(openedFile.path)'\n"
        try ExecutableFile.write(script, to: opener.path)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The variables for `tiles`: XDG directories under `root`, the opener, services at `serviceURL`.
    func environment(serviceURL: String) -> [String: String] {
        PrivateEnvironment.folders(under: root).merging([
            "TILES_OPENER": opener.path,
            "TILES_HITOKOTO_URL": serviceURL,
            "TILES_OPEN_METEO_URL": serviceURL,
            "TILES_GEOCODING_URL": serviceURL,
            "TILES_GITHUB_API_URL": serviceURL,
            "TZ": "Asia/Shanghai",
        ]) { $1 }
    }

    /// Polls `opened.txt` until `predicate` holds for its text; true when it did before `timeout`.
    func waitForOpened(timeout: TimeInterval = 10, _ predicate: (String) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = (try? String(contentsOf: openedFile, encoding: .utf8)) ?? ""
            if predicate(text) { return true }
            if Date() >= deadline { throw TmuxSession.Failure("timed out after \(timeout) s; the opener recorded: \(text.debugDescription)") }
            usleep(50_000)
        }
    }
}

/// `tiles` running in tmux on a `DashboardHome`, its services answered by a `StubHTTPServer`.
final class Board {
    let home: DashboardHome
    let server: StubHTTPServer
    let session: TmuxSession
    private let ownsServer: Bool

    /// A fresh home and server (the GitHub route answering `github`); `environment` overrides the
    /// home's variables; `setUp` prepares the home before `tiles` starts.
    convenience init(
        github: StubHTTPServer.Reply = .json(EndToEndTests.branch), width: Int = 100, height: Int = 30,
        environment: [String: String] = [:], setUp: (DashboardHome) throws -> Void = { _ in }
    ) throws {
        let home = try DashboardHome()
        try setUp(home)
        let server = try StubHTTPServer(routes: EndToEndTests.routes(github: github))
        do {
            try self.init(home: home, server: server, width: width, height: height, environment: environment, ownsServer: true)
        } catch {
            server.stop()
            throw error
        }
    }

    /// `tiles` on an existing home and server (to restart on the same state), which the caller
    /// stops unless `ownsServer`; `environment` overrides the home's variables.
    convenience init(
        home: DashboardHome, server: StubHTTPServer, arguments: [String] = [], environment: [String: String] = [:], ownsServer: Bool = false
    ) throws {
        try self.init(home: home, server: server, width: 100, height: 30, environment: environment, arguments: arguments, ownsServer: ownsServer)
    }

    private init(
        home: DashboardHome, server: StubHTTPServer, width: Int, height: Int, environment: [String: String],
        arguments: [String] = [], ownsServer: Bool
    ) throws {
        self.home = home
        self.server = server
        self.ownsServer = ownsServer
        session = try TmuxSession(
            command: [EndToEndTests.tiles] + arguments, width: width, height: height,
            environment: home.environment(serviceURL: server.baseURL).merging(environment) { _, override in override })
        try session.waitFor(timeout: 20, "the dashboard's first frame") { screen in ["? help", "? 帮助", "? lists the keys", "? 列出按键"].contains { screen.contains($0) } }
    }

    /// Waits until the three widgets show the server's data and returns the screen.
    @discardableResult
    func waitForData() throws -> String {
        try session.waitFor(timeout: 20, "the widgets' data") { screen in
            ["测试句子", "Partly cloudy", "Fix the thing"].allSatisfy(screen.contains)
        }
    }

    /// Stops tmux (and `tiles`), and the server if this board started it.
    func close() {
        session.close()
        if ownsServer { server.stop() }
    }
}
