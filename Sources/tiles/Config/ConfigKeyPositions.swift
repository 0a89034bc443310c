/// Where each key of a config file is written, found by a line-oriented scan of the text, so that
/// errors about values can name a line and column (TOMLKit's values carry no positions).
///
/// Paths count arrays of tables from 1, as error messages do: the `widget` key of the second
/// `[[page.tile]]` of the first `[[page]]` is `["page", "1", "tile", "2", "widget"]`. The scan
/// runs only on text TOMLKit accepted; it reads table headers, `key =` at the start of a line and
/// the keys of one-line inline tables, and leaves anything else to the nearest written ancestor.
struct ConfigKeyPositions {
    /// A 1-based line and column (columns counted in Unicode scalars).
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    private var positions: [[String]: Position] = [:]
    /// The 0-based line of each table header, by resolved path (for rewriting a table in place).
    private(set) var headerLines: [[String]: Int] = [:]
    /// The resolved path of each `key = value` that starts a line, by 0-based line.
    private(set) var keyPaths: [Int: [String]] = [:]
    /// Every table header's 0-based line, in order.
    private var headers: [Int] = []
    /// How many lines the text has.
    let lineCount: Int
    /// How many elements each array of tables has so far, by its resolved path.
    private var arrayCounts: [[String]: Int] = [:]

    init(source: String) {
        var table: [String] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        lineCount = lines.count
        for (index, line) in lines.enumerated() {
            let scalars = Array(line.unicodeScalars)
            var cursor = 0
            while cursor < scalars.count, scalars[cursor] == " " || scalars[cursor] == "\t" { cursor += 1 }
            guard cursor < scalars.count, scalars[cursor] != "#" else { continue }
            let position = Position(line: index + 1, column: cursor + 1)
            if scalars[cursor] == "[" {
                let isArray = cursor + 1 < scalars.count && scalars[cursor + 1] == "["
                cursor += isArray ? 2 : 1
                guard let (keys, _) = Self.readKey(scalars, from: &cursor) else { continue }
                table = resolve(keys, appendingElement: isArray)
                if positions[table] == nil { positions[table] = position }
                if headerLines[table] == nil { headerLines[table] = index }
                headers.append(index)
            } else if let (keys, keyColumn) = Self.readKey(scalars, from: &cursor) {
                let path = table + keys
                record(path, Position(line: index + 1, column: keyColumn + 1))
                Self.skipSpaces(scalars, &cursor)
                guard cursor < scalars.count, scalars[cursor] == "=" else { continue }
                keyPaths[index] = path
                cursor += 1
                Self.skipSpaces(scalars, &cursor)
                if cursor < scalars.count, scalars[cursor] == "{" {
                    cursor += 1
                    readInlineTable(scalars, from: &cursor, under: path, line: index + 1)
                }
            }
        }
    }

    /// Where `path` is written, or its deepest written ancestor; nil when no part of it is.
    func position(of path: [String]) -> Position? {
        var length = path.count
        while length > 0 {
            if let position = positions[Array(path.prefix(length))] { return position }
            length -= 1
        }
        return nil
    }

    /// The 0-based lines of the table whose header is at line `header`: from the line after it
    /// up to the next header (or the end).
    func section(after header: Int) -> Range<Int> {
        let end = headers.first { $0 > header } ?? lineCount
        return (header + 1)..<end
    }

    // MARK: - Scanning

    private mutating func record(_ path: [String], _ position: Position) {
        for length in 1...path.count where positions[Array(path.prefix(length))] == nil {
            positions[Array(path.prefix(length))] = position
        }
    }

    /// A header's keys with the current element of every array of tables along it; a `[[…]]`
    /// header starts a new element of its last array.
    private mutating func resolve(_ keys: [String], appendingElement: Bool) -> [String] {
        var path: [String] = []
        for (offset, key) in keys.enumerated() {
            path.append(key)
            if offset == keys.count - 1, appendingElement {
                let count = (arrayCounts[path] ?? 0) + 1
                arrayCounts[path] = count
                path.append(String(count))
            } else if let count = arrayCounts[path] {
                path.append(String(count))
            }
        }
        return path
    }

    private mutating func readInlineTable(_ scalars: [Unicode.Scalar], from cursor: inout Int, under path: [String], line: Int) {
        while cursor < scalars.count {
            Self.skipSpaces(scalars, &cursor)
            guard cursor < scalars.count, scalars[cursor] != "}" else { return }
            guard let (keys, column) = Self.readKey(scalars, from: &cursor) else { return }
            let keyPath = path + keys
            record(keyPath, Position(line: line, column: column + 1))
            Self.skipSpaces(scalars, &cursor)
            guard cursor < scalars.count, scalars[cursor] == "=" else { return }
            cursor += 1
            Self.skipSpaces(scalars, &cursor)
            if cursor < scalars.count, scalars[cursor] == "{" {
                cursor += 1
                readInlineTable(scalars, from: &cursor, under: keyPath, line: line)
                if cursor < scalars.count, scalars[cursor] == "}" { cursor += 1 }
            } else {
                Self.skipValue(scalars, &cursor)
            }
            Self.skipSpaces(scalars, &cursor)
            if cursor < scalars.count, scalars[cursor] == "," { cursor += 1 }
        }
    }

    /// Steps over one value inside an inline table: strings, arrays and anything up to `,` or `}`.
    private static func skipValue(_ scalars: [Unicode.Scalar], _ cursor: inout Int) {
        var depth = 0
        while cursor < scalars.count {
            let scalar = scalars[cursor]
            if scalar == "\"" || scalar == "'" {
                cursor += 1
                while cursor < scalars.count, scalars[cursor] != scalar {
                    if scalar == "\"", scalars[cursor] == "\\" { cursor += 1 }
                    cursor += 1
                }
            } else if scalar == "[" || scalar == "{" {
                depth += 1
            } else if scalar == "]" || scalar == "}" {
                if depth == 0 { return }
                depth -= 1
            } else if scalar == ",", depth == 0 {
                return
            }
            cursor += 1
        }
    }

    /// A dotted key (bare or quoted parts) and the 0-based column of its last part.
    private static func readKey(_ scalars: [Unicode.Scalar], from cursor: inout Int) -> ([String], Int)? {
        var keys: [String] = []
        var column = cursor
        while true {
            skipSpaces(scalars, &cursor)
            guard cursor < scalars.count else { break }
            column = cursor
            let first = scalars[cursor]
            var key = ""
            if first == "\"" || first == "'" {
                cursor += 1
                while cursor < scalars.count, scalars[cursor] != first {
                    if first == "\"", scalars[cursor] == "\\", cursor + 1 < scalars.count { cursor += 1 }
                    key.unicodeScalars.append(scalars[cursor])
                    cursor += 1
                }
                cursor += 1
            } else {
                while cursor < scalars.count, isBare(scalars[cursor]) {
                    key.unicodeScalars.append(scalars[cursor])
                    cursor += 1
                }
                if key.isEmpty { return keys.isEmpty ? nil : (keys, column) }
            }
            keys.append(key)
            skipSpaces(scalars, &cursor)
            guard cursor < scalars.count, scalars[cursor] == "." else { break }
            cursor += 1
        }
        return keys.isEmpty ? nil : (keys, column)
    }

    private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    private static func skipSpaces(_ scalars: [Unicode.Scalar], _ cursor: inout Int) {
        while cursor < scalars.count, scalars[cursor] == " " || scalars[cursor] == "\t" { cursor += 1 }
    }
}
