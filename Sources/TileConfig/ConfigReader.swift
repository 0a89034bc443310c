import FoundationEssentials
import TOML
import TileExtensions
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads `config.toml` text into a `TilesConfig`, checking every key against the widgets it knows.
/// Of several mistakes, the first in the file is reported.
public struct ConfigReader {
    /// The file name used in messages.
    public var file: String
    /// The file's bytes, UTF-8 unless the file is broken.
    public var bytes: [UInt8]
    public var widgets: [WidgetDescriptor]
    /// Resolves `~/` in a token file.
    public var home: String?
    /// Where the file is on disk, when `file` names it otherwise (the editor shows only its
    /// name): its owner and mode decide whether its commands may run, and its folder is theirs.
    public var path: String?
    /// Runs the programs of the widgets the file declares.
    public var host = ExtensionHost()
    /// Asks programs that serve several kinds (`extension = [...]`) what they serve.
    public var catalog = ExtensionCatalog(cacheDirectory: nil)
    /// Whether each widget's program must be there and executable (`tiles check`); a board
    /// starts without one and shows the tile's reason instead.
    public var requiresPrograms = false
    /// Whether programs that serve several kinds (`extension = [...]`) are asked what they
    /// serve; without, they add no widget (shell completion runs no program).
    public var asksExtensions = true

    /// A reader of the file's bytes.
    public init(file: String, bytes: [UInt8], widgets: [WidgetDescriptor], home: String? = nil) {
        self.file = file
        self.bytes = bytes
        self.widgets = widgets
        self.home = home
    }

    /// A reader of text in memory (the template, an edit about to be saved).
    public init(file: String, source: String, widgets: [WidgetDescriptor], home: String? = nil) {
        self.init(file: file, bytes: Array(source.utf8), widgets: widgets, home: home)
    }

    /// The validated config; throws the first mistake with its position.
    public func read() throws(ConfigError) -> TilesConfig {
        let root: TOMLTable
        do {
            root = try TOMLDocument.parse(bytes)
        } catch {
            throw ConfigError(file: file, line: error.line, column: error.column, message: error.message)
        }
        let context = Context(file: file, root: root)
        var config = TilesConfig(file: file)
        // Declared widgets first: tiles anywhere in the file may name them.
        if let declared = root["widget"] {
            config.declarations = try readWidgets(declared, builtins: widgets.map(\.kind), context)
            config.extensionWidgets = config.declarations.map { ExtensionWidget.descriptor(for: $0, host: host) }
        }
        var reader = self
        reader.widgets += config.extensionWidgets
        try reader.readSections(root, into: &config, context)
        return config
    }

    private func readSections(_ root: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        for (key, value) in try context.entries(of: root, at: [], allowed: ["theme", "ui", "opener", "size_class", "services", "github", "budget", "notifications", "widget", "page"]) {
            let path = [key]
            switch key {
            case "theme": try readTheme(try context.table(value, at: path), into: &config, context)
            case "ui": try readUI(try context.table(value, at: path), into: &config, context)
            case "opener": config.opener = try context.nonEmptyString(value, at: path, expected: "the path or name of an executable")
            case "size_class":
                let expected = SizeClassSetting.allNames.map { "\"\($0)\"" }.joined(separator: ", ")
                guard let setting = value.string.flatMap(SizeClassSetting.init(name:)) else {
                    throw context.mismatch(at: path, expected: expected, found: value)
                }
                config.sizeClass = setting
            case "services": try readServices(try context.table(value, at: path), into: &config, context)
            case "github": try readGitHub(try context.table(value, at: path), into: &config, context)
            case "budget": try readBudget(try context.table(value, at: path), into: &config, context)
            case "notifications": try readNotifications(try context.table(value, at: path), into: &config, context)
            case "widget": break
            default: try readPages(value, into: &config, context)
            }
        }
        var seen: Set<String> = []
        for (pageIndex, page) in config.pages.enumerated() {
            for (tileIndex, tile) in page.enumerated() where !seen.insert(tile.id).inserted {
                throw context.error(at: ["page", "\(pageIndex + 1)", "tile", "\(tileIndex + 1)", "id"], "two tiles have the id '\(TOMLError.shown(tile.id))'; give each tile its own id")
            }
        }
    }

    // MARK: - Sections

    private func readTheme(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        for (key, value) in try context.entries(of: table, at: ["theme"], allowed: ["name", "scheme"]) {
            let path = ["theme", key]
            if key == "name" {
                config.themeName = try context.nonEmptyString(value, at: path, expected: "a theme name like \"nord\"")
            } else {
                let expected = "\"light\" or \"dark\""
                guard let text = value.string else { throw context.mismatch(at: path, expected: expected, found: value) }
                guard let scheme = ColorScheme(rawValue: text) else { throw context.mismatch(at: path, expected: expected, found: value) }
                config.scheme = scheme
            }
        }
    }

    private func readUI(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        for (key, value) in try context.entries(of: table, at: ["ui"], allowed: ["language", "screen_reader"]) {
            if key == "screen_reader" {
                guard let flag = value.bool else { throw context.mismatch(at: ["ui", key], expected: "true or false", found: value) }
                config.screenReader = flag
                continue
            }
            let expected = Language.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            guard let language = value.string.flatMap(Language.init(naming:)) else {
                throw context.mismatch(at: ["ui", "language"], expected: expected, found: value)
            }
            config.language = language
        }
    }

    private func readServices(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        let keys = TilesConfig.serviceKeys
        for (key, value) in try context.entries(of: table, at: ["services"], allowed: keys.map(\.key)) {
            let path = ["services", key]
            let expected = "an http or https URL"
            guard let text = value.string else { throw context.mismatch(at: path, expected: expected, found: value) }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw context.mismatch(at: path, expected: expected, found: value)
            }
            config.serviceURLs[keys.first { $0.key == key }!.variable] = text
        }
    }

    private func readGitHub(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        let entries = try context.entries(of: table, at: ["github"], allowed: ["token_env", "token_file"])
        if entries.count == 2 {
            throw context.error(at: ["github", entries[1].key], "give either token_env or token_file, not both")
        }
        for (key, value) in entries {
            let path = ["github", key]
            if key == "token_env" {
                let name = try context.nonEmptyString(value, at: path, expected: "an environment variable name like \"GITHUB_TOKEN\"")
                guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }), !name.first!.isNumber else {
                    throw context.mismatch(at: path, expected: "an environment variable name like \"GITHUB_TOKEN\"", found: value)
                }
                config.token = .environment(name)
            } else {
                let name = try context.nonEmptyString(value, at: path, expected: "the path of a file holding the token")
                let path = TokenReader.resolve(name, relativeTo: file, home: home)
                if let problem = TokenReader.permissionProblem(path) {
                    throw context.error(at: ["github", key], "github.token_file: \(problem)")
                }
                config.token = .file(name)
                config.tokenFilePosition = context.position(of: ["github", key])
            }
        }
    }

    /// `[notifications]`: `terminal` (notifications through the terminal: true, false, or "auto")
    /// and `command` (a program per alert, `{title}` and `{body}` replaced), trusted like a
    /// widget's command.
    private func readNotifications(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        for (key, value) in try context.entries(of: table, at: ["notifications"], allowed: ["terminal", "command"]) {
            let path = ["notifications", key]
            if key == "terminal" {
                if value.string == "auto" { continue }
                guard let flag = value.bool else { throw context.mismatch(at: path, expected: "true, false or \"auto\"", found: value) }
                config.terminalNotifications = flag
                continue
            }
            let expected = "the program and its arguments as a list of strings, like [\"notify-send\", \"{title}\", \"{body}\"]"
            guard let items = value.array, !items.isEmpty, let words = Optional(items.compactMap(\.string)), words.count == items.count,
                  !words[0].isEmpty, !words.contains(where: { $0.contains("\u{0}") }) else {
                throw context.mismatch(at: path, expected: expected, found: value)
            }
            // Resolved as a widget's command is: a relative path with a slash from the file's folder.
            let resolved = WidgetDeclaration(kind: "notify", command: words, directory: TilesDirectories.folder(of: self.path ?? file)).resolvedCommand
            if let problem = CommandTrust.problem(withFile: self.path ?? file) ?? CommandTrust.problem(with: ProgramCommand(resolved)) {
                throw context.error(at: path, "\(Context.display(path)): \(problem)")
            }
            config.notificationCommand = resolved
        }
    }

    private func readBudget(_ table: TOMLTable, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        var budget = ReloadBudget()
        for (key, value) in try context.entries(of: table, at: ["budget"], allowed: ["per_day", "min_interval_minutes"]) {
            let path = ["budget", key]
            let range = key == "per_day" ? 1...1440 : 0...1440
            let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
            guard let number = value.int, range.contains(number) else {
                throw context.mismatch(at: path, expected: expected, found: value)
            }
            if key == "per_day" { budget.limit = number } else { budget.minimumInterval = TimeInterval(number * 60) }
        }
        config.reloadBudget = budget
    }

    // MARK: - The board

    private func readPages(_ value: TOMLValue, into config: inout TilesConfig, _ context: Context) throws(ConfigError) {
        let pages = try context.arrayOfTables(value, at: ["page"], expected: "[[page]] tables")
        var count = 0
        for (pageIndex, page) in pages.enumerated() {
            let pagePath = ["page", "\(pageIndex + 1)"]
            var tiles: [TileSpec] = []
            for (key, value) in try context.entries(of: page, at: pagePath, allowed: ["tile"]) {
                let tables = try context.arrayOfTables(value, at: pagePath + [key], expected: "[[page.tile]] tables")
                for (tileIndex, tile) in tables.enumerated() {
                    count += 1
                    tiles.append(try readTile(tile, at: pagePath + ["tile", "\(tileIndex + 1)"], number: count, context))
                }
            }
            if tiles.isEmpty {
                throw context.error(at: pagePath, "\(Context.display(pagePath)): a page needs at least one [[page.tile]]")
            }
            config.pages.append(tiles)
        }
    }

    private func readTile(_ table: TOMLTable, at path: [String], number: Int, _ context: Context) throws(ConfigError) -> TileSpec {
        let written = try context.entries(of: table, at: path, allowed: ["widget", "family", "parameters", "id", "stack"])
        let keys = written.map(\.key)
        var family = WidgetFamily.systemMedium
        var id: String?
        var entries: [TileSpec.Widget] = []
        var familyPath = path
        if keys.contains("widget"), keys.contains("stack") {
            throw context.error(at: path + ["stack"], "\(Context.display(path)): give either widget or stack, not both")
        }
        if keys.contains("parameters"), !keys.contains("widget") {
            throw context.error(at: path + ["parameters"], "\(Context.display(path)).parameters: parameters belong to a widget; in a stack, give them to each [[page.tile.stack]] entry")
        }
        for (key, value) in written {
            let keyPath = path + [key]
            switch key {
            case "family":
                familyPath = keyPath
                // The list of families is joined only for an error message.
                let families = { WidgetFamily.allCases.map(\.shortName).joined(separator: ", ") }
                guard let name = value.string else {
                    throw context.mismatch(at: keyPath, expected: "a family (\(families()))", found: value)
                }
                guard let named = WidgetFamily(name: name) else {
                    throw context.error(at: keyPath, "\(Context.display(keyPath)): unknown family '\(TOMLError.shown(name))'; families: \(families())")
                }
                family = named
            case "id":
                id = try context.nonEmptyString(value, at: keyPath, expected: "a name for the tile")
            case "widget":
                entries = [try readEntry(table, at: path, context)]
            case "stack":
                let stack = try context.arrayOfTables(value, at: keyPath, expected: "[[page.tile.stack]] tables")
                for (index, entry) in stack.enumerated() {
                    let entryPath = keyPath + ["\(index + 1)"]
                    _ = try context.entries(of: entry, at: entryPath, allowed: ["widget", "parameters"])
                    entries.append(try readEntry(entry, at: entryPath, context))
                }
                if stack.isEmpty { throw context.error(at: keyPath, "\(Context.display(keyPath)): a stack needs at least one widget") }
            default:
                break
            }
        }
        guard !entries.isEmpty else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'widget' (or 'stack'); widgets: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        for entry in entries {
            let widget = widgets.first { $0.kind == entry.kind }!
            guard widget.supports(family) else {
                let supported = widget.supportedFamilies.map(\.shortName).joined(separator: ", ")
                throw context.error(at: familyPath, "\(Context.display(familyPath)): \(widget.kind) does not come in \(family.shortName); expected one of: \(supported)")
            }
        }
        return TileSpec(id: id ?? "\(entries[0].kind)-\(number)", family: family, widgets: entries)
    }

    /// The `widget` and `parameters` of a tile or stack entry at `path`.
    private func readEntry(_ table: TOMLTable, at path: [String], _ context: Context) throws(ConfigError) -> TileSpec.Widget {
        let kinds = widgets.map(\.kind)
        guard let kindValue = table["widget"] else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'widget'; widgets: \(kinds.joined(separator: ", "))")
        }
        let kindPath = path + ["widget"]
        guard let kind = kindValue.string else {
            throw context.mismatch(at: kindPath, expected: "a widget kind (\(kinds.joined(separator: ", ")))", found: kindValue)
        }
        guard let widget = widgets.first(where: { $0.kind == kind }) else {
            let hint = nearest(to: kind, in: kinds).map { " (did you mean '\($0)'?)" } ?? ""
            throw context.error(at: kindPath, "\(Context.display(kindPath)): unknown widget '\(TOMLError.shown(kind))'\(hint); widgets: \(kinds.joined(separator: ", "))")
        }
        var parameters: [String: ParameterValue] = [:]
        if let value = table["parameters"] {
            let tablePath = path + ["parameters"]
            let descriptions = widget.parameters
            let parameterTable = try context.table(value, at: tablePath)
            for (key, value) in try context.entries(of: parameterTable, at: tablePath, allowed: descriptions.map(\.key), noun: "parameter") {
                let keyPath = tablePath + [key]
                let description = descriptions.first { $0.key == key }!
                do {
                    parameters[key] = try Self.parameterValue(value, for: description)
                } catch let error as ParameterError {
                    throw context.error(at: keyPath, "\(Context.display(keyPath)): \(error)")
                } catch {
                    throw context.mismatch(at: keyPath, expected: "a bool, an integer, a string or a list of strings", found: value)
                }
            }
            do {
                _ = try widget.resolveParameters(parameters)
            } catch {
                throw context.error(at: tablePath, "\(Context.display(tablePath)): \(error)")
            }
        }
        return TileSpec.Widget(kind: kind, parameters: parameters)
    }

    private struct NotAParameterValue: Error {}

    /// A TOML value as a parameter value, checked against `description`. A string given to a
    /// non-string parameter is read as on the command line (`"scan,pay"`, a choice's title).
    private static func parameterValue(_ value: TOMLValue, for description: ParameterDescription) throws -> ParameterValue {
        if let bool = value.bool { try description.validate(.bool(bool)); return .bool(bool) }
        if let int = value.int { try description.validate(.integer(int)); return .integer(int) }
        if let text = value.string {
            if case .string = description.kind { try description.validate(.string(text)); return .string(text) }
            return try description.parse(text)
        }
        if let array = value.array {
            var items: [String] = []
            for item in array {
                guard let text = item.string else { throw NotAParameterValue() }
                items.append(text)
            }
            try description.validate(.list(items))
            return .list(items)
        }
        throw NotAParameterValue()
    }
}
