import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// What the dashboard remembers between runs, in `$XDG_STATE_HOME/tiles/state.json`: each tile's
/// family (by `TileSpec.id`), the scheme and the theme chosen with keys.
public struct PersistedState: Codable, Equatable, Sendable {
    /// Family short names (`medium`) by tile id.
    public var families: [String: String]
    /// `light` or `dark`.
    public var scheme: String?
    /// The theme's name in the theme catalog.
    public var theme: String?

    /// A state with the given values.
    public init(families: [String: String] = [:], scheme: String? = nil, theme: String? = nil) {
        self.families = families
        self.scheme = scheme
        self.theme = theme
    }

    /// The state file under `stateDirectory` (`TilesDirectories.state`).
    public static func file(in stateDirectory: URL) -> URL {
        stateDirectory.appending(path: "state.json")
    }

    /// The saved state, or an empty one when there is none. A file that cannot be read or decoded
    /// is ignored (and reported through `log`): it is only a convenience, never worth refusing to start.
    public static func load(from file: URL, log: (String) -> Void) -> PersistedState {
        let data: Data
        switch AtomicFile.read(atPath: file.path) {
        case .success(let contents): data = contents
        case .failure(let failure) where failure.errno == ENOENT: return PersistedState()
        case .failure(let failure):
            log("state: ignoring unreadable \(file.path): \(failure)")
            return PersistedState()
        }
        do {
            return try JSONDecoder().decode(PersistedState.self, from: data)
        } catch {
            log("state: ignoring unreadable \(file.path): \(error)")
            return PersistedState()
        }
    }

    /// Writes the state atomically (the previous file survives any failure).
    public func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: file)
    }

    /// The saved family of tile `id`, if it is one of `supported`.
    public func family(of id: String, supported: [WidgetFamily]) -> WidgetFamily? {
        families[id].flatMap(WidgetFamily.init(name:)).flatMap { supported.contains($0) ? $0 : nil }
    }
}
