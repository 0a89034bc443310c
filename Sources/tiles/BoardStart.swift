import FoundationEssentials
import TileBase
import TileConfig
import TileExtensions
import TileKit
import TileWidgets

/// How `tiles run` and `tiles render --board` start, in two passes written once: the config is
/// read against widgets built on the environment's service settings (kinds and parameters do
/// not depend on them), then the config's own settings build the services the board's widgets
/// use, and the command line is merged over the file (`BoardConfiguration`).
struct BoardStart {
    /// The config file as read; nil for none.
    let config: TilesConfig?
    /// The environment programs and links run with: the config's opener applied.
    let environment: [String: String]
    /// The built-in widgets on the config's service settings.
    let builtins: [WidgetDescriptor]
    /// The command line's choices, kept for the reloads of the file.
    let commandLine: BoardConfiguration.CommandLine
    /// The board to show.
    let board: BoardConfiguration

    /// Reads `configPath` (or the default file); `commandLine` is made from every widget the
    /// board knows (the built-ins and those the file declares), since `--tiles` may name either.
    init(
        configPath: String?, environment plain: [String: String], directories: TilesDirectories, timeZone: Zone,
        offline: Bool = false, host: ExtensionHost, log: @escaping @Sendable (String) -> Void = { _ in },
        commandLine: ([WidgetDescriptor]) throws -> BoardConfiguration.CommandLine
    ) throws {
        let plainServices = WidgetServices(
            settings: try RunDashboard.serviceSettings(for: nil, environment: plain), environment: plain,
            directories: directories, version: Tiles.version, timeZone: timeZone, offline: offline)
        config = try RunDashboard.loadConfig(path: configPath, environment: plain, widgets: BuiltinWidgets.all(services: plainServices), host: host)
        // The config's opener runs as TILES_OPENER would; its service settings reach the
        // services as a value (`ServiceConfiguration`), never through the environment.
        environment = config.map { ConfigLoader(environment: plain, widgets: []).applyingOpener($0) } ?? plain
        // The system widget's `host` reaches other machines through the programs' ssh connections.
        let services = WidgetServices(
            settings: try RunDashboard.serviceSettings(for: config, environment: plain), environment: plain,
            directories: directories, version: Tiles.version, timeZone: timeZone, offline: offline,
            remoteRun: host.run(_:on:timeout:), log: log)
        var builtins = BuiltinWidgets.all(services: services)
        self.commandLine = try commandLine(builtins + (config?.extensionWidgets ?? []))
        var board = BoardConfiguration(config: config, commandLine: self.commandLine, builtins: builtins, defaultBoard: RunDashboard.builtinBoard)
        // The board speaks `--language`, else `[ui] language`, else the environment's (docs/usage.md, "Languages").
        let language = board.language ?? Language.preferred(by: plain)
        if language != Localization.language {
            Localization.use(language)
            // The built-ins take their names and descriptions from the language in use when made.
            builtins = BuiltinWidgets.all(services: services)
            board = BoardConfiguration(config: config, commandLine: self.commandLine, builtins: builtins, defaultBoard: RunDashboard.builtinBoard)
        }
        self.builtins = builtins
        self.board = board
    }
}
