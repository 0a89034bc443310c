import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP proxy a request goes through: where it is, and the credentials sent to it alone.
public struct HTTPProxy: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `user:password` from the proxy URL, percent-decoded; sent as Basic credentials to the
    /// proxy, never to the server, and never shown.
    var credentials: Credentials?

    struct Credentials: Sendable, Equatable {
        var user: String
        var password: String
    }

    /// `proxy host:port`, for messages: never the credentials.
    public var name: String {
        "proxy " + (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The `Proxy-Authorization` field's value, when the proxy URL had credentials.
    var authorization: String? {
        credentials.map { "Basic " + Data("\($0.user):\($0.password)".utf8).base64EncodedString() }
    }
}

/// The proxies the environment names, read as curl reads them: `http_proxy` for http URLs (only
/// in lower case, as curl), `https_proxy` or `HTTPS_PROXY` for https, `all_proxy` or `ALL_PROXY`
/// for either when its own is unset, and `no_proxy` or `NO_PROXY` for the hosts reached directly.
/// The lower-case name wins when both are set.
public struct ProxySettings: Sendable, Equatable {
    /// The proxy for http URLs, nil for none.
    public var http: HTTPProxy?
    /// The proxy for https URLs, nil for none.
    public var https: HTTPProxy?
    /// The `no_proxy` list.
    public var exceptions: NoProxyList
    /// Why a variable was not used (a proxy URL tiles cannot use), to log once.
    public var problems: [String] = []

    /// No proxy at all.
    public static let direct = ProxySettings(http: nil, https: nil, exceptions: NoProxyList(""))

    public init(http: HTTPProxy?, https: HTTPProxy?, exceptions: NoProxyList) {
        self.http = http
        self.https = https
        self.exceptions = exceptions
    }

    /// The settings `environment` gives.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> (name: String, value: String)? {
            for name in names { if let value = environment[name], !value.isEmpty { return (name, value) } }
            return nil
        }
        var problems: [String] = []
        func proxy(_ variable: (name: String, value: String)?) -> HTTPProxy? {
            guard let variable else { return nil }
            switch Self.parse(variable.value) {
            case .success(let proxy): return proxy
            case .failure(let problem):
                problems.append("\(variable.name): \(problem); going direct")
                return nil
            }
        }
        let all = proxy(value("all_proxy", "ALL_PROXY"))
        self.init(
            http: value("http_proxy").map { proxy($0) } ?? all,
            https: value("https_proxy", "HTTPS_PROXY").map { proxy($0) } ?? all,
            exceptions: NoProxyList((environment["no_proxy"] ?? environment["NO_PROXY"]) ?? ""))
        self.problems = problems
    }

    /// The proxy for a request to `host`:`port` over `scheme` (`http` or `https`), nil to go direct.
    public func proxy(scheme: String, host: String, port: Int) -> HTTPProxy? {
        guard let proxy = scheme == "https" ? https : http else { return nil }
        return exceptions.matches(host: host, port: port) ? nil : proxy
    }

    /// A proxy URL as curl takes it: `[http://][user:password@]host[:port][/]`, port 1080 when
    /// none is given. Other schemes (`socks5://`, `https://`) are refused with the reason.
    static func parse(_ text: String) -> Result<HTTPProxy, ProxyURLProblem> {
        var rest = Substring(text.trimmingSpaces())
        if let separator = rest.firstRange(of: "://") {
            let scheme = rest[..<separator.lowerBound].lowercased()
            guard scheme == "http" else { return .failure(.unsupportedScheme(scheme)) }
            rest = rest[separator.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") {
            guard rest[slash...].allSatisfy({ $0 == "/" }) else { return .failure(.malformed) }
            rest = rest[..<slash]
        }
        var credentials: HTTPProxy.Credentials?
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            let parts = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let user = PercentEncoding.decode(parts[0]),
                  let password = PercentEncoding.decode(parts.count > 1 ? parts[1] : "")
            else { return .failure(.malformed) }
            credentials = HTTPProxy.Credentials(user: user, password: password)
            rest = rest[rest.index(after: at)...]
        }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return .failure(.malformed) }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return .failure(.malformed) }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty, host.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return .failure(.malformed) }
        let port = portText.map { Int($0) } ?? 1080
        guard let port, (1...65535).contains(port) else { return .failure(.malformed) }
        return .success(HTTPProxy(host: String(host), port: port, credentials: credentials))
    }
}

/// Why a proxy variable's URL was not used.
enum ProxyURLProblem: Error, CustomStringConvertible {
    case unsupportedScheme(String)
    case malformed

    var description: String {
        switch self {
        case .unsupportedScheme(let scheme): "tiles speaks to HTTP proxies only, not \(scheme)://"
        case .malformed: "not a proxy URL like http://proxy.example:3128"
        }
    }
}
