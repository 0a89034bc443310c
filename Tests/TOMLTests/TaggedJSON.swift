import Foundation
import TOML

/// A document in toml-test's tagged JSON form: tables as objects, arrays as arrays, and every
/// other value as `{"type": T, "value": "…"}`. Both the parser's result and the suite's `.json`
/// files are turned into it and then compared.
indirect enum TaggedJSON: Equatable {
    case table([String: TaggedJSON])
    case array([TaggedJSON])
    case leaf(type: String, value: String)

    /// A parsed document.
    init(_ table: TOMLTable) {
        var members: [String: TaggedJSON] = [:]
        for (key, value) in table { members[key] = TaggedJSON(value) }
        self = .table(members)
    }

    init(_ value: TOMLValue) {
        switch value.kind {
        case .string(let text): self = .leaf(type: "string", value: text)
        case .integer(let number): self = .leaf(type: "integer", value: String(number))
        case .float(let number):
            let text = number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
            self = .leaf(type: "float", value: text)
        case .bool(let flag): self = .leaf(type: "bool", value: String(flag))
        case .dateTime(let dateTime):
            let type = switch dateTime.kind {
            case .offsetDateTime: "datetime"
            case .localDateTime: "datetime-local"
            case .localDate: "date-local"
            case .localTime: "time-local"
            }
            self = .leaf(type: type, value: dateTime.description)
        case .array(let elements): self = .array(elements.map(TaggedJSON.init))
        case .table(let table): self = TaggedJSON(table)
        }
    }

    /// The document in a suite `.json` file; nil when the JSON is not in the tagged form.
    init?(json data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        self.init(jsonObject: object)
    }

    private init?(jsonObject: Any) {
        if let array = jsonObject as? [Any] {
            var elements: [TaggedJSON] = []
            for element in array {
                guard let tagged = TaggedJSON(jsonObject: element) else { return nil }
                elements.append(tagged)
            }
            self = .array(elements)
        } else if let object = jsonObject as? [String: Any] {
            if object.count == 2, let type = object["type"] as? String, let value = object["value"] as? String {
                self = .leaf(type: type, value: value)
                return
            }
            var members: [String: TaggedJSON] = [:]
            for (key, member) in object {
                guard let tagged = TaggedJSON(jsonObject: member) else { return nil }
                members[key] = tagged
            }
            self = .table(members)
        } else {
            return nil
        }
    }

    /// Whether `self` (the parser's) and `expected` (the suite's) are the same document: floats
    /// compared as numbers (nan and inf by name), integers as numbers, date-times in one form.
    func matches(_ expected: TaggedJSON) -> Bool {
        switch (self, expected) {
        case (.table(let own), .table(let other)):
            return own.count == other.count && own.allSatisfy { key, value in other[key].map(value.matches) ?? false }
        case (.array(let own), .array(let other)):
            return own.count == other.count && zip(own, other).allSatisfy { $0.matches($1) }
        case (.leaf(let ownType, let own), .leaf(let otherType, let other)):
            guard ownType == otherType else { return false }
            switch ownType {
            case "float":
                if own == "nan" || other.hasSuffix("nan") { return own == "nan" && other.hasSuffix("nan") }
                return Double(own) == Double(other)
            case "integer": return Int64(own) == Int64(other)
            case "datetime", "datetime-local", "date-local", "time-local":
                return own == Self.normalisedDateTime(other)
            default: return own == other
            }
        default:
            return false
        }
    }

    /// A suite date-time as `TOMLDateTime.description` writes it: `T`, no trailing zeros in the
    /// fraction, `Z` for a zero offset.
    static func normalisedDateTime(_ text: String) -> String {
        var scalars = Array(text.uppercased())
        if scalars.count > 10, scalars[10] == " " { scalars[10] = "T" }
        var result = String(scalars)
        if result.hasSuffix("+00:00") || result.hasSuffix("-00:00") { result = String(result.dropLast(6)) + "Z" }
        guard let dot = result.firstIndex(of: ".") else { return result }
        let fractionEnd = result[result.index(after: dot)...].firstIndex { !$0.isNumber } ?? result.endIndex
        var fraction = String(result[result.index(after: dot)..<fractionEnd])
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return String(result[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + String(result[fractionEnd...])
    }

    /// The tagged JSON text, keys sorted: the encoder's output, shown when a comparison fails.
    var json: String {
        switch self {
        case .table(let members):
            return "{" + members.keys.sorted().map { Self.quoted($0) + ": " + members[$0]!.json }.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map(\.json).joined(separator: ", ") + "]"
        case .leaf(let type, let value):
            return "{\"type\": \(Self.quoted(type)), \"value\": \(Self.quoted(value))}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
