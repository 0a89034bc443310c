import FoundationEssentials
import TileBase
import TileUIJSON
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// A program that serves several kinds answers `{"request": "describe"}` with what it offers:
/// `{"widgets": [{"kind": …, "title": …, "families": […], "parameters": […]}, …]}`. This reads
/// that answer into declarations that run the same program for each kind.
public enum ExtensionDescription {
    /// The request line a program is asked to describe itself with.
    public static let request = Data("{\"request\":\"describe\"}\n".utf8)

    /// The declarations in `output`, each running `command` (in `directory`) with its kind in the request.
    public static func declarations(from output: Data, command: [String], directory: String?) throws(ExtensionError) -> [WidgetDeclaration] {
        let document = try JSONValue.parse(output)
        guard let widgets = document["widgets"]?.array else {
            throw .mismatch(at: "widgets", expected: "a list of widgets", found: document["widgets"] ?? document)
        }
        var declarations: [WidgetDeclaration] = []
        for (index, item) in widgets.enumerated() {
            let path = JSONPath.element("widgets", index)
            let declaration = try self.declaration(item, at: path, command: command, directory: directory)
            if declarations.contains(where: { $0.kind == declaration.kind }) {
                throw ExtensionError("\(path).kind: two widgets have the kind '\(declaration.kind)'")
            }
            declarations.append(declaration)
        }
        return declarations
    }

    private static let keys = ["kind", "title", "description", "families", "format", "refresh", "timeout", "listen", "parameters"]

    private static func declaration(_ value: JSONValue, at path: String, command: [String], directory: String?) throws(ExtensionError) -> WidgetDeclaration {
        guard let members = value.members else { throw .mismatch(at: path, expected: "a widget object", found: value) }
        for key in members.keys.sorted() where !keys.contains(key) {
            throw ExtensionError("\(path).\(key): unknown key; expected one of \(keys.joined(separator: ", "))")
        }
        guard let kind = members["kind"]?.string, WidgetKindName.isValid(kind) else {
            throw .mismatch(at: "\(path).kind", expected: WidgetKindName.expected, found: members["kind"])
        }
        var declaration = WidgetDeclaration(kind: kind, command: command, directory: directory)
        if let title = members["title"] {
            guard let text = title.string else { throw .mismatch(at: "\(path).title", expected: "a string", found: title) }
            declaration.title = text
        }
        if let summary = members["description"] {
            guard let text = summary.string else { throw .mismatch(at: "\(path).description", expected: "a string", found: summary) }
            declaration.summary = text
        }
        if let families = members["families"] {
            guard let names = families.array, !names.isEmpty else {
                throw .mismatch(at: "\(path).families", expected: "a list of families", found: families)
            }
            declaration.families = []
            for (index, name) in names.enumerated() {
                guard let text = name.string, let family = WidgetFamily(name: text) else {
                    throw .mismatch(at: "\(path).families[\(index)]", expected: "a family (\(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")))", found: name)
                }
                declaration.families.append(family)
            }
        }
        if let format = members["format"] {
            guard let text = format.string, let named = WidgetDeclaration.Format(rawValue: text) else {
                throw .mismatch(at: "\(path).format", expected: "\"timeline\" or \"text\"", found: format)
            }
            declaration.format = named
        }
        for key in ["refresh", "timeout"] {
            guard let given = members[key] else { continue }
            let seconds = given.number ?? given.string.flatMap(DurationText.seconds)
            guard let seconds, seconds > 0 else { throw .mismatch(at: "\(path).\(key)", expected: "a duration like \"5m\" or seconds", found: given) }
            if key == "timeout", seconds > WidgetDeclaration.maximumTimeout {
                throw ExtensionError("\(path).timeout: at most \(DurationText.describe(WidgetDeclaration.maximumTimeout))")
            }
            if key == "refresh" { declaration.refresh = seconds } else { declaration.timeout = seconds }
        }
        if let listen = members["listen"] {
            guard let flag = listen.bool else { throw .mismatch(at: "\(path).listen", expected: "true or false", found: listen) }
            declaration.listen = flag
        }
        if let parameters = members["parameters"] {
            guard let items = parameters.array else { throw .mismatch(at: "\(path).parameters", expected: "a list of parameters", found: parameters) }
            for (index, item) in items.enumerated() {
                declaration.parameters.append(try parameter(item, at: "\(path).parameters[\(index)]"))
            }
        }
        return declaration
    }

    private static func parameter(_ value: JSONValue, at path: String) throws(ExtensionError) -> ParameterDescription {
        guard let members = value.members, let name = members["name"]?.string, let type = members["type"]?.string else {
            throw .mismatch(at: path, expected: "a parameter with a name and a type", found: value)
        }
        var spec = ParameterSpec(name: name, type: type, title: members["title"]?.string)
        if let value = members["default"] {
            switch value {
            case .bool(let flag): spec.defaultValue = .bool(flag)
            case .string(let text): spec.defaultValue = .string(text)
            default:
                guard let number = value.integer else { throw .mismatch(at: "\(path).default", expected: "a bool, an integer or a string", found: value) }
                spec.defaultValue = .integer(number)
            }
        }
        if let choices = members["choices"]?.array {
            for choice in choices {
                if let text = choice.string {
                    spec.choices.append(ParameterOption(value: text, title: text))
                } else if let value = choice["value"]?.string {
                    spec.choices.append(ParameterOption(value: value, title: choice["title"]?.string ?? value))
                } else {
                    throw .mismatch(at: "\(path).choices", expected: "strings or {\"value\", \"title\"} objects", found: choice)
                }
            }
        }
        if let low = members["min"]?.integer, let high = members["max"]?.integer, low <= high { spec.range = low...high }
        spec.maxLength = members["maxLength"]?.integer
        do {
            return try spec.description()
        } catch {
            throw ExtensionError("\(path).\(error.field): \(error.message)")
        }
    }
}

/// What a widget kind may be called: letters, digits, `-`, `_` and `.`, starting with a letter.
public enum WidgetKindName {
    public static let expected = "a kind of letters, digits, -, _ and . that starts with a letter"

    public static func isValid(_ kind: String) -> Bool {
        guard let first = kind.unicodeScalars.first, first.isASCIILetter, kind.count <= 64 else { return false }
        return kind.unicodeScalars.allSatisfy { $0.isASCIILetterOrDigit || "-_.".unicodeScalars.contains($0) }
    }
}
