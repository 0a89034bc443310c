import Foundation

/// Where tiles keeps its files, from the XDG variables with their usual defaults under `~`.
public struct TilesDirectories: Sendable, Hashable {
    /// `$XDG_CONFIG_HOME/tiles` (config.toml, themes/).
    public var config: URL
    /// `$XDG_CACHE_HOME/tiles` (entry cache, HTTP validators).
    public var cache: URL
    /// `$XDG_STATE_HOME/tiles` (families, scheme and theme chosen with keys; the log).
    public var state: URL
    /// `$XDG_DATA_HOME/tiles` (the shared store).
    public var data: URL

    public init(config: URL, cache: URL, state: URL, data: URL) {
        self.config = config
        self.cache = cache
        self.state = state
        self.data = data
    }

    /// The directories for `environment` (XDG variables; relative values are ignored, as the
    /// XDG spec asks).
    public init(environment: [String: String]) {
        let home = URL(filePath: environment["HOME"] ?? NSHomeDirectory())
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(filePath: value) }
            return home.appending(path: fallback)
        }
        self.init(
            config: base("XDG_CONFIG_HOME", ".config").appending(path: "tiles"),
            cache: base("XDG_CACHE_HOME", ".cache").appending(path: "tiles"),
            state: base("XDG_STATE_HOME", ".local/state").appending(path: "tiles"),
            data: base("XDG_DATA_HOME", ".local/share").appending(path: "tiles"))
    }
}
