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

    /// `environment` with what the config sets and the process does not: service URLs,
    /// `TILES_OPENER` and `GITHUB_TOKEN` (read from its source now). A variable already set in
    /// the environment wins, as command-line options win over the file.
    public func applying(_ config: TilesConfig) throws(ConfigError) -> [String: String] {
        var result = environment
        for (variable, url) in config.serviceURLs where result[variable] == nil {
            result[variable] = url
        }
        if let opener = config.opener, result["TILES_OPENER"] == nil {
            result["TILES_OPENER"] = opener
        }
        guard environment["GITHUB_TOKEN"]?.isEmpty ?? true else { return result }
        switch config.token {
        case .environment(let name)?:
            result["GITHUB_TOKEN"] = environment[name]
        case .file(let name)?:
            let path = TokenReader.resolve(name, relativeTo: config.file, home: environment["HOME"])
            let line = config.tokenFilePosition?.line, column = config.tokenFilePosition?.column
            if let problem = TokenReader.permissionProblem(path) {
                throw ConfigError(file: config.file, line: line, column: column, message: "github.token_file: \(problem)")
            }
            do {
                result["GITHUB_TOKEN"] = try TokenReader.read(path)
            } catch {
                throw ConfigError(file: config.file, line: line, column: column, message: "github.token_file: cannot read '\(path)': \(error)")
            }
        case nil:
            break
        }
        return result
    }
}
