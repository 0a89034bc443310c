import FoundationEssentials
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// A parameter of a widget program as a `[[widget.parameter]]` table or a `describe` answer
/// writes it, before it is checked: `name`, `type` (bool, integer, string, choice), `default`…
public struct ParameterSpec: Sendable, Equatable {
    public var name: String
    public var type: String
    public var title: String?
    public var defaultValue: ParameterValue?
    public var choices: [ParameterOption]
    public var range: ClosedRange<Int>?
    public var maxLength: Int?

    /// The types a spec may name.
    public static let types = ["bool", "integer", "string", "choice"]

    public init(
        name: String, type: String, title: String? = nil, defaultValue: ParameterValue? = nil,
        choices: [ParameterOption] = [], range: ClosedRange<Int>? = nil, maxLength: Int? = nil
    ) {
        self.name = name
        self.type = type
        self.title = title
        self.defaultValue = defaultValue
        self.choices = choices
        self.range = range
        self.maxLength = maxLength
    }

    /// The checked parameter; a mistake is described as `field: problem` for the caller to place.
    public func description() throws(ParameterSpecError) -> ParameterDescription {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCIILetterOrDigit || $0 == "_" || $0 == "-" }) else {
            throw ParameterSpecError(field: "name", message: "expected a name of letters, digits, _ and -, found \"\(JSONPath.shortened(name))\"")
        }
        let kind: ParameterKind
        let fallback: ParameterValue
        switch type {
        case "bool":
            kind = .bool
            fallback = .bool(false)
        case "integer":
            kind = .integer(range: range)
            fallback = .integer(range.map { max($0.lowerBound, min(0, $0.upperBound)) } ?? 0)
        case "string":
            kind = .string(maxLength: maxLength)
            fallback = .string("")
        case "choice":
            guard !choices.isEmpty else { throw ParameterSpecError(field: "choices", message: "a choice parameter needs a list of choices") }
            kind = .choice(choices)
            fallback = .string(choices[0].value)
        default:
            throw ParameterSpecError(field: "type", message: "expected one of \(Self.types.joined(separator: ", ")), found \"\(JSONPath.shortened(type))\"")
        }
        if type != "choice", !choices.isEmpty {
            throw ParameterSpecError(field: "choices", message: "only a choice parameter has choices")
        }
        let description = ParameterDescription(key: name, title: title ?? name, kind: kind, defaultValue: defaultValue ?? fallback)
        do {
            try description.validate(description.defaultValue)
        } catch {
            throw ParameterSpecError(field: "default", message: "\(error)")
        }
        return description
    }
}

/// A mistake in a parameter spec: which field and what is wrong.
public struct ParameterSpecError: Error, CustomStringConvertible, Equatable {
    public var field: String
    public var message: String
    public var description: String { "\(field): \(message)" }
}
