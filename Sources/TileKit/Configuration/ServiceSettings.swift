/// What the configuration tells the services behind the built-in widgets: where each service is
/// (each nil for the real one; tests point them at 127.0.0.1) and the GitHub token. Made once, by
/// TileConfig's `ServiceConfiguration` from the config file and the environment, and handed to
/// the services as a value: nothing is written into the process environment for them.
public struct ServiceSettings: Sendable, Equatable {
    /// Base URLs, as written (the services check them and keep the real one for a bad one).
    public var hitokoto: String?
    public var openMeteo: String?
    public var geocoding: String?
    public var githubAPI: String?
    public var hackerNews: String?
    /// Sent by the Commit widget as a bearer token; never shown or logged.
    public var githubToken: String?

    public init(
        hitokoto: String? = nil, openMeteo: String? = nil, geocoding: String? = nil, githubAPI: String? = nil,
        hackerNews: String? = nil, githubToken: String? = nil
    ) {
        self.hitokoto = hitokoto
        self.openMeteo = openMeteo
        self.geocoding = geocoding
        self.githubAPI = githubAPI
        self.hackerNews = hackerNews
        self.githubToken = githubToken
    }

    /// Every service at `url` (tests and `make bench`).
    public static func allServices(at url: String, githubToken: String? = nil) -> ServiceSettings {
        ServiceSettings(hitokoto: url, openMeteo: url, geocoding: url, githubAPI: url, hackerNews: url, githubToken: githubToken)
    }
}
