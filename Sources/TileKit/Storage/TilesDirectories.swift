import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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

    /// The folder of what lives as long as the session (boards' sockets, live activities, ssh
    /// connections): `$XDG_RUNTIME_DIR/tiles`, else `/tmp/tiles-<uid>`. The one rule for it.
    public static func runtime(environment: [String: String]) -> String {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return base.map { join($0, "tiles") } ?? "/tmp/tiles-\(getuid())"
    }

    /// The directories for `environment` (XDG variables; relative values are ignored, as the
    /// XDG spec asks).
    public init(environment: [String: String]) {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        // Each URL is made once from its whole path (`URL(filePath:appending:)`).
        func directory(_ variable: String, _ fallback: String) -> URL {
            let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? TilesDirectories.join(home, fallback)
            return URL(filePath: base, appending: "tiles")
        }
        self.init(
            config: directory("XDG_CONFIG_HOME", ".config"),
            cache: directory("XDG_CACHE_HOME", ".cache"),
            state: directory("XDG_STATE_HOME", ".local/state"),
            data: directory("XDG_DATA_HOME", ".local/share"))
    }
}
