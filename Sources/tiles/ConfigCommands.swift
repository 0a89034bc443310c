import ArgumentParser
import FoundationEssentials
import TileBoard
import TileConfig
import TileExtensions
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// The widgets a config file may name: the built-in ones (their services are not contacted).
func knownWidgets(_ environment: [String: String]) -> [WidgetDescriptor] {
    let directories = TilesDirectories(environment: environment)
    let settings = (try? ServiceConfiguration.settings(for: nil, environment: environment)) ?? ServiceSettings()
    return BuiltinWidgets.all(services: WidgetServices(settings: settings, environment: environment, directories: directories, version: Tiles.version))
}

/// `tiles config`: the config file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: L("help.config.abstract"),
        discussion: L("help.config.discussion", ["md": "\(TilesDocumentation.reference("configuration.md"))"]),
        subcommands: [Init.self, Path.self, Set.self]
    )

    /// `tiles config init`: writes the commented starting file.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: L("help.config.init.abstract"),
            discussion: L("help.config.init.discussion")
        )

        @Option(help: ArgumentHelp(L("help.config.init.config")))
        var config: String?

        @Option(help: ArgumentHelp(L("help.config.init.board")))
        var board: ConfigTemplate.StartingBoard = .seed

        @Flag(help: ArgumentHelp(L("help.config.init.force")))
        var force = false

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let loader = ConfigLoader(environment: environment, widgets: [])
            let url = config.map { URL(filePath: $0) } ?? loader.defaultFile
            if !force, FileManager.default.fileExists(atPath: url.path) {
                throw UsageError(message: "\(url.path) already exists; use --force to replace it")
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Like every other write of the config, a replaced file is kept beside it, with its permissions.
            if let previous = FileManager.default.contents(atPath: url.path) {
                let backup = url.appendingPathExtension("bak")
                let permissions = AtomicFile.permissions(atPath: url.path) ?? 0o644
                try AtomicFile.write(previous, to: backup, permissions: permissions)
                try AtomicFile.write(Data(ConfigTemplate.text(board: board).utf8), to: url, permissions: 0o644, followingLinks: true)
                Console.print("wrote \(url.path) (the previous file is \(backup.lastPathComponent))")
            } else {
                try AtomicFile.write(Data(ConfigTemplate.text(board: board).utf8), to: url, permissions: 0o644, followingLinks: true)
                Console.print("wrote \(url.path)")
            }
        }
    }

    /// `tiles config set TILE KEY=VALUE…`: the edit form from the shell.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: L("help.config.set.abstract"),
            discussion: L("help.config.set.discussion")
        )

        @Argument(help: ArgumentHelp(L("help.config.set.tile")), completion: Completions.tileIDs)
        var tile: String

        @Argument(help: ArgumentHelp(L("help.config.set.assignments")))
        var assignments: [String]

        @Option(help: ArgumentHelp(L("help.config.set.config")), completion: Completions.configFile)
        var config: String?

        @Option(help: ArgumentHelp(L("help.config.set.stack")))
        var stack = 1

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let widgets = knownWidgets(environment)
            let loader = ConfigLoader(environment: environment, widgets: widgets)
            let file = config.map { URL(filePath: $0) } ?? loader.defaultFile
            let current: TilesConfig
            do {
                current = FileManager.default.fileExists(atPath: file.path)
                    ? try loader.read(file.path)
                    : try ConfigReader(file: file.path, source: ConfigTemplate.text, widgets: widgets).read()
            } catch {
                throw error.usageError
            }
            let board = current.pages.isEmpty
                ? try ConfigReader(file: file.path, source: ConfigTemplate.board, widgets: widgets).read()
                : current
            guard let (_, entry) = ConfigEditor.locate(tileID: tile, member: stack - 1, in: board) else {
                let ids = board.tiles.map(\.id)
                let hint = nearest(to: tile, in: ids).map { " (did you mean '\($0)'?)" } ?? ""
                let isStack = board.tiles.contains { $0.id == tile }
                throw UsageError(message: isStack
                    ? "tile '\(tile)' has no widget \(stack); --stack counts from 1"
                    : "no tile '\(tile)' in \(file.path)\(hint); tiles: \(ids.joined(separator: ", "))")
            }
            let widget = (widgets + board.extensionWidgets).first { $0.kind == entry.kind }!
            var values = try widget.resolveParameters(entry.parameters)
            let descriptions = widget.parameters
            for assignment in assignments {
                guard let equals = assignment.firstIndex(of: "=") else {
                    throw UsageError(message: "expected KEY=VALUE, found '\(assignment)'")
                }
                let key = String(assignment[..<equals])
                guard let description = descriptions.first(where: { $0.key == key }) else {
                    throw UsageError(message: "\(tile) (\(entry.kind)): \(ParameterError.unknownParameter(key, known: descriptions.map(\.key)))")
                }
                do {
                    values[key] = try description.parse(String(assignment[assignment.index(after: equals)...]))
                } catch {
                    throw UsageError(message: "\(tile) (\(entry.kind)): \(error)")
                }
            }
            let resolved: [String: ParameterValue]
            do {
                resolved = try widget.resolveParameters(values)
            } catch {
                throw UsageError(message: "\(tile) (\(entry.kind)): \(error)")
            }
            let editor = ConfigEditor(file: file, widgets: widgets, home: environment["HOME"])
            do {
                Console.print(try editor.save(tileID: tile, member: stack - 1, values: resolved))
            } catch {
                guard error.isWriteError else { throw UsageError(message: error.description) }
                Console.printError("tiles: \(error.description)")
                Glibc.exit(1)
            }
        }
    }

    /// `tiles config path`: prints where the config file is read from.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: L("help.config.path.abstract"),
            discussion: L("help.config.path.discussion")
        )

        func run() throws {
            Console.print(ConfigLoader(environment: ProcessInfo.processInfo.environment, widgets: []).defaultFile.path)
        }
    }
}

/// `tiles check [FILE]`: validates a config file without starting the dashboard.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: L("help.check.abstract"),
        discussion: L("help.check.discussion")
    )

    @Argument(help: ArgumentHelp(L("help.check.file")), completion: Completions.configFile)
    var file: String?

    @Flag(help: ArgumentHelp(L("help.check.run")))
    var run = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let host = ExtensionHost()
        defer { host.stopAll() }
        var loader = ConfigLoader(environment: environment, widgets: knownWidgets(environment), host: host)
        loader.requiresPrograms = true
        let config: TilesConfig
        do {
            guard let loaded = try loader.load(explicitPath: file) else {
                Console.print("\(loader.defaultFile.path): no config file; tiles uses the built-in board (create one with `tiles config init`)")
                return
            }
            config = loaded
        } catch {
            throw error.usageError
        }
        Console.print(Self.summary(of: config))
        guard run else { return }
        var failures = 0
        for (widget, declaration) in zip(config.extensionWidgets, config.declarations) {
            let line = await Self.previewRun(of: widget, listens: declaration.listen)
            if line.failed { failures += 1 }
            Console.print("  \(widget.kind): \(line.text)")
        }
        if failures > 0 {
            throw CommandFailure(message: "\(failures) widget program\(failures == 1 ? "" : "s") failed")
        }
    }

    /// One run of `widget`'s program as the gallery's preview (its first family, the
    /// parameters' defaults): what it gave, or why it failed.
    static func previewRun(of widget: WidgetDescriptor, listens: Bool) async -> (text: String, failed: Bool) {
        guard !listens else { return ("streaming: not started (it runs on the board)", false) }
        let family = widget.supportedFamilies.first ?? .systemMedium
        let context = TimelineContext(family: family, isPreview: true, now: Date(), reason: .user, colorScheme: .light, sizeClass: .regular)
        do {
            let timeline = try await widget.timeline(in: context, parameters: try widget.resolveParameters())
            let count = timeline.entries.count
            return ("ok, its preview run gave \(count) entr\(count == 1 ? "y" : "ies") (\(family.shortName))", false)
        } catch {
            return ("\(error)", true)
        }
    }

    /// `FILE: ok — 1 page, 3 tiles (qqsync, alipay, commit); theme default, light`.
    static func summary(of config: TilesConfig) -> String {
        let pages = config.pages.count, tiles = config.tiles
        var text = "\(config.file): ok — "
        if tiles.isEmpty {
            text += "no pages (the built-in board)"
        } else {
            let kinds = tiles.map { $0.isStack ? "stack(\($0.widgets.map(\.kind).joined(separator: "+")))" : $0.widgets[0].kind }
            text += "\(pages) page\(pages == 1 ? "" : "s"), \(tiles.count) tile\(tiles.count == 1 ? "" : "s") (\(kinds.joined(separator: ", ")))"
        }
        if let theme = config.themeName { text += "; theme \(theme)" }
        if let scheme = config.scheme { text += "; \(scheme.rawValue)" }
        return text
    }
}

extension RunDashboard {
    /// The config for `tiles` (`--config FILE` or the default file), nil for the built-in board.
    /// Widgets the file declares run their programs through `host`.
    /// The services' settings for `config` in `environment` (`ServiceConfiguration`); a token
    /// file's problem is a usage error at its line.
    static func serviceSettings(for config: TilesConfig?, environment: [String: String]) throws -> ServiceSettings {
        do {
            return try ServiceConfiguration.settings(for: config, environment: environment)
        } catch {
            throw error.usageError
        }
    }

    static func loadConfig(
        path: String?, environment: [String: String], widgets: [WidgetDescriptor], host: ExtensionHost = ExtensionHost()
    ) throws -> TilesConfig? {
        do {
            return try ConfigLoader(environment: environment, widgets: widgets, host: host).load(explicitPath: path)
        } catch {
            throw error.usageError
        }
    }
}

extension ConfigTemplate.StartingBoard: ExpressibleByArgument {}
