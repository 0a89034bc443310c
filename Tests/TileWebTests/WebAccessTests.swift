import FoundationEssentials
import Testing
@testable import TileWeb

/// Who may see and press the web board: the Host header against DNS rebinding, the token off
/// loopback or the password, same-origin presses, `--read-only`, wrong guesses.
@Suite struct WebAccessTests {
    let loopback = WebAccess(hosts: WebAccess.hosts(listening: "127.0.0.1", port: 8080), credential: nil, readOnly: false)
    let token = String(repeating: "ab", count: 32)
    var network: WebAccess {
        WebAccess(hosts: WebAccess.hosts(listening: "0.0.0.0", port: 8080, extra: ["wall.local"]), credential: .token(token), readOnly: false)
    }

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

    @Test func aPasswordIsAskedForAndSentByBasicAuthentication() {
        let guarded = WebAccess(hosts: network.hosts, credential: .password("correct horse: battery"), readOnly: false)
        let host = "wall.local:8080"
        func basic(_ pair: String) -> String { "Basic " + Data(pair.utf8).base64EncodedString() }
        #expect(guarded.challenge == "Basic realm=\"tiles\", charset=\"UTF-8\"")
        #expect(network.challenge == nil)
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host)) == .refuse(status: 401, reason: "this board needs its password"))
        // Any user name; the password may hold a colon.
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host, authorization: basic("me:correct horse: battery"))) == .allow)
        #expect(guarded.decide(.init(method: "GET", path: "/events", host: host, authorization: basic(":correct horse: battery"))) == .allow)
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host, authorization: basic("me:correct horse"))) != .allow)
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host, authorization: "Basic not-base64!")) != .allow)
        // The token is no way in when the board asks for a password.
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host, queryToken: "correct horse: battery")) != .allow)
        #expect(guarded.decide(.init(method: "GET", path: "/", host: host, authorization: "Bearer correct horse: battery")) != .allow)
    }

    @Test func wrongGuessesBlockAnAddressForTheWindow() {
        let guesses = WrongGuesses(limit: 3, window: 60)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for second in 0..<2 { guesses.record("192.0.2.7", at: start + Double(second)) }
        #expect(!guesses.isBlocked("192.0.2.7", at: start + 2))
        guesses.record("192.0.2.7", at: start + 2)
        #expect(guesses.isBlocked("192.0.2.7", at: start + 3))
        #expect(!guesses.isBlocked("192.0.2.8", at: start + 3), "another address keeps its guesses")
        // Once the first guess is a window old, one more is allowed.
        #expect(!guesses.isBlocked("192.0.2.7", at: start + 60))
        // Only requests that bring a credential count as guesses.
        #expect(!WebAccess.Request(method: "GET", path: "/", host: "h").carriesCredential)
        #expect(WebAccess.Request(method: "GET", path: "/", host: "h", authorization: "Basic eDp5").carriesCredential)
        #expect(WebAccess.Request(method: "GET", path: "/", host: "h", cookie: "tiles_token=x").carriesCredential)
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
        let readOnly = WebAccess(hosts: loopback.hosts, credential: nil, readOnly: true)
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
