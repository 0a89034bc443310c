import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The base URLs of the remote services, overridable so tests can point at 127.0.0.1.
public struct ServiceEndpoints: Sendable, Equatable {
    /// Hitokoto (一言) quotes; default `https://v1.hitokoto.cn`.
    public var hitokoto: URL
    /// Open-Meteo forecasts; default `https://api.open-meteo.com`.
    public var openMeteo: URL
    /// Open-Meteo geocoding; default `https://geocoding-api.open-meteo.com`.
    public var geocoding: URL
    /// The GitHub REST API; default `https://api.github.com`.
    public var githubAPI: URL
    /// Hacker News' API; default `https://hacker-news.firebaseio.com`.
    public var hackerNews: URL

    /// Creates endpoints; every argument defaults to the real service.
    public init(
        hitokoto: URL = Self.defaultHitokoto,
        openMeteo: URL = Self.defaultOpenMeteo,
        geocoding: URL = Self.defaultGeocoding,
        githubAPI: URL = Self.defaultGitHubAPI,
        hackerNews: URL = Self.defaultHackerNews
    ) {
        self.hitokoto = hitokoto
        self.openMeteo = openMeteo
        self.geocoding = geocoding
        self.githubAPI = githubAPI
        self.hackerNews = hackerNews
    }

    /// The real services.
    public static let `default` = ServiceEndpoints()

    /// The endpoints `settings` name (`ServiceSettings`, from the configuration). A URL that is
    /// not an absolute http(s) URL with a host keeps the real service (``invalid(in:)`` names
    /// those, to report them).
    public init(settings: ServiceSettings) {
        self.init()
        if let url = settings.hitokoto.flatMap(Self.validURL) { hitokoto = url }
        if let url = settings.openMeteo.flatMap(Self.validURL) { openMeteo = url }
        if let url = settings.geocoding.flatMap(Self.validURL) { geocoding = url }
        if let url = settings.githubAPI.flatMap(Self.validURL) { githubAPI = url }
        if let url = settings.hackerNews.flatMap(Self.validURL) { hackerNews = url }
    }

    /// The services whose URL in `settings` is set but not used, being no http(s) URL.
    public static func invalid(in settings: ServiceSettings) -> [String] {
        [("hitokoto", settings.hitokoto), ("open_meteo", settings.openMeteo), ("geocoding", settings.geocoding), ("github_api", settings.githubAPI),
         ("hacker_news", settings.hackerNews)]
            .compactMap { name, text in
                guard let text, !text.isEmpty, validURL(text) == nil else { return nil }
                return name
            }
    }

    /// `https://v1.hitokoto.cn`
    public static let defaultHitokoto = URL(string: "https://v1.hitokoto.cn")!
    /// `https://api.open-meteo.com`
    public static let defaultOpenMeteo = URL(string: "https://api.open-meteo.com")!
    /// `https://geocoding-api.open-meteo.com`
    public static let defaultGeocoding = URL(string: "https://geocoding-api.open-meteo.com")!
    /// `https://api.github.com`
    public static let defaultGitHubAPI = URL(string: "https://api.github.com")!
    /// `https://hacker-news.firebaseio.com`
    public static let defaultHackerNews = URL(string: "https://hacker-news.firebaseio.com")!

    private static func validURL(_ text: String) -> URL? {
        let trimmed = text.trimmingSpaces()
        guard let url = URL(string: trimmed),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            return nil
        }
        return url
    }
}
