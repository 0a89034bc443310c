import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The value of one widget parameter as stored in config files, caches and the command line:
/// a bool, an integer, a string, or a list of strings (multiple values).
public enum ParameterValue: Codable, Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int)
    case string(String)
    case list([String])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            self = .list(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        }
    }

    /// The value as a user would type it: `true`, `42`, `上海`, `scan,pay`.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .string(let value): value
        case .list(let values): values.joined(separator: ",")
        }
    }

    /// What kind of value this is, for error messages.
    var typeName: String {
        switch self {
        case .bool: L("parameter.a_bool")
        case .integer: L("parameter.an_integer")
        case .string: L("parameter.a_string")
        case .list: L("parameter.a_list")
        }
    }
}

/// One choice of an enum or dynamic parameter: the stored value and the title a user sees.
public struct ParameterOption: Codable, Hashable, Sendable {
    public var value: String
    public var title: String
    /// Other names a user may write for the option: its titles in the other languages.
    public var aliases: [String] = []

    public init(value: String, title: String, aliases: [String] = []) {
        self.value = value
        self.title = title
        self.aliases = aliases
    }

    private enum CodingKeys: String, CodingKey { case value, title }
}

/// A static enum a parameter can hold, as an `AppEnum`: cases stored by raw value, shown by name.
public protocol ParameterEnum: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable {
    /// The name shown in forms and in `tiles list`.
    var displayName: String { get }
}

/// Why a parameter value was refused. Each message names the parameter, what was expected and
/// what was found.
public enum ParameterError: Error, Equatable, CustomStringConvertible {
    case unknownParameter(String, known: [String])
    case wrongType(parameter: String, expected: String, found: String)
    case outOfRange(parameter: String, value: Int, range: ClosedRange<Int>)
    case tooLong(parameter: String, maxLength: Int)
    /// A text value that breaks the parameter's `ParameterRule`.
    case malformed(parameter: String, expected: String, found: String)
    case notAChoice(parameter: String, value: String, choices: [String])
    case wrongCount(parameter: String, count: Int, allowed: ClosedRange<Int>)
    case duplicate(parameter: String, value: String)

    /// The message in the language in use.
    public var description: String {
        switch self {
        case let .unknownParameter(name, known):
            let hint = nearest(to: name, in: known).map { L("parameter.did_you_mean", ["name": $0]) } ?? ""
            let list = known.isEmpty ? L("parameter.none") : L("parameter.known", ["names": known.joined(separator: ", ")])
            return L("parameter.unknown", ["name": name, "hint": hint, "list": list])
        case let .wrongType(name, expected, found):
            return L("parameter.wrong_type", ["name": name, "expected": expected, "found": found])
        case let .outOfRange(name, value, range):
            return L("parameter.out_of_range", ["name": name, "low": String(range.lowerBound), "high": String(range.upperBound), "value": String(value)])
        case let .tooLong(name, maxLength):
            return L("parameter.too_long", ["name": name, "length": String(maxLength)])
        case let .malformed(name, expected, found):
            return L("parameter.malformed", ["name": name, "expected": expected, "found": found])
        case let .notAChoice(name, value, choices):
            return L("parameter.not_a_choice", ["name": name, "value": value, "choices": choices.joined(separator: ", ")])
        case let .wrongCount(name, count, allowed):
            return L("parameter.wrong_count", ["name": name, "low": String(allowed.lowerBound), "high": String(allowed.upperBound), "count": String(count)])
        case let .duplicate(name, value):
            return L("parameter.duplicate", ["name": name, "value": value])
        }
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
public func nearest(to word: String, in candidates: [String]) -> String? {
    let length = word.count
    let limit = max(2, length / 3)
    // The distance is at least the difference in length, so a candidate too short or too long
    // cannot win; skipping it keeps a megabyte-long word from costing seconds.
    let scored = candidates.filter { abs($0.count - length) <= limit }.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
    return best.0
}

/// Levenshtein distance over Characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(1, b.count) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
