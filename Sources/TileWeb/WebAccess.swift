import FoundationEssentials
import Synchronization
import TileBase

/// Who may see the board and who may press its controls (docs/usage.md, "In a browser"):
/// - every request names a host the server answers to (`Host`), which defeats DNS rebinding;
/// - on any address but loopback, every request carries the credential: the token (`?token=`
///   once, after which the server sets it as a cookie; the cookie; or `Authorization: Bearer`),
///   or, with `--password-file`, the password by HTTP Basic authentication;
/// - a press is a POST from a page of the same origin (`Origin`, and `Sec-Fetch-Site` when the
///   browser sends it), with the token where one is needed; never with `--read-only`.
public struct WebAccess: Sendable {
    /// The hosts requests may name, as `host:port`, lowercased.
    public var hosts: Set<String>
    /// What requests must carry; nil on loopback, where the machine's own users are trusted.
    public var credential: Credential?
    /// Whether presses are refused.
    public var readOnly: Bool

    /// The name of the cookie that carries the token.
    public static let cookieName = "tiles_token"

    /// The secret a board off loopback asks for.
    public enum Credential: Sendable, Equatable {
        /// Made by the server and kept in a file; it travels in the address, a cookie or a header.
        case token(String)
        /// Chosen by the user; the browser asks for it and sends it with every request (HTTP Basic,
        /// any user name).
        case password(String)
    }

    /// What a request carries that access depends on.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var host: String?
        public var origin: String?
        public var fetchSite: String?
        public var cookie: String?
        public var authorization: String?
        /// The `token` query item, percent-decoded.
        public var queryToken: String?

        public init(
            method: String, path: String, host: String?, origin: String? = nil, fetchSite: String? = nil, cookie: String? = nil,
            authorization: String? = nil, queryToken: String? = nil
        ) {
            self.method = method
            self.path = path
            self.host = host
            self.origin = origin
            self.fetchSite = fetchSite
            self.cookie = cookie
            self.authorization = authorization
            self.queryToken = queryToken
        }
    }

    /// What happens to a request.
    public enum Decision: Equatable, Sendable {
        case allow
        /// Allowed, and the token it brought in its query becomes the page's cookie.
        case allowSettingCookie(String)
        case refuse(status: Int, reason: String)
    }

    /// Access for a server answering at `hosts` (`host:port`); `credential` nil serves without one.
    public init(hosts: Set<String>, credential: Credential?, readOnly: Bool) {
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.credential = credential
        self.readOnly = readOnly
    }

    /// The `WWW-Authenticate` header of a refusal for want of the password, which makes the
    /// browser ask for it.
    public var challenge: String? {
        guard case .password = credential else { return nil }
        return "Basic realm=\"tiles\", charset=\"UTF-8\""
    }

    /// The names a server listening on `host`:`port` answers to: the address itself, and
    /// `localhost` and both loopback addresses when it listens on loopback, with `extra` names
    /// (`--allow-host`).
    public static func hosts(listening host: String, port: Int, extra: [String] = []) -> Set<String> {
        var names = [host] + extra
        if isLoopback(host) || host == "0.0.0.0" || host == "::" { names += ["localhost", "127.0.0.1", "[::1]"] }
        return Set(names.map { name in
            let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
            return "\(bracketed):\(port)".lowercased()
        })
    }

    /// Whether `host` is a loopback address or name.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The decision on `request`.
    public func decide(_ request: Request) -> Decision {
        guard let host = request.host?.lowercased(), hosts.contains(host) else {
            return .refuse(status: 421, reason: "the Host header names no host this board answers to")
        }
        var setsCookie: String?
        switch credential {
        case .token(let token):
            let carried = request.queryToken ?? bearer(request.authorization) ?? cookie(request.cookie)
            guard let carried, Self.constantTimeEqual(carried, token) else {
                return .refuse(status: 401, reason: "this board needs its token: open the address tiles serve printed, with ?token=")
            }
            if request.queryToken != nil { setsCookie = carried }
        case .password(let password):
            guard let carried = basicPassword(request.authorization), Self.constantTimeEqual(carried, password) else {
                return .refuse(status: 401, reason: "this board needs its password")
            }
        case nil:
            break
        }
        if request.method != "GET" && request.method != "HEAD" {
            guard !readOnly else { return .refuse(status: 403, reason: "this board is read-only (--read-only)") }
            let expected = ["http://\(host)", "https://\(host)"]
            guard let origin = request.origin?.lowercased(), expected.contains(origin) else {
                return .refuse(status: 403, reason: "a press must come from the board's own page (Origin)")
            }
            if let site = request.fetchSite, site != "same-origin" {
                return .refuse(status: 403, reason: "a press must come from the board's own page (Sec-Fetch-Site)")
            }
        }
        return setsCookie.map(Decision.allowSettingCookie) ?? .allow
    }

    private func bearer(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst("bearer ".count)).trimmingSpaces()
    }

    /// The password of `Authorization: Basic`, whatever the user name.
    private func basicPassword(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst("basic ".count)).trimmingSpaces()),
              let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":") else { return nil }
        return String(pair[pair.index(after: colon)...])
    }

    private func cookie(_ header: String?) -> String? {
        guard let header else { return nil }
        for item in header.split(separator: ";") {
            let pair = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
            if pair.count == 2, pair[0] == Self.cookieName { return pair[1] }
        }
        return nil
    }

    /// Compares without stopping at the first difference, so that timing tells nothing of the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}

extension WebAccess.Request {
    /// Whether the request brought a credential of any kind, right or wrong: only those count
    /// as guesses (a browser's first request, before it asks for the password, brings none).
    public var carriesCredential: Bool {
        authorization != nil || queryToken != nil || (cookie?.contains(WebAccess.cookieName + "=") ?? false)
    }
}

/// Wrong credentials by client address: after `limit` of them within `window`, the address is
/// refused until the window has passed, so that a password cannot be guessed at network speed.
public final class WrongGuesses: Sendable {
    public let limit: Int
    public let window: TimeInterval
    /// Each address's wrong guesses still within the window, oldest first.
    private let guesses = Mutex<[String: [Date]]>([:])

    public init(limit: Int = 10, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Whether `address` has used up its guesses at `now`.
    public func isBlocked(_ address: String, at now: Date) -> Bool {
        guesses.withLock { all in
            (all[address]?.filter { now.timeIntervalSince($0) < window }.count ?? 0) >= limit
        }
    }

    /// Counts a wrong guess from `address`, forgetting guesses older than the window.
    public func record(_ address: String, at now: Date) {
        guesses.withLock { all in
            all = all.compactMapValues { times in
                let recent = times.filter { now.timeIntervalSince($0) < window }
                return recent.isEmpty ? nil : recent
            }
            all[address, default: []].append(now)
        }
    }
}
