import ArgumentParser
import FoundationEssentials
import TileConfig
import TileKit


/// What the shells' completion scripts offer (`tiles --generate-completion-script bash|zsh|fish`):
/// widget kinds, families, themes, parameters and tile ids, read from the built-in widgets and the
/// config file when the user presses Tab. No program runs and no service is asked: a declared
/// widget's kind and parameters come from its `[[widget]]` table (an `extension`'s kinds, which
/// only its program knows, are not offered).
enum Completions {
    /// The family names `--family` takes.
    static let families: CompletionKind = .list(WidgetFamily.allCases.map(\.shortName))
    /// The size classes `--size-class` takes.
    static let sizeClasses: CompletionKind = .list(["auto", "compact", "regular", "large"])
    static let configFile: CompletionKind = .file(extensions: ["toml"])
    static let kinds: CompletionKind = .custom { words, _, _ in kindNames(words) }
    static let themes: CompletionKind = .custom { words, _, _ in themeNames(words) }
    static let parameters: CompletionKind = .custom { words, _, _ in parameterAssignments(words) }
    static let tileIDs: CompletionKind = .custom { words, _, _ in tileIDNames(words) }

    /// Every widget kind: the built-in ones, then those the config declares.
    static func kindNames(_ words: [String]) -> [String] {
        let environment = ProcessEnvironment.current()
        return knownWidgets(environment).map(\.kind) + (config(words, environment)?.declarations.map(\.kind) ?? [])
    }

    /// The built-in themes (as the help writes them, `nord`) and the user's theme files.
    static func themeNames(_ words: [String]) -> [String] {
        let builtin = Set(Theme.builtin.map(\.name))
        return ThemeCatalog(directories: TilesDirectories(environment: ProcessEnvironment.current())).names.map {
            builtin.contains($0) ? $0.lowercased() : $0
        }
    }

    /// `KEY=` for each parameter of the widget `--widget` names.
    static func parameterAssignments(_ words: [String]) -> [String] {
        guard let kind = value(of: "--widget", in: words) else { return [] }
        let environment = ProcessEnvironment.current()
        if let widget = knownWidgets(environment).first(where: { $0.kind == kind }) {
            return widget.parameters.map { $0.key + "=" }
        }
        let declared = config(words, environment)?.declarations.first { $0.kind == kind }
        return declared?.parameters.map { $0.key + "=" } ?? []
    }

    /// The ids of the config's tiles (`tiles config set ID`), else the built-in board's.
    static func tileIDNames(_ words: [String]) -> [String] {
        let ids = config(words, ProcessEnvironment.current())?.tiles.map(\.id) ?? []
        return ids.isEmpty ? ["qqsync", "alipay", "commit"] : ids
    }

    /// The value after `option` in `words`, or in `option=value` form.
    static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// The config `--config` names, else the default one, read as `tiles check` reads it; nil
    /// when there is none or it has a mistake (completion then offers the built-ins alone).
    private static func config(_ words: [String], _ environment: [String: String]) -> TilesConfig? {
        let path = value(of: "--config", in: words)
            ?? TilesDirectories(environment: environment).config.appending(path: "config.toml").path
        guard case .success(let bytes) = AtomicFile.read(atPath: path, limit: 1 << 20) else { return nil }
        var reader = ConfigReader(file: path, bytes: Array(bytes), widgets: knownWidgets(environment))
        reader.asksExtensions = false
        return try? reader.read()
    }
}
