import Synchronization

/// The catalogue every string tiles writes is drawn from: English until `use` chooses, at start
/// (the environment's language; for a board `--language`, else `[ui] language`, else that).
/// Catalogues are read once each, never per frame.
public enum Localization {
    private static let chosen = Mutex<Catalog?>(nil)
    private static let read = Mutex<[Language: Catalog]>([:])

    /// The language in use.
    public static var language: Language { current.language }

    /// The language of the work running in this task when it is not the process's: a test's
    /// that checks the seeds in their own Chinese while the process speaks English.
    @TaskLocal public static var scoped: Language?

    /// The catalogue in use: this task's language's, else the process's.
    public static var current: Catalog {
        if let scoped { return catalog(scoped) }
        return chosen.withLock { $0 } ?? catalog(.english)
    }

    /// Speaks `language` from now on.
    public static func use(_ language: Language) {
        let catalog = catalog(language)
        chosen.withLock { $0 = catalog }
    }

    /// `language`'s compiled-in catalogue: its keys and texts as `make catalogs` read them from
    /// `Languages/`, so nothing is parsed at run time.
    public static func catalog(_ language: Language) -> Catalog {
        if let known = read.withLock({ $0[language] }) { return known }
        let catalog = Catalog(language: language, texts: BuiltinCatalogs.texts[language.rawValue] ?? [:])
        read.withLock { $0[language] = catalog }
        return catalog
    }
}

/// The text of `key` in the language in use, its `{name}` placeholders filled from `values`:
/// `L("status.reloading", ["tile": id])`.
public func L(_ key: String, _ values: [String: String] = [:]) -> String {
    Localization.current.text(key, values)
}
