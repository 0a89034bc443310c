import FoundationEssentials
import TileExtensions
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Finds and reads the config file: `--config FILE`, else `$XDG_CONFIG_HOME/tiles/config.toml`.
public struct ConfigLoader {
    public var environment: [String: String]
    public var widgets: [WidgetDescriptor]
    /// Runs the programs of widgets the file declares.
    public var host = ExtensionHost()
    /// Whether each widget's program must be there and executable (`tiles check`).
    public var requiresPrograms = false

    public init(environment: [String: String], widgets: [WidgetDescriptor], host: ExtensionHost = ExtensionHost()) {
        self.environment = environment
        self.widgets = widgets
        self.host = host
    }

    /// The default file, `$XDG_CONFIG_HOME/tiles/config.toml`.
    public var defaultFile: URL { URL(filePath: Self.defaultPath(in: TilesDirectories(environment: environment))) }

    private static func defaultPath(in directories: TilesDirectories) -> String {
        TilesDirectories.join(directories.config.path, "config.toml")
    }

    /// The config in `explicitPath`, which must exist; or the default file when it exists; or nil
    /// (the built-in board).
    public func load(explicitPath: String?) throws(ConfigError) -> TilesConfig? {
        // The folders are worked out once, for the default file and the extensions' cache.
        let directories = TilesDirectories(environment: environment)
        let path: String
        if let explicitPath {
            path = explicitPath
        } else {
            path = Self.defaultPath(in: directories)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
        }
        return try read(path, in: directories)
    }

    /// Reads and validates the config file at `path`.
    public func read(_ path: String) throws(ConfigError) -> TilesConfig {
        try read(path, in: TilesDirectories(environment: environment))
    }

    private func read(_ path: String, in directories: TilesDirectories) throws(ConfigError) -> TilesConfig {
        let data: Data
        switch AtomicFile.read(atPath: path) {
        case .success(let contents):
            data = contents
        case .failure(let failure) where failure.errno == ENOENT:
            throw ConfigError(file: path, message: "no such file (create one with `tiles config init`)")
        case .failure(let failure):
            throw ConfigError(file: path, message: "cannot read the file: \(failure)")
        }
        var reader = ConfigReader(file: path, bytes: [UInt8](data), widgets: widgets, home: environment["HOME"])
        reader.host = host
        reader.requiresPrograms = requiresPrograms
        reader.catalog = ExtensionCatalog(cacheDirectory: URL(filePath: directories.cache.path, appending: "extensions"))
        return try reader.read()
    }

    /// `environment` with the config's opener as `TILES_OPENER`, unless that is set already:
    /// the opener is a program of the user's, run as `TILES_OPENER` would be.
    public func applyingOpener(_ config: TilesConfig) -> [String: String] {
        var result = environment
        if let opener = config.opener, result["TILES_OPENER"] == nil {
            result["TILES_OPENER"] = opener
        }
        return result
    }
}
