import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Builds request URLs from a configurable base URL, encoding every path segment and query
/// value strictly (only RFC 3986 unreserved characters stay literal).
enum ServiceURL {
    /// `base` + `/`-joined `segments` + `query`. Each segment is encoded whole, so a `/`
    /// inside one (a branch like `feature/x`) becomes `%2F`.
    static func make(
        base: URL,
        segments: [String],
        query: [(name: String, value: String)] = []
    ) throws(FetchError) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .malformed("cannot build a request URL from base \(base.absoluteString)")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") {
            path.removeLast()
        }
        for segment in segments {
            path += "/" + encode(segment, keeping: [])
        }
        components.percentEncodedPath = path.isEmpty ? "/" : path
        if !query.isEmpty {
            // Commas stay literal: Open-Meteo lists variables as `current=a,b`.
            components.percentEncodedQuery = query
                .map { encode($0.name, keeping: []) + "=" + encode($0.value, keeping: [UInt8(ascii: ",")]) }
                .joined(separator: "&")
        }
        guard let url = components.url else {
            throw .malformed("cannot build a request URL from base \(base.absoluteString)")
        }
        return url
    }

    /// Percent-encodes the UTF-8 of `text`, leaving ALPHA / DIGIT / `-._~` and `extra` as is.
    static func encode(_ text: String, keeping extra: Set<UInt8>) -> String {
        PercentEncoding.encode(text) { PercentEncoding.isUnreserved($0) || extra.contains($0) }
    }
}
