import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a GET request for a URL, checked so that nothing from a URL or a header a
/// widget configured can end the request line or a field early (CR, LF) and add its own.
enum HTTPRequest {
    /// The target of a GET for `url` (http or https, with a host) with `headers`; `Host` and
    /// `Connection: close` are added. Through a proxy (`proxies`), an http request goes to it
    /// in absolute form with its credentials, and an https one through a `CONNECT` tunnel.
    /// Throws `.malformed` for what cannot be sent as it is.
    static func target(_ url: URL, headers: [(String, String)], proxies: ProxySettings = .direct) throws(FetchError) -> HTTPExchange.Target {
        let url = url.absoluteURL
        // The URL's own parts, as written: `URLComponents` would pass every host through ICU's
        // IDNA, loading ICU even for 127.0.0.1.
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              var host = url.host(percentEncoded: true), !host.isEmpty
        else {
            throw .malformed("not an http(s) URL with a host: \(url.absoluteString)")
        }
        // A name in another script is kept percent-encoded; Foundation's reading of it is IDNA's
        // ASCII form (`xn--…`), the name DNS knows. An IPv6 zone (`%25eth0`) is decoded the same way.
        if host.contains(utf8: "%") { host = url.host(percentEncoded: false) ?? host }
        // Brackets are not part of the host; only an IPv6 address holds a colon.
        let isIPv6 = host.contains(utf8: ":")
        let defaultPort = scheme == "https" ? 443 : 80
        let port = url.port ?? defaultPort
        guard (1...65535).contains(port) else { throw .malformed("port \(port) out of range in \(url.absoluteString)") }
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = url.query(percentEncoded: true) { path += "?" + query }
        guard isVisibleASCII(path), isVisibleASCII(host) else {
            throw .malformed("URL with bytes a request line cannot carry: \(url.absoluteString)")
        }
        let hostField = (isIPv6 ? "[\(host)]" : host) + (port == defaultPort ? "" : ":\(port)")
        let proxy = proxies.proxy(scheme: scheme, host: host, port: port)
        let usesTLS = scheme == "https"
        // An http request through a proxy names the whole URL (RFC 9112 §3.2.2, absolute form).
        let requestTarget = proxy != nil && !usesTLS ? "http://\(hostField)\(path)" : path
        var head = "GET \(requestTarget) HTTP/1.1\r\nHost: \(hostField)\r\n"
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { throw .malformed("header name \(name.debugDescription)") }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .malformed("header \(name) with a line break")
            }
            guard !["host", "connection", "content-length", "transfer-encoding", "proxy-authorization"].contains(name.lowercased()) else { continue }
            head += "\(name): \(value)\r\n"
        }
        if let proxy, !usesTLS, let authorization = proxy.authorization {
            head += "Proxy-Authorization: \(authorization)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        var tunnel: [UInt8]?
        if let proxy, usesTLS {
            let authority = (isIPv6 ? "[\(host)]" : host) + ":\(port)"
            var connect = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
            if let authorization = proxy.authorization { connect += "Proxy-Authorization: \(authorization)\r\n" }
            tunnel = Array((connect + "\r\n").utf8)
        }
        return HTTPExchange.Target(
            host: host, port: port, usesTLS: usesTLS, request: Array(head.utf8), proxy: proxy, tunnelRequest: tunnel)
    }

    /// Scheme, host and port: where a redirect may carry credentials.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    private static func isVisibleASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// RFC 9110's `tchar`: the bytes of a field's name.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
