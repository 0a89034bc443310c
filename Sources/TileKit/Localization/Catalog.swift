import TOML

/// The words of one language: dotted keys (`status.reloading`) to texts whose `{name}`
/// placeholders are filled in when they are used.
public struct Catalog: Sendable {
    public let language: Language
    /// Every key's text.
    public let texts: [String: String]

    /// The catalogue of `texts`, as `make catalogs` compiles a file in (`BuiltinCatalogs`).
    public init(language: Language, texts: [String: String]) {
        self.language = language
        self.texts = texts
    }

    /// The catalogue in `text` (a `Languages/*.toml` file); throws with the line and column of a
    /// mistake, or of a value that is not text.
    public init(language: Language, text: String) throws(CatalogError) {
        self.language = language
        let table: TOMLTable
        do {
            table = try TOMLDocument.parse(text)
        } catch {
            throw CatalogError(language: language, message: error.description)
        }
        var texts: [String: String] = [:]
        try Self.flatten(table, prefix: "", language: language, into: &texts)
        self.texts = texts
    }

    /// Every key of the catalogue.
    public var keys: Set<String> { Set(texts.keys) }

    /// The text of `key` with its placeholders filled from `values`; the key itself when the
    /// catalogue lacks it (a test checks that none does).
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let text = texts[key] else { return key }
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

    /// The placeholders `key`'s text holds (`["tile"]` for `reloading {tile}`).
    public func placeholders(of key: String) -> Set<String> {
        guard let text = texts[key] else { return [] }
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
