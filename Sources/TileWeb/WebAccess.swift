import FoundationEssentials
import TileBase

/// Who may see the board and who may press its controls (docs/usage.md, "In a browser"):
/// - every request names a host the server answers to (`Host`), which defeats DNS rebinding;
/// - on any address but loopback, every request carries the token: `?token=` once (the server
///   then sets it as a cookie), the cookie, or `Authorization: Bearer`;
/// - a press is a POST from a page of the same origin (`Origin`, and `Sec-Fetch-Site` when the
///   browser sends it), with the token where one is needed; never with `--read-only`.
public struct WebAccess: Sendable {
    /// The hosts requests may name, as `host:port`, lowercased.
    public var hosts: Set<String>
    /// The token requests must carry; nil on loopback, where the machine's own users are trusted.
    public var token: String?
    /// Whether presses are refused.
    public var readOnly: Bool

    /// The name of the cookie that carries the token.
    public static let cookieName = "tiles_token"

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

    /// Access for a server answering at `hosts` (`host:port`); `token` nil serves without one.
    public init(hosts: Set<String>, token: String?, readOnly: Bool) {
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.token = token
        self.readOnly = readOnly
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
        if let token {
            let carried = request.queryToken ?? bearer(request.authorization) ?? cookie(request.cookie)
            guard let carried, Self.constantTimeEqual(carried, token) else {
                return .refuse(status: 401, reason: "this board needs its token: open the address tiles serve printed, with ?token=")
            }
            if request.queryToken != nil { setsCookie = carried }
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
