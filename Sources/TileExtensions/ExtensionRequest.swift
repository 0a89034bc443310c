import FoundationEssentials
import TileUIJSON
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// What tiles asks a widget program: one JSON object on its standard input, and the same facts in
/// its environment for shell scripts (docs/extensions.md, "The request").
public struct ExtensionRequest: Sendable, Equatable {
    public var kind: String
    public var family: WidgetFamily
    /// The board's size class: with the family, it decides `width` and `height`.
    public var sizeClass: SizeClass
    public var colorScheme: ColorScheme
    public var parameters: [String: ParameterValue]
    public var now: Date
    /// `scheduled`, `explicit` (the user asked) or `configuration` (parameters or family changed).
    public var reason: String
    public var isPreview: Bool
    /// The board's language, as `locale` (`en`, `zh-Hans`) and `TILES_LANGUAGE`.
    public var language: Language
    /// The press being run, for an action request (`"request": "action"`); nil for a timeline.
    public var action: WidgetAction?

    public init(
        kind: String, family: WidgetFamily, colorScheme: ColorScheme, parameters: [String: ParameterValue],
        now: Date, reason: String, isPreview: Bool, sizeClass: SizeClass = .regular,
        language: Language = Localization.language
    ) {
        self.language = language
        self.kind = kind
        self.family = family
        self.sizeClass = sizeClass
        self.colorScheme = colorScheme
        self.parameters = parameters
        self.now = now
        self.reason = reason
        self.isPreview = isPreview
    }

    /// The request for a provider call in `context`.
    public init(kind: String, context: TimelineContext, parameters: [String: ParameterValue]) {
        self.init(
            kind: kind, family: context.family, colorScheme: context.colorScheme, parameters: parameters,
            now: context.now, reason: Self.reason(context.reason), isPreview: context.isPreview,
            sizeClass: context.sizeClass, language: context.language)
    }

    /// The request's `reason` for a scheduler's reload reason.
    public static func reason(_ reason: ReloadReason) -> String {
        switch reason {
        case .initial, .policy, .retry: "scheduled"
        case .user, .widgetCenter: "explicit"
        case .configuration: "configuration"
        case .action: "action"
        }
    }

    /// The request as one line of JSON (keys sorted, no newline inside).
    public var json: Data {
        var parameterValues: [String: JSONValue] = [:]
        for (key, value) in parameters {
            switch value {
            case .bool(let flag): parameterValues[key] = .bool(flag)
            case .integer(let number): parameterValues[key] = .number(Double(number))
            case .string(let text): parameterValues[key] = .string(text)
            case .list(let items): parameterValues[key] = .array(items.map(JSONValue.string))
            }
        }
        var object: [String: JSONValue] = [
            "request": .string(action == nil ? "timeline" : "action"),
            "kind": .string(kind),
            "family": .string(family.rawValue),
            "width": .number(Double(family.gridSize(in: sizeClass).columns)),
            "height": .number(Double(family.gridSize(in: sizeClass).rows)),
            "sizeClass": .string(sizeClass.rawValue),
            "colorScheme": .string(colorScheme == .dark ? "dark" : "light"),
            "now": .string(Self.dateText(now)),
            "reason": .string(reason),
            "isPreview": .bool(isPreview),
            "locale": .string(language.rawValue),
            "parameters": Self.sortedObject(parameterValues),
        ]
        if let action {
            object["action"] = .string(action.name)
            if let value = action.value, let parsed = try? JSONValue(parsing: value) { object["value"] = parsed }
            if let isOn = action.isOn { object["isOn"] = .bool(isOn) }
            if let input = action.input { object["input"] = .string(input) }
        }
        return Self.sortedObject(object).jsonData
    }

    private static func sortedObject(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }

    /// `TILES_KIND`, `TILES_FAMILY`, … and `TILES_PARAM_<NAME>` for each parameter (upper-cased,
    /// other characters than letters and digits as `_`; lists joined with commas).
    public var environment: [String: String] {
        var variables = [
            "TILES_KIND": kind,
            "TILES_FAMILY": family.rawValue,
            "TILES_WIDTH": String(family.gridSize(in: sizeClass).columns),
            "TILES_HEIGHT": String(family.gridSize(in: sizeClass).rows),
            "TILES_SIZE_CLASS": sizeClass.rawValue,
            "TILES_COLOR_SCHEME": colorScheme == .dark ? "dark" : "light",
            "TILES_REASON": reason,
            "TILES_NOW": Self.dateText(now),
            "TILES_IS_PREVIEW": isPreview ? "1" : "0",
            "TILES_LANGUAGE": language.rawValue,
        ]
        for (key, value) in parameters {
            variables["TILES_PARAM_" + Self.variableName(key)] = value.description
        }
        if let action {
            variables["TILES_ACTION"] = action.name
            // A string value as itself, for shell scripts; any other value as its JSON.
            if let value = action.value {
                if case .string(let text)? = try? JSONValue(parsing: value) {
                    variables["TILES_ACTION_VALUE"] = text
                } else {
                    variables["TILES_ACTION_VALUE"] = value
                }
            }
            if let isOn = action.isOn { variables["TILES_ACTION_IS_ON"] = isOn ? "1" : "0" }
            if let input = action.input { variables["TILES_ACTION_INPUT"] = input }
        }
        return variables
    }

    static func variableName(_ key: String) -> String {
        String(key.uppercased().unicodeScalars.map { scalar in
            scalar.isASCIILetterOrDigit ? Character(scalar) : "_"
        })
    }

    /// An instant as the protocol writes it: ISO 8601 in UTC with seconds.
    public static func dateText(_ date: Date) -> String {
        InternetDate.string(from: date)
    }
}

extension ExtensionRequest {
    /// Reads a request line as a program receives it (the Swift SDK's side of the protocol).
    public init(json: Data) throws(ExtensionError) {
        let document = try JSONValue.parse(json)
        guard let members = document.members else { throw .mismatch(at: "request", expected: "an object", found: document) }
        guard let kind = members["kind"]?.string else { throw .mismatch(at: "kind", expected: "a widget kind", found: members["kind"]) }
        guard let name = members["family"]?.string, let family = WidgetFamily(name: name) else {
            throw .mismatch(at: "family", expected: "a family name", found: members["family"])
        }
        let scheme: ColorScheme = members["colorScheme"]?.string == "dark" ? .dark : .light
        var now = Date()
        if let value = members["now"] { now = try TimelineResponse.date(value, at: "now") }
        var parameters: [String: ParameterValue] = [:]
        for (key, value) in members["parameters"]?.members ?? [:] {
            switch value {
            case .bool(let flag): parameters[key] = .bool(flag)
            case .string(let text): parameters[key] = .string(text)
            case .array(let items): parameters[key] = .list(items.compactMap(\.string))
            default:
                guard let number = value.integer else { throw .mismatch(at: "parameters.\(key)", expected: "a bool, an integer, a string or a list", found: value) }
                parameters[key] = .integer(number)
            }
        }
        self.init(
            kind: kind, family: family, colorScheme: scheme, parameters: parameters, now: now,
            reason: members["reason"]?.string ?? "scheduled", isPreview: members["isPreview"]?.bool ?? false,
            sizeClass: members["sizeClass"]?.string.flatMap(SizeClass.init(rawValue:)) ?? .regular,
            language: members["locale"]?.string.flatMap(Language.init(naming:)) ?? .english)
        if members["request"]?.string == "action" {
            guard let name = members["action"]?.string else {
                throw .mismatch(at: "action", expected: "the action's name", found: members["action"])
            }
            action = WidgetAction(
                name: name, value: members["value"].map { String(decoding: $0.jsonData, as: UTF8.self) },
                isOn: members["isOn"]?.bool, input: members["input"]?.string)
        }
    }

    /// The reload reason a program's provider sees for this request.
    public var reloadReason: ReloadReason {
        switch reason {
        case "explicit": .user
        case "configuration": .configuration
        case "action": .action
        default: .policy
        }
    }
}
