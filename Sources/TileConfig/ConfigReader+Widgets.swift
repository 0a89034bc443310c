import FoundationEssentials
import TOML
import TileExtensions
import TileKit
#if canImport(Glibc)
import Glibc
#endif

extension ConfigReader {
    /// The keys of a `[[widget]]` table.
    static let widgetKeys = ["kind", "command", "host", "extension", "format", "refresh", "timeout", "title", "description", "families", "listen", "parameter"]

    /// The `[[widget]]` tables: widgets served by programs. Their commands run only when the file
    /// and its directory are the user's own (`CommandTrust`).
    func readWidgets(_ value: TOMLValue, builtins: [String], _ context: Context) throws(ConfigError) -> [WidgetDeclaration] {
        let tables = try context.arrayOfTables(value, at: ["widget"], expected: "[[widget]] tables")
        if !tables.isEmpty, let problem = CommandTrust.problem(withFile: path ?? file) {
            throw context.error(at: ["widget"], "widget: \(problem)")
        }
        var declarations: [WidgetDeclaration] = []
        for (index, table) in tables.enumerated() {
            let path = ["widget", "\(index + 1)"]
            for declaration in try readWidget(table, at: path, context) {
                let kindPath = path + ["kind"]
                if builtins.contains(declaration.kind) {
                    throw context.error(at: kindPath, "\(Context.display(kindPath)): '\(declaration.kind)' is a built-in widget; give yours another kind")
                }
                if declarations.contains(where: { $0.kind == declaration.kind }) {
                    throw context.error(at: kindPath, "\(Context.display(kindPath)): two widgets have the kind '\(declaration.kind)'")
                }
                declarations.append(declaration)
            }
        }
        return declarations
    }

    private func readWidget(_ table: TOMLTable, at path: [String], _ context: Context) throws(ConfigError) -> [WidgetDeclaration] {
        let directory = TilesDirectories.folder(of: self.path ?? file)
        if table["source"] != nil {
            guard let kind = table["kind"]?.string, WidgetKindName.isValid(kind) else {
                throw table["kind"].map { context.mismatch(at: path + ["kind"], expected: WidgetKindName.expected, found: $0) }
                    ?? context.error(at: path, "\(Context.display(path)): missing key 'kind' (the name tiles use for the widget)")
            }
            return [try readSourceWidget(table, kind: kind, at: path, directory: directory, context)]
        }
        let keys = try context.entries(of: table, at: path, allowed: Self.widgetKeys).map(\.key)
        if keys.contains("extension") {
            if let extra = keys.first(where: { $0 != "extension" }) {
                throw context.error(at: path + [extra], "\(Context.display(path + [extra])): a widget with 'extension' describes itself; give only the extension's command")
            }
            let command = try commandLine(table["extension"]!, at: path + ["extension"], context)
            guard asksExtensions else { return [] }
            let probe = WidgetDeclaration(kind: "describe", command: command, directory: directory)
            try checkTrust(of: probe, at: path + ["extension"], context)
            do {
                return try catalog.declarations(command: command, directory: directory)
            } catch {
                throw context.error(at: path + ["extension"], "\(Context.display(path + ["extension"])): \(error)")
            }
        }
        guard let kindValue = table["kind"] else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'kind' (the name tiles use for the widget)")
        }
        guard let kind = kindValue.string, WidgetKindName.isValid(kind) else {
            throw context.mismatch(at: path + ["kind"], expected: WidgetKindName.expected, found: kindValue)
        }
        guard let commandValue = table["command"] else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'command' (the program and its arguments, like [\"./status.sh\"])")
        }
        var declaration = WidgetDeclaration(kind: kind, command: try commandLine(commandValue, at: path + ["command"], context), directory: directory)
        if let hostValue = table["host"] {
            guard let host = hostValue.string else { throw context.mismatch(at: path + ["host"], expected: "a host ssh can reach, like \"me@server\"", found: hostValue) }
            if let problem = SSHCommand.problem(withDestination: host) {
                throw context.error(at: path + ["host"], "\(Context.display(path + ["host"])): \(problem)")
            }
            declaration.host = host
        }
        try checkTrust(of: declaration, at: path + [declaration.host == nil ? "command" : "host"], context)
        for key in keys {
            let keyPath = path + [key]
            let value = table[key]!
            switch key {
            case "format":
                guard let text = value.string, let format = WidgetDeclaration.Format(rawValue: text) else {
                    throw context.mismatch(at: keyPath, expected: "\"timeline\" or \"text\"", found: value)
                }
                declaration.format = format
            case "refresh", "timeout":
                // A function of its own: Swift 6.3.1's optimizer (-O) crashed on the inline
                // `value.int.map(…) ?? value.string…` here ("Found outside of lifetime use").
                let seconds = Self.seconds(value)
                guard let seconds, seconds >= (key == "refresh" ? 1 : 0.1), seconds <= 7 * 86_400 else {
                    throw context.mismatch(at: keyPath, expected: "a duration like \"30s\", \"5m\" or \"2h\"", found: value)
                }
                if key == "timeout", seconds > WidgetDeclaration.maximumTimeout {
                    throw context.error(at: keyPath, "\(Context.display(keyPath)): at most \(DurationText.describe(WidgetDeclaration.maximumTimeout)) "
                        + "(a program that works longer belongs in a streaming widget, listen = true)")
                }
                if key == "refresh" { declaration.refresh = seconds } else { declaration.timeout = seconds }
            case "title":
                declaration.title = try context.nonEmptyString(value, at: keyPath, expected: "a title")
            case "description":
                guard let text = value.string else { throw context.mismatch(at: keyPath, expected: "a sentence", found: value) }
                declaration.summary = text
            case "families":
                declaration.families = try families(value, at: keyPath, context)
            case "listen":
                guard let flag = value.bool else { throw context.mismatch(at: keyPath, expected: "true or false", found: value) }
                declaration.listen = flag
            case "parameter":
                declaration.parameters = try parameters(value, at: keyPath, context)
            default:
                break
            }
        }
        return [declaration]
    }

    /// The `[[widget.parameter]]` tables.
    func parameters(_ value: TOMLValue, at path: [String], _ context: Context) throws(ConfigError) -> [ParameterDescription] {
        let tables = try context.arrayOfTables(value, at: path, expected: "[[widget.parameter]] tables")
        var parameters: [ParameterDescription] = []
        for (index, parameter) in tables.enumerated() {
            let description = try readParameter(parameter, at: path + ["\(index + 1)"], context)
            if parameters.contains(where: { $0.key == description.key }) {
                throw context.error(at: path + ["\(index + 1)", "name"], "\(Context.display(path + ["\(index + 1)", "name"])): two parameters are named '\(description.key)'")
            }
            parameters.append(description)
        }
        return parameters
    }

    /// Refuses a command whose program (or a file it reads) others could change (`CommandTrust`).
    func checkTrust(of declaration: WidgetDeclaration, at path: [String], _ context: Context) throws(ConfigError) {
        // A remote command runs through the local ssh, which is what tiles can check.
        let command = ProgramCommand(declaration.host == nil ? declaration.resolvedCommand : ["ssh"], workingDirectory: declaration.directory)
        if let problem = CommandTrust.problem(with: command) {
            throw context.error(at: path, "\(Context.display(path)): \(problem)")
        }
        if requiresPrograms, let problem = CommandTrust.missingProgram(in: command) {
            throw context.error(at: path, "\(Context.display(path)): \(problem)")
        }
    }

    /// A duration: a number of seconds, or text like `5m` (`DurationText`).
    static func seconds(_ value: TOMLValue) -> TimeInterval? {
        if let number = value.int { return TimeInterval(number) }
        guard let text = value.string else { return nil }
        return DurationText.seconds(text)
    }

    /// A command line: a non-empty list of strings.
    func commandLine(_ value: TOMLValue, at path: [String], _ context: Context) throws(ConfigError) -> [String] {
        let expected = "the program and its arguments as a list of strings, like [\"./status.sh\", \"--short\"]"
        guard let array = value.array, !array.isEmpty else { throw context.mismatch(at: path, expected: expected, found: value) }
        var words: [String] = []
        for item in array {
            guard let word = item.string, !word.contains("\u{0}") else { throw context.mismatch(at: path, expected: expected, found: value) }
            words.append(word)
        }
        guard !words[0].isEmpty else { throw context.mismatch(at: path, expected: expected, found: value) }
        return words
    }

    func families(_ value: TOMLValue, at path: [String], _ context: Context) throws(ConfigError) -> [WidgetFamily] {
        let expected = "a list of families (\(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")))"
        guard let array = value.array, !array.isEmpty else { throw context.mismatch(at: path, expected: expected, found: value) }
        var families: [WidgetFamily] = []
        for item in array {
            guard let name = item.string, let family = WidgetFamily(name: name) else {
                throw context.mismatch(at: path, expected: expected, found: item)
            }
            families.append(family)
        }
        return families
    }

    private func readParameter(_ table: TOMLTable, at path: [String], _ context: Context) throws(ConfigError) -> ParameterDescription {
        let keys = try context.entries(of: table, at: path, allowed: ["name", "type", "title", "default", "choices", "min", "max", "max_length"]).map(\.key)
        guard let name = table["name"]?.string else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'name'")
        }
        guard let type = table["type"]?.string else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'type' (\(ParameterSpec.types.joined(separator: ", ")))")
        }
        var spec = ParameterSpec(name: name, type: type, title: table["title"]?.string)
        for key in keys {
            let value = table[key]!
            switch key {
            case "default":
                if let flag = value.bool { spec.defaultValue = .bool(flag) }
                else if let number = value.int { spec.defaultValue = .integer(number) }
                else if let text = value.string { spec.defaultValue = .string(text) }
                else { throw context.mismatch(at: path + [key], expected: "a bool, an integer or a string", found: value) }
            case "choices":
                guard let array = value.array else { throw context.mismatch(at: path + [key], expected: "a list of strings", found: value) }
                for item in array {
                    guard let text = item.string else { throw context.mismatch(at: path + [key], expected: "a list of strings", found: value) }
                    spec.choices.append(ParameterOption(value: text, title: text))
                }
            case "max_length":
                guard let number = value.int, number > 0 else { throw context.mismatch(at: path + [key], expected: "a length of 1 or more", found: value) }
                spec.maxLength = number
            default:
                break
            }
        }
        if let low = table["min"], let high = table["max"] {
            guard let low = low.int, let high = high.int, low <= high else {
                throw context.error(at: path + ["min"], "\(Context.display(path)): min and max must be integers with min ≤ max")
            }
            spec.range = low...high
        } else if table["min"] != nil || table["max"] != nil {
            throw context.error(at: path + [table["min"] != nil ? "min" : "max"], "\(Context.display(path)): give both min and max")
        }
        do {
            return try spec.description()
        } catch {
            let field = error.field
            throw context.error(at: path + [field], "\(Context.display(path + [field])): \(error.message)")
        }
    }
}
