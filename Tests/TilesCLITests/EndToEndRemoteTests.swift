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
        #expect(!screen.contains("Sun 上海") && !screen.contains(" 上海 "))
    }

    @Test func tilesReloadWithoutABoardSaysSo() throws {
        let home = try DashboardHome()
        let result = try runTiles(["reload"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 1)
        #expect(result.stderr == "tiles: no board is running\n")
        let unknown = try runTiles(["reload", "klock"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
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

/// Explicit reloads reach every board, and the boards still share one fetch per source.
extension EndToEndTests {
    /// The three services, each answer numbered by how many requests its path has had.
    static let numberedRoutes: [String: StubHTTPServer.Reply] = [
        "/": .json(#"{"uuid":"u1","hitokoto":"测试句子{n}","from":"x","from_who":null}"#),
        "/v1/search": .json(geocoding),
        "/v1/forecast": .json(#"{"current":{"temperature_2m":2{n}.1,"weather_code":2}}"#),
        "/repos/apple/swift/branches/main": .json("""
            {"name":"main","commit":{"sha":"abc123","html_url":"\(commitURL)",
            "commit":{"author":{"name":"Ada","date":"2024-05-01T06:00:00Z"},"message":"Fix the thing {n}"}}}
            """),
    ]

    @Test func tilesReloadAndStoreSetFetchOncePerSourceForTwoBoards() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.numberedRoutes)
        defer { server.stop() }
        let first = try Board(home: home, server: server)
        defer { first.close() }
        try first.session.waitFor(timeout: 20, "the first answers") { ["测试句子1", "Partly cloudy 21℃", "Fix the thing 1"].allSatisfy($0.contains) }
        let second = try Board(home: home, server: server, arguments: ["--tiles", "qqsync,alipay,commit"])
        defer { second.close() }
        try second.session.waitFor(timeout: 20, "the first answers") { ["测试句子1", "Partly cloudy 21℃", "Fix the thing 1"].allSatisfy($0.contains) }
        let environment = home.environment(serviceURL: server.baseURL)
        func count(_ prefix: String) -> Int {
            server.requests.filter { prefix == "/" ? $0 == "/" || $0.hasPrefix("/?") : $0.hasPrefix(prefix) }.count
        }
        /// Waits until both boards show `texts` (so every fetch they made has finished), then
        /// returns how many requests each source has had.
        func settled(_ texts: [String]) throws -> [Int] {
            for board in [first, second] {
                try board.session.waitFor(timeout: 20, "\(texts) on both boards") { screen in texts.allSatisfy(screen.contains) }
            }
            return [count("/"), count("/v1/forecast"), count("/repos/apple/swift/branches/main")]
        }
        #expect(try settled(["测试句子1", "Partly cloudy 21℃", "Fix the thing 1"]) == [1, 1, 1])

        #expect(try runTiles(["reload"], environment: environment).stdout == "asked 2 boards to reload every widget\n")
        #expect(try settled(["测试句子2", "Partly cloudy 22℃", "Fix the thing 2"]) == [2, 2, 2])

        #expect(try runTiles(["reload", "commit"], environment: environment).stdout == "asked 2 boards to reload commit\n")
        #expect(try settled(["测试句子2", "Partly cloudy 22℃", "Fix the thing 3"]) == [2, 2, 3])

        #expect(try runTiles(["store", "set", "alipay.city", "杭州"], environment: environment).status == 0)
        #expect(try settled(["测试句子2", "杭州", "23℃", "Fix the thing 3"]) == [2, 3, 3])
    }
}
