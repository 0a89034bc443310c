import ArgumentParser
import FoundationEssentials
import Synchronization
import TileBase
import TileBoard
import TileConfig
import TileExtensions
import TileKit
import TileTerminal
import TileUI
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// `tiles` (no subcommand): the dashboard.
struct RunDashboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: L("help.board.abstract"),
        discussion: L("help.board.discussion", ["keys": BoardKeys.summary])
    )

    @Option(help: ArgumentHelp(L("help.board.family")), completion: .list(["small", "medium", "large", "extraLarge"]))
    var family: WidgetFamily?

    @Option(help: ArgumentHelp(L("help.board.scheme")))
    var scheme: ColorScheme?

    @Option(help: ArgumentHelp(L("help.board.theme")), completion: Completions.themes)
    var theme: String?

    @Option(help: ArgumentHelp(L("help.board.sizeClass")), completion: Completions.sizeClasses)
    var sizeClass: SizeClassSetting?

    @Option(help: ArgumentHelp(L("help.board.config")), completion: Completions.configFile)
    var config: String?

    @Option(help: ArgumentHelp(L("help.board.tiles")))
    var tiles: String?

    @Option(help: ArgumentHelp(L("help.board.language")), completion: .list(["en", "zh-Hans"]))
    var language: Language?

    @Flag(help: ArgumentHelp(L("help.board.screenReader")))
    var screenReader = false

    /// The options read by hand, when the arguments are only these options (`--name value`,
    /// `--name=value` or a flag, each at most once) with values they accept: ArgumentParser's parse
    /// reflects over the command's properties, a sixth of the CPU before the board's first frame
    /// (docs/performance.md). Nil for anything else, which ArgumentParser then parses and reports.
    static func parseByHand(_ arguments: [String]) -> RunDashboard? {
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            guard arguments[index].hasPrefix("--") else { return nil }
            var name = String(arguments[index].dropFirst(2))
            let value: String
            if Self.handParsedFlags.contains(name) {
                value = "true"
            } else if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
                index += 1
                value = arguments[index]
            }
            guard handParsedOptions.contains(name), values.updateValue(value, forKey: name) == nil else { return nil }
            index += 1
        }
        var command = RunDashboard()
        command.theme = values["theme"]
        command.config = values["config"]
        command.tiles = values["tiles"]
        command.family = nil
        command.scheme = nil
        command.sizeClass = nil
        command.language = nil
        command.screenReader = values["screen-reader"] != nil
        if let value = values["language"] {
            guard let language = Language(naming: value) else { return nil }
            command.language = language
        }
        if let value = values["family"] {
            guard let family = WidgetFamily(argument: value) else { return nil }
            command.family = family
        }
        if let value = values["scheme"] {
            guard let scheme = ColorScheme(argument: value) else { return nil }
            command.scheme = scheme
        }
        if let value = values["size-class"] {
            guard let sizeClass = SizeClassSetting(argument: value) else { return nil }
            command.sizeClass = sizeClass
        }
        return command
    }

    /// Every option of the command: `parseByHand` sets each (an unset option traps when read),
    /// which `DashboardFastPathTests` checks against the command's help.
    static let handParsedOptions: Set<String> = ["family", "scheme", "theme", "size-class", "config", "tiles", "language", "screen-reader"]
    /// The options among them that take no value.
    static let handParsedFlags: Set<String> = ["screen-reader"]

    func run() throws {
        let plainEnvironment = ProcessEnvironment.current()
        let directories = TilesDirectories(environment: plainEnvironment)
        let log = Self.logger(directory: directories.state)
        ImageAssets.userDirectory = directories.config.appending(path: "assets")
        // tiles' own zone, read from the system's files: nothing on the board makes a Foundation
        // `TimeZone` or `Calendar`, which would load ICU (docs/design.md, "Time zones").
        let timeZone = SystemTimeZone.current(environment: plainEnvironment)
        // Widgets declared with a `source` fetch their URLs through the services' one HTTP client.
        let sources = WidgetServices(environment: plainEnvironment, directories: directories, version: Tiles.version, timeZone: timeZone, log: log)
        let host = ExtensionHost(runsDirectory: directories.cache.appending(path: "extensions/runs"), sources: sources, log: log)
        let start = try BoardStart(
            configPath: config, environment: plainEnvironment, directories: directories, timeZone: timeZone, host: host, log: log,
            commandLine: { widgets in
                BoardConfiguration.CommandLine(
                    tiles: try self.tiles.map { try BoardStart.tiles($0, widgets: widgets) }, scheme: scheme, themeName: theme, sizeClass: sizeClass,
                    language: language, screenReader: screenReader)
            })
        let loaded = start.config, builtins = start.builtins, commandLine = start.commandLine, board = start.board
        let environment = start.environment
        var options = DashboardOptions(
            widgets: board.widgets, tiles: board.tiles, initialFamily: family, scheme: board.scheme,
            themeName: board.themeName, directories: directories, environment: environment,
            timeZone: timeZone, log: log)
        options.reloadBudget = loaded?.reloadBudget
        options.notifications = NotificationSettings(terminal: loaded?.terminalNotifications, command: loaded?.notificationCommand)
        options.sizeClass = board.sizeClass
        options.screenReader = board.screenReader
        // Edits of the config file apply while the board runs, merged the same way.
        let configPath = config
        options.configFile = start.configFile
        let watchedFile = options.configFile
        options.reloadConfig = {
            let reloaded: TilesConfig?
            do {
                reloaded = try Self.loadConfig(path: configPath, environment: plainEnvironment, widgets: builtins, host: host)
            } catch let error as UsageError {
                // The status line is narrow: name the file without its directory.
                let directory = (watchedFile.map { TilesDirectories.folder(of: $0.path) } ?? "") + "/"
                throw ConfigReloadFailure(description: error.message.replacing(directory, with: ""))
            }
            return BoardConfiguration(config: reloaded, commandLine: commandLine, builtins: builtins, defaultBoard: BoardStart.builtinBoard)
        }
        // The edit form saves into the file the board comes from; a `--tiles` board has none.
        if let editor = start.editor {
            options.saveParameters = { tileID, member, values in
                try editor.save(tileID: tileID, member: member, values: values)
            }
            options.saveBoard = { specs, base in
                try editor.saveBoard(TileSpec.pages(of: specs), base: base)
            }
        }
        let status = Dashboard.run(options)
        host.stopAll()
        ProgramRunner.shutDownAllPrograms()
        // The HTTP client's threads may be mid-request; the process ends here either way.
        Glibc.exit(status)
    }

    /// Log lines go to `$XDG_STATE_HOME/tiles/tiles.log`: the dashboard owns the terminal.
    static func logger(directory: URL) -> @Sendable (String) -> Void {
        let file = LogFile(directory: directory)
        return { line in
            // A line may quote a program or a service: it must not act on a terminal showing the log.
            file.append("\(InternetDate.string(from: Date())) \(line.escapingControlCharacters())\n")
        }
    }
}

/// The board's log file, opened once on its first line (append-only, mode 600) and kept open:
/// a board whose services are down logs each retry.
final class LogFile: Sendable {
    private let directory: URL
    private let descriptor = Mutex<Int32>(-1)

    init(directory: URL) {
        self.directory = directory
    }

    /// Appends `text`; a log that cannot be opened loses the line (the board keeps running).
    func append(_ text: String) {
        descriptor.withLock { descriptor in
            if descriptor < 0 {
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                descriptor = open(directory.appending(path: "tiles.log").path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else { return }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

/// Why an edited config file was not applied, as the status line shows it.
struct ConfigReloadFailure: Error, CustomStringConvertible {
    var description: String
}
