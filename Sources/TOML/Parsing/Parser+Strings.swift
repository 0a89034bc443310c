/// TOML's four kinds of string: "basic" with escapes, 'literal' as written, and a multi-line
/// form of each.
extension Parser {
    /// `"…"` at the cursor, escapes decoded.
    mutating func parseBasicString() throws(TOMLError) -> String {
        cursor.advance()
        var text: [UInt8] = []
        var run = cursor.offset
        while true {
            guard let byte = cursor.current, !cursor.isAtNewline else {
                throw error("expected '\"' to close the string, found \(cursor.found)")
            }
            switch byte {
            case UInt8(ascii: "\""):
                text += cursor.bytes[run..<cursor.offset]
                cursor.advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                text += cursor.bytes[run..<cursor.offset]
                try parseEscape(into: &text)
                run = cursor.offset
            case _ where Self.isControl(byte):
                throw error("\(cursor.found) must be written as an escape in a string")
            default:
                cursor.advance()
            }
        }
    }

    /// `'…'` at the cursor, as written.
    mutating func parseLiteralString() throws(TOMLError) -> String {
        cursor.advance()
        let start = cursor.offset
        while true {
            guard let byte = cursor.current, !cursor.isAtNewline else {
                throw error("expected \"'\" to close the string, found \(cursor.found)")
            }
            if byte == UInt8(ascii: "'") { break }
            if Self.isControl(byte) { throw error("\(cursor.found) is not allowed in a literal string") }
            cursor.advance()
        }
        let text = cursor.text(start..<cursor.offset)
        cursor.advance()
        return text
    }

    /// `"""…"""` (escapes decoded, a backslash at the end of a line joining it to the next
    /// non-blank text) or `'''…'''` (as written) at the cursor; a newline right after the opening
    /// quotes is dropped.
    mutating func parseMultilineString(quote: UInt8) throws(TOMLError) -> String {
        let start = cursor.position
        let isBasic = quote == UInt8(ascii: "\"")
        cursor.advance(by: 3)
        _ = cursor.skipNewline()
        var text: [UInt8] = []
        var run = cursor.offset
        while true {
            guard let byte = cursor.current else {
                let closer = isBasic ? "\"\"\"" : "'''"
                throw error("expected \(closer) to close the multi-line string that starts at \(start), found end of file")
            }
            if byte == quote {
                text += cursor.bytes[run..<cursor.offset]
                if try closeMultiline(quote: byte, into: &text) { return String(decoding: text, as: UTF8.self) }
                run = cursor.offset
            } else if isBasic && byte == UInt8(ascii: "\\") {
                text += cursor.bytes[run..<cursor.offset]
                if !skipLineEndingBackslash() { try parseEscape(into: &text) }
                run = cursor.offset
            } else if cursor.isAtNewline {
                _ = cursor.skipNewline()
            } else if Self.isControl(byte) {
                throw error(isBasic ? "\(cursor.found) must be written as an escape in a string" : "\(cursor.found) is not allowed in a literal string")
            } else {
                cursor.advance()
            }
        }
    }

    /// At a run of quotes inside a multi-line string: three or more close it (up to two more
    /// before them belong to the text); fewer are text. Returns whether the string ended.
    private mutating func closeMultiline(quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        var count = 0
        while cursor.peek(count) == quote { count += 1 }
        if count < 3 {
            text += repeatElement(quote, count: count)
            cursor.advance(by: count)
            return false
        }
        if count > 5 {
            cursor.advance(by: 5)
            throw error("too many quotes: a multi-line string holds at most two in a row before its closing three")
        }
        text += repeatElement(quote, count: count - 3)
        cursor.advance(by: count)
        return true
    }

    /// A backslash followed by blanks and a line end: steps over it and all blanks and line
    /// ends after it. Returns false (moving nothing) for any other backslash.
    private mutating func skipLineEndingBackslash() -> Bool {
        var distance = 1
        while let byte = cursor.peek(distance), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { distance += 1 }
        let next = cursor.peek(distance)
        guard next == UInt8(ascii: "\n") || (next == UInt8(ascii: "\r") && cursor.peek(distance + 1) == UInt8(ascii: "\n")) else {
            return false
        }
        cursor.advance(by: distance)
        while true {
            cursor.skipBlanks()
            if !cursor.skipNewline() { return true }
        }
    }

    /// A backslash escape at the cursor, decoded into `text` as UTF-8.
    private mutating func parseEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = cursor.position
        cursor.advance()
        let simple: UInt8?
        switch cursor.current {
        case UInt8(ascii: "b")?: simple = 0x08
        case UInt8(ascii: "t")?: simple = 0x09
        case UInt8(ascii: "n")?: simple = 0x0A
        case UInt8(ascii: "f")?: simple = 0x0C
        case UInt8(ascii: "r")?: simple = 0x0D
        case UInt8(ascii: "\"")?: simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\")?: simple = UInt8(ascii: "\\")
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?: simple = nil
        default:
            throw error("unknown escape: a backslash followed by \(cursor.found); "
                + #"escapes are \b \t \n \f \r \" \\ \uXXXX and \UXXXXXXXX"#, at: start)
        }
        if let simple {
            text.append(simple)
            cursor.advance()
            return
        }
        let digits = cursor.current == UInt8(ascii: "u") ? 4 : 8
        cursor.advance()
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = cursor.current, let digit = Self.hexDigit(byte) else {
                throw error("expected \(digits) hex digits after '\\\(digits == 4 ? "u" : "U")', found \(cursor.found)")
            }
            value = value << 4 | UInt32(digit)
            cursor.advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value, so it cannot be escaped", at: start)
        }
        text += Array(String(Character(scalar)).utf8)
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
