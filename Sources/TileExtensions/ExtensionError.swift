import FoundationEssentials
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// Why a widget program's answer could not be used. Its description is the tile's stale reason,
/// so it says where the mistake is (`entries[0].view.VStack[2].font: expected …`).
public struct ExtensionError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    /// `path: expected …, found …`, with long found values shortened.
    static func mismatch(at path: String, expected: String, found: JSONValue?) -> ExtensionError {
        ExtensionError("\(path): expected \(expected), found \(JSONPath.describe(found))")
    }
}

/// Helpers for messages about JSON values.
enum JSONPath {
    /// `path.key`, or `key` at the top.
    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// `path[index]`.
    static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }

    /// A found value as a message shows it: strings quoted and shortened, else its JSON type.
    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: "null"
        case .string(let text)?: "\"\(shortened(text))\""
        case .number(let number)?: number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag)?: String(flag)
        case .array?: "an array"
        case .object?: "an object"
        }
    }

    /// `text` cut to `limit` characters with `…`, controls and bidi controls escaped as the
    /// command line prints them (`\u001b`).
    static func shortened(_ text: String, limit: Int = 40) -> String {
        let clipped = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return clipped.escapingControlCharacters()
    }
}
