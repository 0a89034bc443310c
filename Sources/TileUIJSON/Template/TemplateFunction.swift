import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The data a template is drawn from: the whole document, the value at hand (a `ForEach` row),
/// and the moment and zone that dates and relative times are shown in.
public struct TemplateScope: Sendable {
    public var root: JSONValue
    var current: JSONValue
    public var now: Date
    public var zone: Zone

    public init(root: JSONValue, now: Date, zone: Zone) {
        self.root = root
        current = root
        self.now = now
        self.zone = zone
    }
}

/// The functions a pipeline may call, each named as in docs/configuration.md ("Templates").
enum TemplateFunction: String, Hashable, Sendable, CaseIterable {
    case number, percent, bytes, round, relative, date, truncate, upper, lower, `default`, length

    /// The literal arguments each takes, checked when the template is read.
    func check(_ arguments: [JSONValue]) throws(TemplateError) {
        func count(_ range: ClosedRange<Int>) throws(TemplateError) {
            guard range.contains(arguments.count) else {
                throw TemplateError("\(rawValue) takes \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)") argument\(range.upperBound == 1 ? "" : "s")")
            }
        }
        switch self {
        case .number, .percent, .round:
            try count(0...1)
            if let first = arguments.first {
                guard let digits = first.wholeNumber, (0...9).contains(digits) else { throw TemplateError("\(rawValue): the digits after the point are 0 to 9") }
            }
        case .truncate:
            try count(1...1)
            guard let length = arguments[0].wholeNumber, length > 0 else { throw TemplateError("truncate: a length of 1 or more") }
        case .date:
            try count(0...1)
            if let first = arguments.first, case .string = first {} else if !arguments.isEmpty {
                throw TemplateError("date: a pattern like \"yyyy-MM-dd HH:mm\"")
            }
        case .default:
            try count(1...1)
        case .bytes, .relative, .upper, .lower, .length:
            try count(0...0)
        }
    }

    func apply(to value: JSONValue?, arguments: [JSONValue], in scope: TemplateScope) -> JSONValue? {
        let digits = arguments.first?.wholeNumber
        switch self {
        case .default:
            return TemplateCondition.truth(value) ? value : arguments[0]
        case .length:
            switch value {
            case .array(let items)?: return .number(Double(items.count))
            case .object(let members)?: return .number(Double(members.count))
            case .string(let text)?: return .number(Double(text.count))
            default: return value == nil ? nil : .number(0)
            }
        case .upper: return value.map { .string(TemplateText.plain($0).uppercased()) }
        case .lower: return value.map { .string(TemplateText.plain($0).lowercased()) }
        case .truncate:
            guard let value else { return nil }
            let text = TemplateText.plain(value)
            let limit = arguments[0].wholeNumber ?? 1
            return .string(text.count <= limit ? text : String(text.prefix(max(limit - 1, 0))) + "…")
        case .round:
            guard let number = TemplateText.number(value) else { return value }
            let scale = pow(10.0, Double(digits ?? 0))
            return .number((number * scale).rounded() / scale)
        case .number:
            guard let number = TemplateText.number(value) else { return value }
            return .string(TemplateText.grouped(number, digits: digits ?? 0))
        case .percent:
            guard let number = TemplateText.number(value) else { return value }
            return .string(TemplateText.grouped(number * 100, digits: digits ?? 0) + "%")
        case .bytes:
            guard let number = TemplateText.number(value) else { return value }
            return .string(ByteCount.text(number))
        case .relative:
            guard let date = TemplateText.date(value) else { return value }
            return .string(TemplateText.relative(date, now: scope.now))
        case .date:
            guard let date = TemplateText.date(value) else { return value }
            let pattern = arguments.first.map(TemplateText.plain) ?? "yyyy-MM-dd HH:mm"
            return .string(TemplateText.format(date, pattern: pattern, zone: scope.zone))
        }
    }
}

extension JSONValue {
    /// A whole number, when this is one that fits.
    var wholeNumber: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
