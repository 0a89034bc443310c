/// Unquoted values: booleans, integers, floats and dates. They are read as one token of the
/// characters they may contain, then checked against TOML's grammar for the kind the token
/// looks like, so an error names the whole token.
extension Parser {
    /// A character an unquoted value may contain.
    static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"): true
        default: false
        }
    }

    mutating func parseScalar() throws(TOMLError) -> TOMLValue.Kind {
        let start = cursor.position
        while let byte = cursor.current, Self.isScalarByte(byte) { cursor.advance() }
        // A date and a time may be separated by a space: `1979-05-27 07:32:00`.
        if cursor.offset - start.offset == 10, cursor.current == UInt8(ascii: " "), Self.isDate(cursor.bytes[start.offset..<cursor.offset]),
           Self.isDigit(cursor.peek(1)), Self.isDigit(cursor.peek(2)), cursor.peek(3) == UInt8(ascii: ":") {
            cursor.advance()
            while let byte = cursor.current, Self.isScalarByte(byte) { cursor.advance() }
        }
        let token = cursor.bytes[start.offset..<cursor.offset]
        switch String(decoding: token, as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan": return .float(.nan)
        case "-nan": return .float(-.nan)
        default: break
        }
        if Self.isDate(token.prefix(10)) || (token.count > 2 && token[token.startIndex + 2] == UInt8(ascii: ":")) {
            guard let dateTime = DateTimeGrammar.parse(token) else {
                throw error("invalid date or time '\(Self.shown(token))'; expected a form like 1979-05-27T07:32:00Z, 1979-05-27 or 07:32:00", at: start)
            }
            return .dateTime(dateTime)
        }
        if let number = NumberGrammar.parse(token) { return number }
        let first = token.first ?? 0
        let isNumeric = Self.isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
        throw error(isNumeric
            ? "invalid number '\(Self.shown(token))'" + NumberGrammar.hint(token)
            : "expected a value, found '\(Self.shown(token))'; write a string in quotes", at: start)
    }

    static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `YYYY-MM-DD` in form (the values are checked later).
    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : isDigit(byte)
        }
    }

    private static func shown(_ token: ArraySlice<UInt8>) -> String {
        TOMLError.shown(String(decoding: token, as: UTF8.self))
    }
}
