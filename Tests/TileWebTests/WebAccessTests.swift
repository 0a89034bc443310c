import Testing
@testable import TileWeb

/// Who may see and press the web board: the Host header against DNS rebinding, the token off
/// loopback, same-origin presses, `--read-only`.
@Suite struct WebAccessTests {
    let loopback = WebAccess(hosts: WebAccess.hosts(listening: "127.0.0.1", port: 8080), token: nil, readOnly: false)
    let network = WebAccess(hosts: WebAccess.hosts(listening: "0.0.0.0", port: 8080, extra: ["wall.local"]), token: String(repeating: "ab", count: 32), readOnly: false)
    var token: String { network.token! }

    @Test func aLoopbackBoardAnswersItsOwnNamesOnly() {
        #expect(loopback.decide(.init(method: "GET", path: "/", host: "127.0.0.1:8080")) == .allow)
        #expect(loopback.decide(.init(method: "GET", path: "/", host: "LOCALHOST:8080")) == .allow)
        #expect(loopback.decide(.init(method: "GET", path: "/", host: "[::1]:8080")) == .allow)
        // A page of another site whose name now points at 127.0.0.1 (DNS rebinding) sends its own name.
        #expect(loopback.decide(.init(method: "GET", path: "/events", host: "attacker.example:8080"))
            == .refuse(status: 421, reason: "the Host header names no host this board answers to"))
        #expect(loopback.decide(.init(method: "GET", path: "/", host: "127.0.0.1:8081")) != .allow)
        #expect(loopback.decide(.init(method: "GET", path: "/", host: nil)) != .allow)
    }

    @Test func offLoopbackEveryRequestNeedsTheToken() {
        let host = "wall.local:8080"
        #expect(network.decide(.init(method: "GET", path: "/", host: host)) == .refuse(
            status: 401, reason: "this board needs its token: open the address tiles serve printed, with ?token="))
        #expect(network.decide(.init(method: "GET", path: "/", host: host, queryToken: token)) == .allowSettingCookie(token))
        #expect(network.decide(.init(method: "GET", path: "/events", host: host, cookie: "a=b; tiles_token=\(token)")) == .allow)
        #expect(network.decide(.init(method: "GET", path: "/events", host: host, authorization: "Bearer \(token)")) == .allow)
        #expect(network.decide(.init(method: "GET", path: "/", host: host, queryToken: token + "0")) != .allow)
        #expect(network.decide(.init(method: "GET", path: "/", host: host, cookie: "tiles_token=\(token.dropLast())")) != .allow)
        #expect(network.decide(.init(method: "GET", path: "/", host: "192.168.1.9:8080", queryToken: token)) != .allow)
    }

    @Test func aPressMustComeFromTheBoardsOwnPage() {
        let host = "127.0.0.1:8080"
        #expect(loopback.decide(.init(method: "POST", path: "/api/press", host: host, origin: "http://127.0.0.1:8080")) == .allow)
        #expect(loopback.decide(.init(method: "POST", path: "/api/press", host: host, origin: "http://127.0.0.1:8080", fetchSite: "same-origin")) == .allow)
        #expect(loopback.decide(.init(method: "POST", path: "/api/press", host: host, origin: "https://evil.example"))
            == .refuse(status: 403, reason: "a press must come from the board's own page (Origin)"))
        #expect(loopback.decide(.init(method: "POST", path: "/api/press", host: host)) != .allow)
        #expect(loopback.decide(.init(method: "POST", path: "/api/press", host: host, origin: "http://127.0.0.1:8080", fetchSite: "cross-site"))
            == .refuse(status: 403, reason: "a press must come from the board's own page (Sec-Fetch-Site)"))
        // Off loopback, the same origin is not enough without the token.
        #expect(network.decide(.init(method: "POST", path: "/api/press", host: "wall.local:8080", origin: "http://wall.local:8080")) != .allow)
        #expect(network.decide(.init(method: "POST", path: "/api/press", host: "wall.local:8080", origin: "http://wall.local:8080", cookie: "tiles_token=\(token)")) == .allow)
    }

    @Test func aReadOnlyBoardRunsNoAction() {
        let readOnly = WebAccess(hosts: loopback.hosts, token: nil, readOnly: true)
        #expect(readOnly.decide(.init(method: "GET", path: "/", host: "127.0.0.1:8080")) == .allow)
        #expect(readOnly.decide(.init(method: "POST", path: "/api/press", host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080"))
            == .refuse(status: 403, reason: "this board is read-only (--read-only)"))
    }

    @Test func theNamesOfAListener() {
        #expect(WebAccess.hosts(listening: "127.0.0.1", port: 80) == ["127.0.0.1:80", "localhost:80", "[::1]:80"])
        #expect(WebAccess.hosts(listening: "::1", port: 9) == ["[::1]:9", "localhost:9", "127.0.0.1:9"])
        #expect(WebAccess.hosts(listening: "192.168.1.9", port: 8080, extra: ["Wall.Local"]) == ["192.168.1.9:8080", "wall.local:8080"])
        #expect(WebAccess.isLoopback("127.0.0.2") && WebAccess.isLoopback("localhost") && !WebAccess.isLoopback("0.0.0.0"))
    }

    @Test func tokensCompareWithoutShortcuts() {
        #expect(WebAccess.constantTimeEqual("abc", "abc"))
        #expect(!WebAccess.constantTimeEqual("abc", "abd"))
        #expect(!WebAccess.constantTimeEqual("abc", "abcd"))
        #expect(!WebAccess.constantTimeEqual("", "a"))
    }
}
