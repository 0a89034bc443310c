#if canImport(Glibc)
import Glibc
#endif

/// The hosts reached without a proxy (`no_proxy`), matched as curl matches them: entries
/// separated by commas or spaces; `*` alone matches every host; a name matches itself and every
/// name under it (`example.com` and `.example.com` both match `api.example.com`, not
/// `notexample.com`), compared without case or a trailing dot; an IP address (IPv6 with or
/// without brackets) matches that address, and with `/bits` every address in that network. An
/// address host matches only address entries. Beyond curl, an entry may end in `:port`, and then
/// matches requests to that port only.
public struct NoProxyList: Sendable, Equatable {
    enum Entry: Sendable, Equatable {
        case everything
        case domain(String, port: Int?)
        case network([UInt8], bits: Int, port: Int?)
    }

    let entries: [Entry]

    public init(_ text: String) {
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        if words.count == 1, words[0] == "*" {
            entries = [.everything]
            return
        }
        entries = words.compactMap { Self.entry(String($0)) }
    }

    /// Whether a request to `host`:`port` goes direct.
    public func matches(host: String, port: Int) -> Bool {
        let address = Self.addressBytes(host)
        let name = Self.normalized(host)
        return entries.contains { entry in
            switch entry {
            case .everything:
                return true
            case let .domain(domain, entryPort):
                guard address == nil, entryPort == nil || entryPort == port else { return false }
                return name == domain || name.hasSuffix("." + domain)
            case let .network(network, bits, entryPort):
                guard let address, address.count == network.count, entryPort == nil || entryPort == port else { return false }
                return Self.prefix(of: address, bits: bits) == Self.prefix(of: network, bits: bits)
            }
        }
    }

    private static func entry(_ word: String) -> Entry? {
        var text = Substring(word)
        var port: Int?
        // `[v6]:port`, `v4:port` or `name:port`; a bare IPv6 address holds colons of its own.
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let after = text[text.index(after: close)...]
            if after.hasPrefix(":") { port = Int(after.dropFirst()) }
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            port = Int(text[text.index(after: colon)...])
            text = text[..<colon]
        }
        var bitsText: Substring?
        if let slash = text.firstIndex(of: "/") {
            bitsText = text[text.index(after: slash)...]
            text = text[..<slash]
        }
        if let address = addressBytes(String(text)) {
            let bits = bitsText.flatMap { Int($0) } ?? address.count * 8
            guard (0...address.count * 8).contains(bits) else { return nil }
            return .network(address, bits: bits, port: port)
        }
        var name = normalized(String(text))
        while name.hasPrefix(".") { name.removeFirst() }
        if name.hasPrefix("*.") { name.removeFirst(2) }
        return name.isEmpty || bitsText != nil ? nil : .domain(name, port: port)
    }

    private static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// The bytes of an IPv4 or IPv6 address (an IPv4-mapped IPv6 address as IPv4), nil for a name.
    private static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    private static func prefix(of address: [UInt8], bits: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(max(bits - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(0xFF >> kept)
        }
    }
}
