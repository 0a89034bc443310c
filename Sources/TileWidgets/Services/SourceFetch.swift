import FoundationEssentials
import TileKit

extension WidgetServices: DataSourceFetching {
    /// The most a source's body may hold: a widget draws a few hundred cells of it.
    static let maximumSourceBytes = 4 << 20

    /// Fetches a config-declared widget's URL once for every board of this user (`shared`): the
    /// last good body is remembered, ETags revalidate it, and a failure names its reason as the
    /// services' failures do.
    public func fetchSource(url: String, headers: [(String, String)], freshFor: TimeInterval, context: TimelineContext) async throws -> String {
        guard !offline else { throw FetchError.offline("tiles runs offline") }
        guard let target = URL(string: url) else { throw FetchError.malformed("not a URL: \(url)") }
        // Requests with other credentials are other sources; the key holds no secret itself.
        let key = "source." + StableHash.hex(([url] + headers.map { $0.0 + "\u{1F}" + $0.1 }).joined(separator: "\u{1E}"))
        return try await shared(key, freshFor: freshFor / 2, context: context) {
            let response = try await fetcher.get(target, headers: headers)
            guard response.body.count <= Self.maximumSourceBytes else { throw FetchError.tooLarge }
            return String(decoding: response.body, as: UTF8.self)
        }
    }
}
