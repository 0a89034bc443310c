import FoundationEssentials
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// Plain accessors for reading the protocol's JSON documents.
extension JSONValue {
    /// Parses a program's answer; throws an `ExtensionError` saying where the text went wrong.
    public static func parse(_ data: Data) throws(ExtensionError) -> JSONValue {
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw ExtensionError(error.description)
        }
    }

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var number: Double? { if case .number(let number) = self { number } else { nil } }
    public var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    public var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }

    /// An object's members by key (the parser refuses a key given twice).
    public var members: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// An integer, when the number is whole and fits.
    public var integer: Int? {
        guard let number, number == number.rounded(), abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}
