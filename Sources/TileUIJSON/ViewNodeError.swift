import TileUI

/// Why a JSON view tree was refused: the JSON path of the offending value and what was expected,
/// shown as `entries[0].view.VStack[2].font: expected one of largeTitle, …, found "huge"`.
public struct ViewNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is, as `entries[0].view.VStack[2].font`.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// An error at `path` (empty for the whole document) saying `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension JSONValue {
    /// The value as an error message quotes it: strings and numbers as written (long strings
    /// cut), other values by kind.
    var quoted: String {
        switch self {
        case .string(let text):
            return "\"" + JSONValue.shown(text) + "\""
        case .number(let number):
            return JSONWriter.format(number)
        case .bool(let value):
            return value ? "true" : "false"
        default:
            return kindDescription
        }
    }
}

extension JSONValue {
    /// Text from the document as an error shows it, in a quoted value or a path's key: errors end
    /// up on the board as a tile's stale reason, so no controls, one line, at most 40 characters.
    static func shown(_ text: String) -> String {
        let line = TerminalText.sanitize(text).map { $0 == "\n" || $0 == "\t" ? " " : $0 }
        return String(line.prefix(40)) + (line.count > 40 ? "…" : "")
    }
}
