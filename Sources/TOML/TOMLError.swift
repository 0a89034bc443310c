/// Why a document is not valid TOML (or not within `TOMLLimits`), and where.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is: the character that could not be read, or the key written twice.
    public var position: TOMLPosition
    /// What is wrong, and what would be right when that can be said.
    public var message: String

    /// An error at `position`.
    public init(position: TOMLPosition, message: String) {
        self.position = position
        self.message = message
    }

    /// 1-based line of the problem.
    public var line: Int { position.line }
    /// 1-based column of the problem, counted in Unicode scalars.
    public var column: Int { position.column }

    /// `line:column: message`; a caller prefixes the file name.
    public var description: String { "\(position): \(message)" }

    /// `text` as an error message shows a key or a string: control characters escaped as TOML
    /// writes them (`\u0000`), and cut to `limit` characters with `…` so the line stays readable.
    public static func shown(_ text: String, limit: Int = TOMLLimits.default.shownLength) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
