import FoundationEssentials
import TileKit

extension WidgetServices: DataSourceFetching {
    /// Fetches a config-declared widget's URL once for every board of this user (`shared`): the
    /// last good body is remembered, ETags revalidate it, and a failure names its reason as the
    /// services' failures do.
    public func fetchSource(url: String, headers: [(String, String)], freshFor: TimeInterval, context: TimelineContext) async throws -> String {
        guard !offline else { throw FetchError.offline("tiles runs offline") }
        guard let target = URL(string: url) else { throw FetchError.malformed("not a URL: \(url)") }
        // Requests with other credentials are other sources; the key holds no secret itself.
        let key = "source." + StableHash.hex(([url] + headers.map { $0.0 + "\u{1F}" + $0.1 }).joined(separator: "\u{1E}"))
        return try await shared(key, freshFor: freshFor / 2, context: context) {
            // The client refuses a body over its limit (docs/data-sources.md, 6).
            String(decoding: try await fetcher.get(target, headers: headers).body, as: UTF8.self)
        }
    }
}
