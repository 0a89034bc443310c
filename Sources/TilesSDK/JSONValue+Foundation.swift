import Foundation
import TileUIJSON

// What a Swift extension built on Foundation hands over: `JSONSerialization`'s objects. Here, in
// the SDK, because the tiles binary itself links no more of Foundation than FoundationEssentials,
// which has no `JSONSerialization`, `NSNumber` or `NSNull`.

extension JSONValue {
    /// A value from `JSONSerialization.jsonObject(with:)`'s output (dictionaries, arrays, strings,
    /// numbers, booleans, `NSNull`). Dictionary keys are sorted, as their order is lost already.
    /// Nil for anything else, or nesting deeper than `maxDepth`.
    public init?(jsonObject: Any, maxDepth: Int = JSONValue.maxParseDepth) {
        guard maxDepth > 0 else { return nil }
        switch jsonObject {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let flag as Bool where type(of: jsonObject) == Bool.self:
            self = .bool(flag)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumbers too, of the C type char.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(jsonObject: element, maxDepth: maxDepth - 1) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var members: [(key: String, value: JSONValue)] = []
            for key in dictionary.keys.sorted() {
                guard let value = JSONValue(jsonObject: dictionary[key]!, maxDepth: maxDepth - 1) else { return nil }
                members.append((key, value))
            }
            self = .object(members)
        default:
            return nil
        }
    }
}

extension ViewNode {
    /// Decodes a view tree from `JSONSerialization` output; `path` prefixes every error.
    public init(jsonObject: Any, path: String = "") throws(ViewNodeError) {
        guard let value = JSONValue(jsonObject: jsonObject) else {
            throw ViewNodeError(path: path, message: "expected a JSON value nested at most \(JSONValue.maxParseDepth) levels")
        }
        try self.init(json: value, path: path)
    }
}
