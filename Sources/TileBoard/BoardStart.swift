import FoundationEssentials
import TileBase
import TileConfig
import TileExtensions
import TileKit
import TileWidgets

/// tiles' version, which every executable reports and sends to services as its user agent.
public let tilesVersion = "0.1.0"

/// How `tiles run`, `tiles render --board` and `tiles serve` start, in two passes written once:
/// the config is read against widgets built on the environment's service settings (kinds and
/// parameters do not depend on them), then the config's own settings build the services the
/// board's widgets use, and the command line is merged over the file (`BoardConfiguration`).
/// A mistake in the file is thrown as its `ConfigError`; `commandLine`'s own errors as they are.
public struct BoardStart {
    /// The config file as read; nil for none.
    public let config: TilesConfig?
    /// The environment programs and links run with: the config's opener applied.
    public let environment: [String: String]
    /// The built-in widgets on the config's service settings.
    public let builtins: [WidgetDescriptor]
    /// The command line's choices, kept for the reloads of the file.
    public let commandLine: BoardConfiguration.CommandLine
    /// The board to show.
    public let board: BoardConfiguration
    /// The config file the board comes from (`--config`, else the default), which may not exist yet.
    public let configFile: URL
    /// Resolves `~/` in the file's token files while an edit is checked.
    private let home: String?

    /// Reads `configPath` (or the default file); `commandLine` is made from every widget the
    /// board knows (the built-ins and those the file declares), since `--tiles` may name either.
    public init(
        configPath: String?, environment plain: [String: String], directories: TilesDirectories, timeZone: Zone,
        offline: Bool = false, host: ExtensionHost, log: @escaping @Sendable (String) -> Void = { _ in },
        commandLine: ([WidgetDescriptor]) throws -> BoardConfiguration.CommandLine
    ) throws {
        let plainServices = WidgetServices(
            settings: try ServiceConfiguration.settings(for: nil, environment: plain), environment: plain,
            directories: directories, version: tilesVersion, timeZone: timeZone, offline: offline)
        config = try ConfigLoader(environment: plain, widgets: BuiltinWidgets.all(services: plainServices), host: host).load(explicitPath: configPath)
        configFile = configPath.map { URL(filePath: $0) } ?? ConfigLoader(environment: plain, widgets: []).defaultFile
        home = plain["HOME"]
        // The config's opener runs as TILES_OPENER would; its service settings reach the
        // services as a value (`ServiceConfiguration`), never through the environment.
        environment = config.map { ConfigLoader(environment: plain, widgets: []).applyingOpener($0) } ?? plain
        // The system widget's `host` reaches other machines through the programs' ssh connections.
        let services = WidgetServices(
            settings: try ServiceConfiguration.settings(for: config, environment: plain), environment: plain,
            directories: directories, version: tilesVersion, timeZone: timeZone, offline: offline,
            remoteRun: host.run(_:on:timeout:), log: log)
        var builtins = BuiltinWidgets.all(services: services)
        self.commandLine = try commandLine(builtins + (config?.extensionWidgets ?? []))
        var board = BoardConfiguration(config: config, commandLine: self.commandLine, builtins: builtins, defaultBoard: Self.builtinBoard)
        // The board speaks `--language`, else `[ui] language`, else the environment's (docs/usage.md, "Languages").
        let language = board.language ?? Language.preferred(by: plain)
        if language != Localization.language {
            Localization.use(language)
            // The built-ins take their names and descriptions from the language in use when made.
            builtins = BuiltinWidgets.all(services: services)
            board = BoardConfiguration(config: config, commandLine: self.commandLine, builtins: builtins, defaultBoard: Self.builtinBoard)
        }
        self.builtins = builtins
        self.board = board
    }

    /// What an edit form saves through: the config file's editor, nil for a `--tiles` board, which
    /// has no file to save into. Widgets the file declares are placed too: an edit is checked
    /// against them all.
    public var editor: ConfigEditor? {
        commandLine.tiles == nil ? ConfigEditor(file: configFile, widgets: builtins, home: home) : nil
    }

    /// The board without a config file or `--tiles`.
    public static var builtinBoard: [TileSpec] {
        BuiltinWidgets.defaultBoard.map { TileSpec(id: $0.id, kind: $0.kind, family: $0.family) }
    }

    /// The board `--tiles` describes (`KIND[:FAMILY],…`, each medium unless it says); unknown
    /// kinds and families, and families a widget does not come in, are usage errors.
    public static func tiles(_ tiles: String, widgets: [WidgetDescriptor]) throws(UsageError) -> [TileSpec] {
        var specs: [TileSpec] = []
        for (index, item) in tiles.split(separator: ",").enumerated() {
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard let widget = widgets.first(where: { $0.kind == parts[0] }) else {
                throw UsageError(message: "--tiles: unknown widget '\(parts[0])'; widgets: \(widgets.map(\.kind).joined(separator: ", "))")
            }
            var family = WidgetFamily.systemMedium
            if parts.count == 2 {
                guard let named = WidgetFamily(name: parts[1]) else {
                    throw UsageError(message: "--tiles: unknown family '\(parts[1])'; families: \(WidgetFamily.allNames.joined(separator: ", "))")
                }
                family = named
            }
            guard widget.supports(family) else {
                throw UsageError(message: "--tiles: \(widget.kind) does not come in \(family.shortName); it supports: \(widget.supportedFamilies.map(\.shortName).joined(separator: ", "))")
            }
            specs.append(TileSpec(id: "\(widget.kind)-\(index + 1)", kind: widget.kind, family: family))
        }
        guard !specs.isEmpty else { throw UsageError(message: "--tiles: name at least one widget, like qqsync,alipay:small") }
        return specs
    }
}

/// A mistake in what the user typed or configured: printed as is, exit status 2.
public struct UsageError: Error {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
