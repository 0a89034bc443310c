import FoundationEssentials
import TOML
import TileExtensions
import TileKit
import TileUIJSON

extension ConfigReader {
    /// The keys of a `source = { … }` table.
    static let sourceKeys = ["url", "headers", "command", "every", "format", "timeout", "token_file"]

    /// A `[[widget]]` with a `source`: a widget declared in the config alone (docs/configuration.md,
    /// "Widgets without a program"). Its `view` is one template for every family, or a table of
    /// templates by family; a mistake in a template is named with its line and column in the file.
    func readSourceWidget(_ table: TOMLTable, kind: String, at path: [String], directory: String, _ context: Context) throws(ConfigError) -> WidgetDeclaration {
        let sourcePath = path + ["source"]
        guard let sourceTable = table["source"]!.table else {
            throw context.mismatch(at: sourcePath, expected: "a table like { url = \"https://…\", every = \"5m\" }", found: table["source"]!)
        }
        let keys = try context.entries(of: sourceTable, at: sourcePath, allowed: Self.sourceKeys).map(\.key)
        var declaration = WidgetDeclaration(kind: kind, command: [], directory: directory)
        var source: DataSource
        switch (sourceTable["url"], sourceTable["command"]) {
        case (let url?, nil):
            guard let text = url.string, let parsed = URL(string: text), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw context.mismatch(at: sourcePath + ["url"], expected: "an http or https URL", found: url)
            }
            var headers: [String: String] = [:]
            if let headerValue = sourceTable["headers"] {
                guard let headerTable = headerValue.table else {
                    throw context.mismatch(at: sourcePath + ["headers"], expected: "a table of header names and values", found: headerValue)
                }
                for name in headerTable.keys {
                    let value = headerTable[name]!
                    guard let text = value.string, !text.contains("\n"), !text.contains("\r"), !name.isEmpty,
                          name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                        throw context.mismatch(at: sourcePath + ["headers", name], expected: "a header value on one line (secrets as ${VARIABLE})", found: value)
                    }
                    headers[name] = text
                }
            }
            source = DataSource(origin: .url(text, headers: headers))
        case (nil, let command?):
            if sourceTable["headers"] != nil { throw context.error(at: sourcePath + ["headers"], "\(Context.display(sourcePath + ["headers"])): headers belong to a url source") }
            declaration.command = try commandLine(command, at: sourcePath + ["command"], context)
            try checkTrust(of: declaration, at: sourcePath + ["command"], context)
            source = DataSource(origin: .command)
        default:
            throw context.error(at: sourcePath, "\(Context.display(sourcePath)): give either url or command")
        }
        for key in keys {
            let value = sourceTable[key]!
            switch key {
            case "every", "timeout":
                guard let seconds = Self.seconds(value), seconds >= (key == "every" ? 1 : 0.1), seconds <= 7 * 86_400 else {
                    throw context.mismatch(at: sourcePath + [key], expected: "a duration like \"30s\", \"5m\" or \"2h\"", found: value)
                }
                if key == "every" { declaration.refresh = seconds } else { declaration.timeout = min(seconds, WidgetDeclaration.maximumTimeout) }
            case "format":
                guard let text = value.string, ["json", "text"].contains(text) else {
                    throw context.mismatch(at: sourcePath + [key], expected: "\"json\" or \"text\"", found: value)
                }
                source.isText = text == "text"
            case "token_file":
                guard let name = value.string, !name.isEmpty else {
                    throw context.mismatch(at: sourcePath + [key], expected: "the path of a file holding a token (mode 600)", found: value)
                }
                let resolved = TokenReader.resolve(name, relativeTo: self.path ?? file, home: home)
                if let problem = TokenReader.permissionProblem(resolved) {
                    throw context.error(at: sourcePath + [key], "\(Context.display(sourcePath + [key])): \(problem)")
                }
                source.tokenFile = resolved
            default:
                break
            }
        }
        declaration.source = source
        for key in try context.entries(of: table, at: path, allowed: Self.sourceWidgetKeys).map(\.key) {
            let value = table[key]!
            switch key {
            case "title": declaration.title = try context.nonEmptyString(value, at: path + [key], expected: "a title")
            case "description":
                guard let text = value.string else { throw context.mismatch(at: path + [key], expected: "a sentence", found: value) }
                declaration.summary = text
            case "families": declaration.families = try families(value, at: path + [key], context)
            case "link":
                guard let text = value.string, URL(string: text)?.scheme != nil else {
                    throw context.mismatch(at: path + [key], expected: "a URL a tap opens", found: value)
                }
                declaration.link = text
            case "parameter": declaration.parameters = try parameters(value, at: path + [key], context)
            case "alert":
                let tables = try context.arrayOfTables(value, at: path + [key], expected: "[[widget.alert]] tables")
                for (index, table) in tables.enumerated() {
                    declaration.alerts.append(try trigger(table, at: path + [key, "\(index + 1)"], context))
                }
            default: break
            }
        }
        guard let viewValue = table["view"] else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'view' (a view template in JSON, or a table of them by family)")
        }
        if let viewTable = viewValue.table {
            for name in viewTable.keys {
                let value = viewTable[name]!
                guard let family = WidgetFamily(name: name) else {
                    throw context.error(at: path + ["view", name], "\(Context.display(path + ["view", name])): not a family (\(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")))")
                }
                declaration.views[family] = try template(value, at: path + ["view", name], context)
            }
            let given = Set(declaration.views.keys)
            if table["families"] == nil { declaration.families = WidgetFamily.allCases.filter(given.contains) }
            if let missing = declaration.families.first(where: { !given.contains($0) }) {
                throw context.error(at: path + ["view"], "\(Context.display(path + ["view"])): no view for the \(missing.shortName) family, which 'families' lists")
            }
        } else {
            let template = try template(viewValue, at: path + ["view"], context)
            for family in declaration.families { declaration.views[family] = template }
        }
        return declaration
    }

    /// The keys of a `[[widget]]` table that has a `source`.
    static let sourceWidgetKeys = ["kind", "source", "view", "title", "description", "families", "link", "parameter", "alert"]

    /// A `[[widget.alert]]` table: `when` (a condition), `for` (how long it must hold), `title`
    /// and `body` (text with `{{ … }}`), `sound`.
    private func trigger(_ table: TOMLTable, at path: [String], _ context: Context) throws(ConfigError) -> AlertTrigger {
        _ = try context.entries(of: table, at: path, allowed: ["when", "for", "title", "body", "sound"])
        guard let whenValue = table["when"], let when = whenValue.string else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'when' (a condition like \".data.cpu > 90\")")
        }
        guard let titleValue = table["title"], let titleText = titleValue.string, !titleText.isEmpty else {
            throw context.error(at: path, "\(Context.display(path)): missing key 'title' (what the alert says)")
        }
        var lasting: TimeInterval = 0
        if let value = table["for"] {
            guard let seconds = Self.seconds(value), seconds >= 0, seconds <= 7 * 86_400 else {
                throw context.mismatch(at: path + ["for"], expected: "a duration like \"2m\"", found: value)
            }
            lasting = seconds
        }
        var sound = false
        if let value = table["sound"] {
            guard let flag = value.bool else { throw context.mismatch(at: path + ["sound"], expected: "true or false", found: value) }
            sound = flag
        }
        do {
            let title = try StringTemplate(titleText)
            let body = try table["body"].map { value throws(TemplateError) in try StringTemplate(value.string ?? "") }
            return try AlertTrigger(condition: when, lasting: lasting, title: title, body: body, sound: sound)
        } catch {
            // Which of the three the mistake is in: the first that does not read.
            let (key, value) = (try? StringTemplate(titleText)) == nil ? ("title", titleValue)
                : (try? TemplateCondition(when)) == nil ? ("when", whenValue) : ("body", table["body"] ?? whenValue)
            let (line, column) = contentStart(of: value)
            throw ConfigError(
                file: context.file, line: line + error.line - 1, column: error.line == 1 ? column + error.column - 1 : error.column,
                message: "\(Context.display(path + [key])): \(error.message)")
        }
    }

    /// A view template; its errors are placed in the file: the string's start plus the line and
    /// column within the template.
    private func template(_ value: TOMLValue, at path: [String], _ context: Context) throws(ConfigError) -> ViewTemplate {
        guard let text = value.string else { throw context.mismatch(at: path, expected: "a view template: JSON in a string", found: value) }
        do {
            return try ViewTemplate(text)
        } catch {
            let (line, column) = contentStart(of: value)
            throw ConfigError(
                file: context.file, line: line + error.line - 1, column: error.line == 1 ? column + error.column - 1 : error.column,
                message: "\(Context.display(path)): \(error.message)")
        }
    }

    /// Where a string value's text starts in the file: after its quotes, and after the line break
    /// that a multi-line string may open with.
    private func contentStart(of value: TOMLValue) -> (line: Int, column: Int) {
        let start = value.position
        let offset = start.offset
        let opening = bytes[offset...].prefix(3)
        if opening.count == 3, opening.allSatisfy({ $0 == opening.first }) {
            let after = offset + 3
            if after < bytes.count, bytes[after] == 0x0A { return (start.line + 1, 1) }
            if after + 1 < bytes.count, bytes[after] == 0x0D, bytes[after + 1] == 0x0A { return (start.line + 1, 1) }
            return (start.line, start.column + 3)
        }
        return (start.line, start.column + 1)
    }
}
