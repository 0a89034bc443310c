import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// What kind of value a parameter holds and how a form edits it (docs/rules.md B5.1).
public enum ParameterKind: Hashable, Sendable {
    /// A switch.
    case bool
    /// A number, optionally bounded.
    case integer(range: ClosedRange<Int>?)
    /// A line of text, optionally capped.
    case string(maxLength: Int?)
    /// A static enum: one of fixed choices.
    case choice([ParameterOption])
    /// One of options the widget supplies at run time (dynamic options).
    case dynamic([ParameterOption])
    /// Several of the widget's options, a fixed number per family ("supports multiple values").
    case multiple([ParameterOption], counts: [WidgetFamily: Int])

    /// A short name for `tiles list`: `bool`, `integer`, `string`, `enum`, `option`, `options`.
    public var name: String {
        switch self {
        case .bool: "bool"
        case .integer: "integer"
        case .string: "string"
        case .choice: "enum"
        case .dynamic: "option"
        case .multiple: "options"
        }
    }

    /// The options of an enum, dynamic or multiple parameter; empty for the others.
    public var options: [ParameterOption] {
        switch self {
        case .choice(let options), .dynamic(let options), .multiple(let options, _): options
        default: []
        }
    }
}

/// A parameter as a UI sees it, without knowing the widget: key, title, kind and default. The
/// dashboard's edit form and `tiles list` are generated from these.
public struct ParameterDescription: Hashable, Sendable {
    /// The key in config files and `--param key=value`.
    public var key: String
    /// The title shown in forms.
    public var title: String
    public var kind: ParameterKind
    public var defaultValue: ParameterValue
    /// What a text value must look like beyond its length; nil when any text is fine.
    public var rule: ParameterRule?

    /// A parameter `key` titled `title`, edited as `kind`, starting at `defaultValue`; a text
    /// value must also pass `rule`.
    public init(key: String, title: String, kind: ParameterKind, defaultValue: ParameterValue, rule: ParameterRule? = nil) {
        self.key = key
        self.title = title
        self.kind = kind
        self.defaultValue = defaultValue
        self.rule = rule
    }

    /// Checks a value against this parameter: type, range, length, rule, choices and count.
    public func validate(_ value: ParameterValue) throws(ParameterError) {
        switch (kind, value) {
        case (.bool, .bool):
            return
        case let (.integer(range), .integer(number)):
            if let range, !range.contains(number) { throw .outOfRange(parameter: key, value: number, range: range) }
        case let (.string(maxLength), .string(text)):
            if let maxLength, text.count > maxLength { throw .tooLong(parameter: key, maxLength: maxLength) }
            if let rule, !rule.check(text) { throw .malformed(parameter: key, expected: rule.expected, found: text) }
        case let (.choice(options), .string(choice)), let (.dynamic(options), .string(choice)):
            if !options.contains(where: { $0.value == choice }) {
                throw .notAChoice(parameter: key, value: choice, choices: options.map(\.value))
            }
        case let (.multiple(options, counts), .list(values)):
            let allowed = 1...max(1, counts.values.max() ?? 1)
            if !allowed.contains(values.count) { throw .wrongCount(parameter: key, count: values.count, allowed: allowed) }
            var seen: Set<String> = []
            for value in values {
                if !options.contains(where: { $0.value == value }) {
                    throw .notAChoice(parameter: key, value: value, choices: options.map(\.value))
                }
                if !seen.insert(value).inserted { throw .duplicate(parameter: key, value: value) }
            }
        default:
            throw .wrongType(parameter: key, expected: expectedTypeName, found: value.typeName)
        }
    }

    /// Parses a value typed on the command line (`true`, `42`, `上海`, `scan,pay`) and validates it.
    /// Choices may be given by value or by title.
    public func parse(_ text: String) throws(ParameterError) -> ParameterValue {
        let value: ParameterValue
        switch kind {
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": value = .bool(true)
            case "false", "no", "off", "0": value = .bool(false)
            default: throw .wrongType(parameter: key, expected: L("parameter.true_or_false"), found: "'\(text)'")
            }
        case .integer:
            guard let number = Int(text) else { throw .wrongType(parameter: key, expected: L("parameter.an_integer"), found: "'\(text)'") }
            value = .integer(number)
        case .string:
            value = .string(text)
        case .choice(let options), .dynamic(let options):
            value = .string(Self.optionValue(text, in: options))
        case .multiple(let options, _):
            let items = text.split(separator: ",").map { $0.trimmingSpaces() }
            value = .list(items.map { Self.optionValue($0, in: options) })
        }
        try validate(value)
        return value
    }

    private static func optionValue(_ text: String, in options: [ParameterOption]) -> String {
        options.first(where: { ($0.title == text || $0.aliases.contains(text)) && $0.value != text }).map(\.value) ?? text
    }

    var expectedTypeName: String {
        switch kind {
        case .bool: L("parameter.a_bool")
        case .integer: L("parameter.an_integer")
        case .string, .choice, .dynamic: L("parameter.a_string")
        case .multiple: L("parameter.a_list_of_strings")
        }
    }

    /// How many values a multiple parameter shows in `family`; nil for other kinds.
    public func count(for family: WidgetFamily) -> Int? {
        guard case let .multiple(_, counts) = kind else { return nil }
        return counts[family] ?? counts.values.max() ?? 1
    }
}

extension ParameterDescription {
    /// Every parameter's value after applying `values` to the defaults, for widgets whose
    /// parameters are described at run time: each key must be described and each value valid.
    public static func resolve(
        _ values: [String: ParameterValue], against parameters: [ParameterDescription]
    ) throws(ParameterError) -> [String: ParameterValue] {
        var resolved = Dictionary(uniqueKeysWithValues: parameters.map { ($0.key, $0.defaultValue) })
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let parameter = parameters.first(where: { $0.key == key }) else {
                throw .unknownParameter(key, known: parameters.map(\.key))
            }
            try parameter.validate(value)
            resolved[key] = value
        }
        return resolved
    }
}
