/// Values: dispatch on the first character, and the two nestable kinds, arrays and inline tables.
extension Parser {
    /// The value at the cursor. `depth` is the level the value sits at, which an array or inline
    /// table takes and its contents go below; `path` names it in messages.
    mutating func parseValue(depth: Int, path: [String]) throws(TOMLError) -> TOMLValue {
        valueCount += 1
        if valueCount > limits.maxValues { throw error("more than \(limits.maxValues) values in one file") }
        let start = cursor.position
        let kind: TOMLValue.Kind
        switch cursor.current {
        case UInt8(ascii: "\"")?:
            kind = .string(cursor.starts(with: "\"\"\"") ? try parseMultilineString(quote: UInt8(ascii: "\"")) : try parseBasicString())
        case UInt8(ascii: "'")?:
            kind = .string(cursor.starts(with: "'''") ? try parseMultilineString(quote: UInt8(ascii: "'")) : try parseLiteralString())
        case UInt8(ascii: "[")?:
            return try parseArray(depth: depth, path: path)
        case UInt8(ascii: "{")?:
            return try parseInlineTable(depth: depth, path: path)
        case let byte? where Self.isScalarByte(byte):
            kind = try parseScalar()
        default:
            throw error("expected a value, found \(cursor.found)")
        }
        return TOMLValue(kind, position: start, range: start.offset..<cursor.offset)
    }

    private mutating func checkDepth(_ depth: Int) throws(TOMLError) {
        if depth > limits.maxDepth { throw error("values nest deeper than \(limits.maxDepth) levels") }
    }

    private mutating func parseArray(depth: Int, path: [String]) throws(TOMLError) -> TOMLValue {
        try checkDepth(depth)
        let start = cursor.position
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try skipArraySpace()
            if cursor.current == UInt8(ascii: "]") { break }
            elements.append(try parseValue(depth: depth + 1, path: path))
            try skipArraySpace()
            if cursor.current == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            guard cursor.current == UInt8(ascii: "]") else {
                throw error("expected ',' or ']' in the array that starts at \(start), found \(cursor.found)")
            }
            break
        }
        cursor.advance()
        return TOMLValue(.array(elements), position: start, range: start.offset..<cursor.offset)
    }

    /// Inside `[ … ]` values may be spread over lines, with comments between them.
    private mutating func skipArraySpace() throws(TOMLError) {
        while true {
            cursor.skipBlanks()
            if cursor.skipNewline() { continue }
            guard cursor.current == UInt8(ascii: "#") else { return }
            try skipComment()
        }
    }

    /// `{ key = value, … }` on one line, without a trailing comma (TOML 1.0).
    private mutating func parseInlineTable(depth: Int, path: [String]) throws(TOMLError) -> TOMLValue {
        try checkDepth(depth)
        try countTable()
        let start = cursor.position
        cursor.advance()
        let table = TOMLTable.Storage(origin: .inline, position: start, range: start.offset..<start.offset)
        cursor.skipBlanks()
        if cursor.current != UInt8(ascii: "}") {
            while true {
                cursor.skipBlanks()
                if cursor.current == UInt8(ascii: "}") {
                    throw error("an inline table cannot end with a comma in TOML 1.0; remove the ',' before '}'")
                }
                try parseKeyValue(into: table, depth: depth, path: path)
                cursor.skipBlanks()
                if cursor.current == UInt8(ascii: ",") {
                    cursor.advance()
                    continue
                }
                guard cursor.current == UInt8(ascii: "}") else {
                    throw error("expected ',' or '}' in the inline table that starts at \(start), found \(cursor.found)")
                }
                break
            }
        }
        cursor.advance()
        table.range = start.offset..<cursor.offset
        return TOMLValue(TOMLTable(storage: table))
    }
}
