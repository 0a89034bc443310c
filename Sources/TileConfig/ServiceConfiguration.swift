import TileKit

/// The one place that reads the services' settings: `TILES_*_URL` and `GITHUB_TOKEN` from the
/// environment, which win, then `[services]` and `[github]` of the config file (its token read
/// from the variable it names, or from its token file now).
public enum ServiceConfiguration {
    /// The settings for `config` (nil: no config file) in `environment`; a token file that is
    /// not the user's alone, or cannot be read, is an error at its line.
    public static func settings(for config: TilesConfig?, environment: [String: String]) throws(ConfigError) -> ServiceSettings {
        // The variable wins over the file's `[services]` key (`TilesConfig.serviceKeys`).
        func url(_ variable: String) -> String? { nonEmpty(environment[variable]) ?? config?.serviceURLs[variable] }
        var settings = ServiceSettings(
            hitokoto: url("TILES_HITOKOTO_URL"), openMeteo: url("TILES_OPEN_METEO_URL"),
            geocoding: url("TILES_GEOCODING_URL"), githubAPI: url("TILES_GITHUB_API_URL"),
            hackerNews: url("TILES_HACKER_NEWS_URL"))
        if let token = nonEmpty(environment["GITHUB_TOKEN"]) {
            settings.githubToken = token
        } else if let config {
            settings.githubToken = try token(of: config, environment: environment)
        }
        return settings
    }

    private static func token(of config: TilesConfig, environment: [String: String]) throws(ConfigError) -> String? {
        switch config.token {
        case .environment(let name)?:
            return nonEmpty(environment[name])
        case .file(let name)?:
            let path = TokenReader.resolve(name, relativeTo: config.file, home: environment["HOME"])
            let line = config.tokenFilePosition?.line, column = config.tokenFilePosition?.column
            if let problem = TokenReader.permissionProblem(path) {
                throw ConfigError(file: config.file, line: line, column: column, message: "github.token_file: \(problem)")
            }
            do {
                return try TokenReader.read(path)
            } catch {
                throw ConfigError(file: config.file, line: line, column: column, message: "github.token_file: cannot read '\(path)': \(error)")
            }
        case nil:
            return nil
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }
}
