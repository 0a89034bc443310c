import Foundation
import Testing

/// Talking to a running board from the shell: `tiles reload` and `tiles store set`.
extension EndToEndTests {
    @Test func tilesReloadMakesARunningBoardFetchAgain() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        let branch = "/repos/apple/swift/branches/main"
        let before = board.server.requests.filter { $0.hasPrefix(branch) }.count
        let environment = board.home.environment(serviceURL: board.server.baseURL)
        let result = try runTiles(["reload", "commit"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "asked 1 board to reload commit\n")
        let deadline = Date().addingTimeInterval(10)
        while board.server.requests.filter({ $0.hasPrefix(branch) }).count == before, Date() < deadline {
            usleep(50_000)
        }
        #expect(board.server.requests.filter { $0.hasPrefix(branch) }.count == before + 1)
    }

    @Test func tilesStoreSetReachesARunningBoard() throws {
        let board = try Board()
        defer { board.close() }
        try board.waitForData()
        let environment = board.home.environment(serviceURL: board.server.baseURL)
        let result = try runTiles(["store", "set", "alipay.city", "杭州"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try board.session.waitFor("the new city on the Alipay tile") { $0.contains("杭州") }
        #expect(!screen.contains("周日 上海") && !screen.contains(" 上海 "))
    }

    @Test func tilesReloadWithoutABoardSaysSo() throws {
        let home = try DashboardHome()
        let result = try runTiles(["reload"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 1)
        #expect(result.stderr == "tiles: no board is running\n")
        let unknown = try runTiles(["reload", "clock"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("widgets: qqsync, alipay, commit, countdown"))
    }
}

extension EndToEndTests {
    @Test func twoBoardsShareOneFetchPerSource() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        let first = try Board(home: home, server: server)
        defer { first.close() }
        try first.waitForData()
        // Other tile ids, so the second board has no entry cache of its own and asks its providers.
        let second = try Board(home: home, server: server, arguments: ["--tiles", "qqsync,alipay,commit"])
        defer { second.close() }
        try second.waitForData()
        let requests = server.requests
        #expect(requests.filter { $0.hasPrefix("/repos/apple/swift/branches/main") }.count == 1)
        #expect(requests.filter { $0.hasPrefix("/v1/forecast") }.count == 1)
        #expect(requests.filter { $0 == "/" || $0.hasPrefix("/?") }.count == 1)
    }
}
