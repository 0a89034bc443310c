import FoundationEssentials
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

    /// Creates endpoints; every argument defaults to the real service.
    public init(
        hitokoto: URL = Self.defaultHitokoto,
        openMeteo: URL = Self.defaultOpenMeteo,
        geocoding: URL = Self.defaultGeocoding,
        githubAPI: URL = Self.defaultGitHubAPI
    ) {
        self.hitokoto = hitokoto
        self.openMeteo = openMeteo
        self.geocoding = geocoding
        self.githubAPI = githubAPI
    }

    /// The real services.
    public static let `default` = ServiceEndpoints()

    /// Reads `TILES_HITOKOTO_URL`, `TILES_OPEN_METEO_URL`, `TILES_GEOCODING_URL` and
    /// `TILES_GITHUB_API_URL`. A variable that is unset, empty, or not an absolute http(s)
    /// URL with a host keeps the default (see ``invalidOverrides(in:)`` to report those).
    public static func from(environment: [String: String]) -> ServiceEndpoints {
        var endpoints = ServiceEndpoints()
        if let url = override(environment, "TILES_HITOKOTO_URL") { endpoints.hitokoto = url }
        if let url = override(environment, "TILES_OPEN_METEO_URL") { endpoints.openMeteo = url }
        if let url = override(environment, "TILES_GEOCODING_URL") { endpoints.geocoding = url }
        if let url = override(environment, "TILES_GITHUB_API_URL") { endpoints.githubAPI = url }
        return endpoints
    }

    /// The names of the variables in `environment` that were set but ignored as invalid,
    /// so the caller can warn about them.
    public static func invalidOverrides(in environment: [String: String]) -> [String] {
        variableNames.filter { name in
            guard let value = environment[name], !value.isEmpty else { return false }
            return validURL(value) == nil
        }
    }

    /// The environment variables ``from(environment:)`` reads.
    public static let variableNames = [
        "TILES_HITOKOTO_URL", "TILES_OPEN_METEO_URL", "TILES_GEOCODING_URL", "TILES_GITHUB_API_URL",
    ]

    /// `https://v1.hitokoto.cn`
    public static let defaultHitokoto = URL(string: "https://v1.hitokoto.cn")!
    /// `https://api.open-meteo.com`
    public static let defaultOpenMeteo = URL(string: "https://api.open-meteo.com")!
    /// `https://geocoding-api.open-meteo.com`
    public static let defaultGeocoding = URL(string: "https://geocoding-api.open-meteo.com")!
    /// `https://api.github.com`
    public static let defaultGitHubAPI = URL(string: "https://api.github.com")!

    private static func override(_ environment: [String: String], _ name: String) -> URL? {
        environment[name].flatMap(validURL)
    }

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
