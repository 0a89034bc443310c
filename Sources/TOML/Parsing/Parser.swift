/// Reads a TOML 1.0 document statement by statement: blank lines and comments, `[table]` and
/// `[[array]]` headers, and `key = value` lines. One pass over the bytes; every error carries the
/// position the cursor had when it found the problem.
struct Parser {
    var cursor: ByteCursor
    let limits: TOMLLimits
    let root: TOMLTable.Storage
    /// The table `key = value` lines go to: the last header's, or the document's.
    var current: TOMLTable.Storage
    /// The keys of the last header, for messages and depth; empty for the document.
    var currentPath: [String] = []
    /// Tables and values made so far, against the limits.
    var tableCount = 0
    var valueCount = 0

    /// Counts a new table; past `limits.maxTables`, an error here.
    mutating func countTable(at position: TOMLPosition? = nil) throws(TOMLError) {
        tableCount += 1
        guard tableCount > limits.maxTables else { return }
        let message = "more than \(limits.maxTables) tables in one file"
        throw position.map { error(message, at: $0) } ?? error(message)
    }

    init(bytes: [UInt8], limits: TOMLLimits) {
        cursor = ByteCursor(bytes: bytes)
        self.limits = limits
        let start = TOMLPosition(line: 1, column: 1, offset: 0)
        root = TOMLTable.Storage(origin: .document, position: start, range: 0..<bytes.count)
        current = root
    }

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        if cursor.starts(with: "\u{FEFF}") { cursor.advance(by: 3) }
        while true {
            cursor.skipBlanks()
            guard let byte = cursor.current else { break }
            if cursor.skipNewline() { continue }
            switch byte {
            case UInt8(ascii: "#"):
                try skipComment()
            case UInt8(ascii: "["):
                try parseHeader()
                try expectEndOfLine(after: "the table header")
            default:
                try parseKeyValue(into: current, depth: currentPath.count, path: currentPath)
                try expectEndOfLine(after: "the value")
            }
        }
        return TOMLTable(storage: root)
    }

    func error(_ message: String, at position: TOMLPosition? = nil) -> TOMLError {
        TOMLError(position: position ?? cursor.position, message: message)
    }

    // MARK: - Lines

    /// Steps over a comment up to (not including) the line end.
    mutating func skipComment() throws(TOMLError) {
        cursor.advance()
        while let byte = cursor.current, !cursor.isAtNewline {
            if Self.isControl(byte) {
                throw error("\(cursor.found) is not allowed in a comment")
            }
            cursor.advance()
        }
    }

    /// After a statement only blanks and a comment may follow on its line.
    mutating func expectEndOfLine(after what: String) throws(TOMLError) {
        cursor.skipBlanks()
        if cursor.current == UInt8(ascii: "#") { try skipComment() }
        guard cursor.isAtEnd || cursor.skipNewline() else {
            throw error("expected the end of the line after \(what), found \(cursor.found)")
        }
    }

    /// A control character TOML allows only escaped (everything below U+0020 but tab, and DEL).
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    // MARK: - Headers and keys

    private mutating func parseHeader() throws(TOMLError) {
        let start = cursor.position
        cursor.advance()
        let isArray = cursor.current == UInt8(ascii: "[")
        if isArray { cursor.advance() }
        let opener = isArray ? "'[['" : "'['"
        let parts = try parseKey(depth: 0, first: "a table name after \(opener)")
        cursor.skipBlanks()
        for _ in 0..<(isArray ? 2 : 1) {
            guard cursor.current == UInt8(ascii: "]") else {
                throw error("expected '\(isArray ? "]]" : "]")' to close the table header, found \(cursor.found)")
            }
            cursor.advance()
        }
        let range = start.offset..<cursor.offset
        current = try isArray ? appendTable(parts, at: start, range: range) : openTable(parts, at: start, range: range)
        currentPath = parts.map(\.name)
    }

    /// A possibly dotted key; `depth` is the depth of the table it is written in, which the
    /// parts add to. `first` says what is expected, for a message when no key is there.
    mutating func parseKey(depth: Int, first: String) throws(TOMLError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            cursor.skipBlanks()
            if depth + parts.count >= limits.maxDepth {
                throw error("the key nests deeper than \(limits.maxDepth) levels")
            }
            parts.append(try parseSimpleKey(expected: parts.isEmpty ? first : "a key after '.'"))
            cursor.skipBlanks()
            guard cursor.current == UInt8(ascii: ".") else { return parts }
            cursor.advance()
        }
    }

    private mutating func parseSimpleKey(expected: String) throws(TOMLError) -> KeyPart {
        let start = cursor.position
        switch cursor.current {
        case UInt8(ascii: "\"")?:
            if cursor.starts(with: "\"\"\"") { throw error("a key cannot be a multi-line string") }
            let name = try parseBasicString()
            return KeyPart(name: name, position: start, range: start.offset..<cursor.offset)
        case UInt8(ascii: "'")?:
            if cursor.starts(with: "'''") { throw error("a key cannot be a multi-line string") }
            let name = try parseLiteralString()
            return KeyPart(name: name, position: start, range: start.offset..<cursor.offset)
        case let byte? where KeyPart.isBareKeyByte(byte):
            while let byte = cursor.current, KeyPart.isBareKeyByte(byte) { cursor.advance() }
            let range = start.offset..<cursor.offset
            return KeyPart(name: cursor.text(range), position: start, range: range)
        case let byte? where byte >= 0x80:
            throw error("expected \(expected), found \(cursor.found); bare keys are made of A-Z, a-z, 0-9, _ and -, write other keys in quotes")
        default:
            throw error("expected \(expected), found \(cursor.found)")
        }
    }

    /// `key = value` into `table`, which is `depth` levels deep and named `path` (for messages).
    mutating func parseKeyValue(into table: TOMLTable.Storage, depth: Int, path: [String]) throws(TOMLError) {
        let parts = try parseKey(depth: depth, first: "a key")
        cursor.skipBlanks()
        guard cursor.current == UInt8(ascii: "=") else {
            throw error("expected '=' after the key \(Self.display(parts)), found \(cursor.found)")
        }
        cursor.advance()
        cursor.skipBlanks()
        let value = try parseValue(depth: depth + parts.count, path: path + parts.map(\.name))
        try assign(value, to: parts, in: table, path: path)
    }

    /// A dotted key as a message shows it.
    static func display(_ parts: [KeyPart]) -> String {
        "'" + KeyPart.display(parts.map(\.name)) + "'"
    }
}
