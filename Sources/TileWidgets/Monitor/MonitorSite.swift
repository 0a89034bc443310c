import FoundationEssentials

/// One site the monitor checks, as the `sites` parameter lists it: `https://example.com`,
/// `name=https://example.com/health`, or `tcp://db.local:5432`; separated by spaces, commas or
/// line breaks.
struct MonitorSite: Hashable, Codable, Sendable {
    enum Check: Hashable, Codable, Sendable {
        case http(String)
        case tcp(host: String, port: Int)
    }

    var name: String
    var check: Check
    /// What a tap opens: the site, or nothing for a port.
    var link: String? {
        if case .http(let url) = check { url } else { nil }
    }

    /// The sites in `text`, and the words that are none (for the tile to name).
    static func parse(_ text: String) -> (sites: [MonitorSite], rejected: [String]) {
        var sites: [MonitorSite] = []
        var rejected: [String] = []
        let words = text.split { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }.map(String.init)
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            let (name, target) = parts.count == 2 && !parts[0].contains(":") ? (parts[0], parts[1]) : (nil, word)
            guard let url = URL(string: target), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
                rejected.append(word)
                continue
            }
            switch scheme {
            case "http", "https":
                sites.append(MonitorSite(name: name ?? host, check: .http(target)))
            case "tcp":
                guard let port = url.port, (1...65_535).contains(port) else {
                    rejected.append(word)
                    continue
                }
                sites.append(MonitorSite(name: name ?? "\(host):\(port)", check: .tcp(host: host, port: port)))
            default:
                rejected.append(word)
            }
        }
        return (sites, rejected)
    }
}

/// A round of checks: each site's result and its last results before, oldest first.
struct MonitorRound: Codable, Sendable, Hashable {
    struct Result: Codable, Sendable, Hashable {
        var site: MonitorSite
        /// Milliseconds to the answer; nil when the site is down.
        var latency: Double?
        /// The HTTP status, for an HTTP check that was answered.
        var status: Int?
        /// Why the site is down.
        var reason: String?
        /// The latencies of the checks before, oldest first (nil for the downs), at most ``MonitorRound/historyLength``.
        var history: [Double?]
        /// Whether this check changed the site's state (down, or up again after a down); nil
        /// for a site's first check that found it up.
        var change: Bool?

        var isUp: Bool { latency != nil }
    }

    static let historyLength = 20

    var checkedAt: Date
    var results: [Result]
}
