import Synchronization
import TOML

/// The words of one language: dotted keys (`status.reloading`) to texts whose `{name}`
/// placeholders are filled in when they are used.
///
/// Each top-level table (`[status]`, `[help]`) is parsed the first time one of its keys is asked
/// for, so a board starts by reading the few tables it draws with, not the help and the man page.
public final class Catalog: Sendable {
    public let language: Language
    /// Where each top-level table's lines are in the file, by the table's name.
    private let tables: [String: [Chunk]]
    /// The tables read so far, as dotted keys to texts.
    private let read = Mutex<[String: [String: String]]>([:])

    /// The catalogue in `text` (a `Languages/*.toml` file), its tables read when first used.
    public init(language: Language, text: String) {
        self.language = language
        tables = Self.tables(of: text)
    }

    /// Every key of the catalogue (every table read).
    public var keys: Set<String> {
        var keys: Set<String> = []
        for table in tables.keys {
            if let texts = try? texts(ofTable: table) { keys.formUnion(texts.keys) }
        }
        return keys
    }

    /// Reads every table; throws with the line and column of a mistake, or of a value that is
    /// not text (the catalogue test's check; at run time a key of a broken table shows itself).
    public func check() throws(CatalogError) {
        for table in tables.keys { _ = try texts(ofTable: table) }
    }

    /// The text of `key` with its placeholders filled from `values`; the key itself when the
    /// catalogue lacks it (a test checks that none does).
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let text = lookUp(key) else { return key }
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func lookUp(_ key: String) -> String? {
        let table = key.firstIndex(of: ".").map { String(key[..<$0]) } ?? ""
        return (try? texts(ofTable: table))?[key]
    }

    /// The texts of `table`, read on first use.
    private func texts(ofTable table: String) throws(CatalogError) -> [String: String] {
        if let known = read.withLock({ $0[table] }) { return known }
        guard let chunks = tables[table] else { return [:] }
        // Blank lines stand for the rest of the file, so that a mistake is reported at its line.
        var source = "", line = 0
        for chunk in chunks {
            source += String(repeating: "\n", count: chunk.firstLine - line) + chunk.text
            line = chunk.firstLine + chunk.lineCount
        }
        let parsed: TOMLTable
        do {
            parsed = try TOMLDocument.parse(source)
        } catch {
            throw CatalogError(language: language, message: error.description)
        }
        var texts: [String: String] = [:]
        try Self.flatten(parsed, prefix: "", language: language, into: &texts)
        read.withLock { $0[table] = texts }
        return texts
    }

    /// A run of the file's lines under one table header.
    struct Chunk: Sendable {
        var firstLine: Int
        var lineCount: Int
        var text: String
    }

    /// `text` cut at its top-level table headers (a line starting `[name` outside a multi-line
    /// string), each table's runs of lines under the header's first name; text before the first
    /// header is the table "".
    static func tables(of text: String) -> [String: [Chunk]] {
        var tables: [String: [Chunk]] = [:]
        var current = "", chunk = Chunk(firstLine: 0, lineCount: 0, text: ""), insideString = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !insideString, line.hasPrefix("["), !line.hasPrefix("[["), let end = line.firstIndex(where: { $0 == "]" || $0 == "." }) {
                tables[current, default: []].append(chunk)
                current = String(line[line.index(after: line.startIndex)..<end])
                chunk = Chunk(firstLine: number, lineCount: 0, text: "")
            }
            chunk.text += line + "\n"
            chunk.lineCount += 1
            if line.ranges(of: "\"\"\"").count % 2 == 1 { insideString.toggle() }
        }
        tables[current, default: []].append(chunk)
        return tables
    }

    /// The placeholders `key`'s text holds (`["tile"]` for `reloading {tile}`).
    public func placeholders(of key: String) -> Set<String> {
        guard let text = lookUp(key) else { return [] }
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private static func flatten(_ table: TOMLTable, prefix: String, language: Language, into texts: inout [String: String]) throws(CatalogError) {
        for (key, value) in table {
            let name = prefix.isEmpty ? key : prefix + "." + key
            switch value.kind {
            case .string(let text): texts[name] = text
            case .table(let inner): try flatten(inner, prefix: name, language: language, into: &texts)
            default: throw CatalogError(language: language, message: "\(value.position): \(name) is not text")
            }
        }
    }
}

/// A catalogue that cannot be read: its language and the reader's words.
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public var language: Language
    public var message: String
    public var description: String { "Languages/\(language.rawValue).toml: \(message)" }
}
