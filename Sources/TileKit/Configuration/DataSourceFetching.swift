import FoundationEssentials

/// Fetches a config-declared widget's URL (`source = { url = … }`) through the one HTTP client:
/// its proxies, ETags, and one fetch per source for every board of this user. The body comes
/// back as text; a failure throws an error whose description is the tile's stale reason.
public protocol DataSourceFetching: Sendable {
    func fetchSource(url: String, headers: [(String, String)], freshFor: TimeInterval, context: TimelineContext) async throws -> String
}
