/// Finds where keys are written in a TOML document, so that errors about values can name a line:
/// TOMLKit's parsed values carry no source positions.
///
/// It reads table headers and the keys before each `=` (inline tables included) and steps over
/// values without interpreting them. It runs only on text TOMLKit has already accepted, so it
/// needs no error reporting of its own: on anything unexpected it skips to the next line.
struct TOMLKeyLocator {
    /// A 1-based line and column (counted in Unicode scalars, as toml++ counts them).
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// Each key path in source order, with the position of its last component. A dotted key
    /// `a.b = 1` records both `[a]` and `[a, b]`.
    private var keys: [(path: [String], position: Position)] = []

    init(source: String) {
        var cursor = Cursor(text: Array(source.unicodeScalars))
        while cursor.skipWhitespaceAndComments() {
            readStatement(&cursor)
            cursor.skipToNextLine()
        }
    }

    /// Where `path` is written; when it is not (an implicit table, a key TOMLKit reports as
    /// missing), where its deepest written ancestor is; nil when not even the first component is.
    func position(of path: [String]) -> Position? {
        var length = path.count
        while length > 0 {
            let prefix = Array(path.prefix(length))
            if let match = keys.first(where: { $0.path == prefix }) { return match.position }
            length -= 1
        }
        return nil
    }

    // MARK: - Scanning

    private var currentTable: [String] = []

    private mutating func readStatement(_ cursor: inout Cursor) {
        if cursor.current == "[" {
            cursor.advance()
            if cursor.current == "[" { cursor.advance() }  // an array of tables, `[[name]]`
            if let header = readKey(&cursor, under: []) { currentTable = header }
            return
        }
        guard let key = readKey(&cursor, under: currentTable) else { return }
        readAssignment(&cursor, to: key)
    }

    /// After a key: `= value`. Returns false when the text does not continue as expected.
    @discardableResult
    private mutating func readAssignment(_ cursor: inout Cursor, to key: [String]?) -> Bool {
        cursor.skipSpaces()
        guard cursor.current == "=" else { return false }
        cursor.advance()
        return readValue(&cursor, at: key)
    }

    /// Steps over one value, recording the keys of inline tables inside it. `path` is nil inside
    /// arrays, whose elements have no key path an error message could name.
    private mutating func readValue(_ cursor: inout Cursor, at path: [String]?) -> Bool {
        cursor.skipSpaces()
        switch cursor.current {
        case "{":
            cursor.advance()
            while true {
                cursor.skipSpaces()
                if cursor.current == "}" { cursor.advance(); return true }
                guard let key = readKey(&cursor, under: path) else { return false }
                guard readAssignment(&cursor, to: path == nil ? nil : key) else { return false }
                cursor.skipSpaces()
                if cursor.current == "," { cursor.advance(); continue }
                if cursor.current == "}" { cursor.advance(); return true }
                return false
            }
        case "[":
            cursor.advance()
            while true {
                cursor.skipWhitespaceAndComments()
                if cursor.current == "]" { cursor.advance(); return true }
                guard readValue(&cursor, at: nil) else { return false }
                cursor.skipWhitespaceAndComments()
                if cursor.current == "," { cursor.advance(); continue }
                if cursor.current == "]" { cursor.advance(); return true }
                return false
            }
        case "\"", "'":
            return cursor.skipString()
        case nil:
            return false
        default:
            // Numbers, booleans and dates; a date may contain a space, so stop only at delimiters.
            var consumed = false
            while let c = cursor.current, !",}]\n#".unicodeScalars.contains(c) {
                cursor.advance()
                consumed = true
            }
            return consumed
        }
    }

    /// Reads a possibly dotted key and records every prefix of it under `base`; with a nil base
    /// it only steps over the key. Returns the full path, or nil if no key starts here.
    private mutating func readKey(_ cursor: inout Cursor, under base: [String]?) -> [String]? {
        var path = base ?? []
        while true {
            cursor.skipSpaces()
            let position = Position(line: cursor.line, column: cursor.column)
            guard let component = cursor.readSimpleKey() else { return nil }
            path.append(component)
            if base != nil { keys.append((path, position)) }
            cursor.skipSpaces()
            guard cursor.current == "." else { return path }
            cursor.advance()
        }
    }
}

extension TOMLKeyLocator {
    /// A position in the scalars of a TOML document.
    fileprivate struct Cursor {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        init(text: [Unicode.Scalar]) {
            self.text = text
        }

        var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

        mutating func advance() {
            guard index < text.count else { return }
            if text[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        func hasPrefix(_ prefix: String) -> Bool {
            var i = index
            for scalar in prefix.unicodeScalars {
                guard i < text.count, text[i] == scalar else { return false }
                i += 1
            }
            return true
        }

        mutating func skipSpaces() {
            while current == " " || current == "\t" { advance() }
        }

        mutating func skipToNextLine() {
            while let c = current, c != "\n" { advance() }
            advance()
        }

        /// Skips spaces, newlines and comments; false at the end of the text.
        @discardableResult
        mutating func skipWhitespaceAndComments() -> Bool {
            while let c = current {
                if c == " " || c == "\t" || c == "\r" || c == "\n" {
                    advance()
                } else if c == "#" {
                    while let c = current, c != "\n" { advance() }
                } else {
                    return true
                }
            }
            return false
        }

        /// A bare, "basic" or 'literal' key component, unescaped.
        mutating func readSimpleKey() -> String? {
            guard let c = current else { return nil }
            if c == "\"" || c == "'" { return readQuoted(c) }
            var key = ""
            while let c = current, isBareKeyScalar(c) {
                key.unicodeScalars.append(c)
                advance()
            }
            return key.isEmpty ? nil : key
        }

        private func isBareKeyScalar(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
        }

        /// A one-line quoted string; backslash escapes are decoded only in basic strings.
        private mutating func readQuoted(_ quote: Unicode.Scalar) -> String? {
            advance()
            var value = ""
            while let c = current, c != "\n" {
                advance()
                if c == quote { return value }
                if c == "\\" && quote == "\"" {
                    guard let escaped = current else { return nil }
                    advance()
                    switch escaped {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "r": value.append("\r")
                    case "b": value.append("\u{8}")
                    case "f": value.append("\u{C}")
                    case "u", "U":
                        var digits = ""
                        for _ in 0..<(escaped == "u" ? 4 : 8) {
                            guard let d = current else { return nil }
                            digits.unicodeScalars.append(d)
                            advance()
                        }
                        guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                        value.unicodeScalars.append(scalar)
                    default: value.unicodeScalars.append(escaped)
                    }
                } else {
                    value.unicodeScalars.append(c)
                }
            }
            return nil
        }

        /// Steps over a string value of any of TOML's four kinds, multi-line ones included.
        mutating func skipString() -> Bool {
            for delimiter in ["\"\"\"", "'''"] where hasPrefix(delimiter) {
                for _ in 0..<3 { advance() }
                while current != nil {
                    if delimiter == "\"\"\"" && current == "\\" {
                        advance()
                        advance()
                    } else if hasPrefix(delimiter) {
                        for _ in 0..<3 { advance() }
                        // A closing delimiter may be preceded by up to two quotes of content.
                        if let quote = delimiter.unicodeScalars.first, current == quote { advance() }
                        if let quote = delimiter.unicodeScalars.first, current == quote { advance() }
                        return true
                    } else {
                        advance()
                    }
                }
                return false
            }
            guard let quote = current else { return false }
            return readQuoted(quote) != nil
        }
    }
}
