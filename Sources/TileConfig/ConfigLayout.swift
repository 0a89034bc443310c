import TOML

/// Where the tables and keys of a config file are, by line, from the parsed file: what the
/// config editor needs to rewrite one table's lines in place and leave every other line as it is.
///
/// Paths count arrays of tables from 1, as error messages do: the second `[[page.tile]]` of the
/// first `[[page]]` is `["page", "1", "tile", "2"]`. Lines are 0-based.
struct ConfigLayout {
    private let root: TOMLTable
    /// Every header's line, in order.
    private let headers: [Int]
    /// How many lines the text has.
    private let lineCount: Int

    /// The layout of `text`; nil when it is not valid TOML.
    init?(text: String) {
        guard let root = try? TOMLDocument.parse(text) else { return nil }
        self.root = root
        var headers: [Int] = []
        Self.collectHeaders(TOMLValue(root), into: &headers)
        self.headers = headers.sorted()
        lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// The line of the header that defines the table at `path`; nil when the table is not
    /// written or has no header (an inline or dotted table).
    func headerLine(of path: [String]) -> Int? {
        guard let table = value(at: path)?.table, table.origin == .header || table.origin == .arrayOfTables else { return nil }
        return table.position.line - 1
    }

    /// The lines of the table whose header is at line `header`: from the line after it up to
    /// the next header (or the end).
    func section(after header: Int) -> Range<Int> {
        let end = headers.first { $0 > header } ?? lineCount
        return (header + 1)..<end
    }

    /// The lines on which a `key = value` under `path` starts: the key's own line, and the
    /// lines of dotted keys that add to it (`parameters.city = …`).
    func keyLines(under path: [String]) -> Set<Int> {
        guard let key = path.last, let table = value(at: Array(path.dropLast()))?.table, let entry = table.entry(key) else { return [] }
        var lines: Set<Int> = []
        Self.collectKeyLines(entry, into: &lines)
        return lines
    }

    private static func collectKeyLines(_ entry: TOMLTable.Entry, into lines: inout Set<Int>) {
        lines.insert(entry.keyPosition.line - 1)
        guard let table = entry.value.table, table.origin == .dottedKey else { return }
        for key in table.keys {
            if let inner = table.entry(key) { collectKeyLines(inner, into: &lines) }
        }
    }

    /// The value at `path`, stepping into arrays by 1-based index.
    private func value(at path: [String]) -> TOMLValue? {
        var value = TOMLValue(root)
        for component in path {
            if let next = value.table?[component] {
                value = next
            } else if let elements = value.array, let number = Int(component), elements.indices.contains(number - 1) {
                value = elements[number - 1]
            } else {
                return nil
            }
        }
        return value
    }

    /// The 0-based lines of every table header in `value`, in no particular order.
    static func collectHeaders(_ value: TOMLValue, into headers: inout [Int]) {
        if let table = value.table {
            if table.origin == .header || table.origin == .arrayOfTables { headers.append(table.position.line - 1) }
            for child in table.values { collectHeaders(child, into: &headers) }
        } else if let elements = value.array {
            for element in elements { collectHeaders(element, into: &headers) }
        }
    }
}
