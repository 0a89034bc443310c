import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The themes a user can pick: the built-in ones, then `*.toml` files in
/// `$XDG_CONFIG_HOME/tiles/themes/` (a user file named like a built-in one replaces it).
public struct ThemeCatalog: Sendable {
    /// The user's theme directory.
    public let directory: URL

    public init(directories: TilesDirectories) {
        directory = directories.config.appending(path: "themes")
    }

    /// Theme names in cycling order: built-ins first, then the user's files by name.
    public var names: [String] {
        var names = Theme.builtin.map(\.name)
        for name in userFiles.map({ $0.deletingPathExtension().lastPathComponent }) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// The theme called `name` (nil: the default). A user file is loaded and checked; an unknown
    /// name or a malformed file throws with the file, line and column.
    public func theme(named name: String?) throws -> Theme {
        guard let name else { return .default }
        // Names match without regard to case (`--theme Nord`), a user file before a built-in.
        if let file = userFiles.first(where: { $0.deletingPathExtension().lastPathComponent.lowercased() == name.lowercased() }) {
            return try Theme.load(contentsOf: file).completed(from: .default)
        }
        if let builtin = Theme.builtin.first(where: { $0.name.lowercased() == name.lowercased() }) { return builtin }
        throw ThemeCatalogError.unknown(name, known: names)
    }

    private var userFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".toml") }.sorted().map { URL(filePath: directory.path, appending: $0) }
    }
}

/// A theme name that names no theme.
public enum ThemeCatalogError: Error, CustomStringConvertible {
    case unknown(String, known: [String])

    public var description: String {
        switch self {
        case let .unknown(name, known): "unknown theme '\(name)'; themes: \(known.joined(separator: ", "))"
        }
    }
}
