import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Each tile's last timeline on disk, so a restart draws the last content before any provider
/// answers. One JSON file per tile under `$XDG_CACHE_HOME/tiles/entries/`, written atomically; a
/// corrupt, truncated or foreign file is ignored (and reported through `log`), never trusted.
public struct EntryCache: Sendable {
    /// One file per tile.
    private let folder: JSONFileFolder

    /// The directory holding one file per tile.
    public var directory: URL { folder.directory }

    /// A cache in `directory`; `log` receives one line per file that had to be ignored.
    public init(directory: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        folder = JSONFileFolder(directory: directory, subject: "entry cache", log: log)
    }

    /// What the cache holds for one tile.
    public struct Record: Sendable {
        public var entries: [AnyTimelineEntry]
        public var policy: TimelineReloadPolicy
        /// When the provider should next be asked, as scheduled when the record was saved.
        public var nextReload: Date?
        public var savedAt: Date
    }

    private struct Envelope: Codable {
        static let currentFormat = 1
        var format: Int
        var kind: String
        /// The widget's revision; absent in files written before revisions (the kind stood for it).
        var revision: String?
        var parameters: [String: ParameterValue]
        var savedAt: Date
        var nextReload: Date?
        var policy: TimelineReloadPolicy
        var entries: Data
    }

    /// The record saved for `instance`, if one exists for the same widget kind, revision and parameters.
    public func load(_ instance: WidgetInstance) -> Record? {
        let name = fileName(for: instance.id)
        guard let envelope = folder.read(Envelope.self, from: name) else { return nil }
        guard envelope.format == Envelope.currentFormat, envelope.kind == instance.widget.kind else {
            folder.ignore(name, because: "written for another widget or format")
            return nil
        }
        // A widget declared anew (another command, say) starts over, as does one with other parameters.
        guard envelope.parameters == instance.parameters, (envelope.revision ?? envelope.kind) == instance.widget.revision else { return nil }
        do {
            let entries = try instance.widget.decode(envelope.entries)
            return Record(entries: entries, policy: envelope.policy, nextReload: envelope.nextReload, savedAt: envelope.savedAt)
        } catch {
            folder.ignore(name, because: "\(error)")
            return nil
        }
    }

    /// Saves `record` for `instance`, replacing the previous file atomically.
    public func save(_ record: Record, for instance: WidgetInstance) throws {
        let envelope = Envelope(
            format: Envelope.currentFormat, kind: instance.widget.kind, revision: instance.widget.revision, parameters: instance.parameters,
            savedAt: record.savedAt, nextReload: record.nextReload, policy: record.policy,
            entries: try instance.widget.encode(record.entries))
        try folder.write(envelope, to: fileName(for: instance.id))
    }

    /// Removes the record of a tile that left the board.
    public func remove(id: String) {
        folder.remove(fileName(for: id))
    }

    /// ASCII letters, digits, `-` and `_` as they are, every other byte of the id's UTF-8 as
    /// `%XX`, so that two ids never share a file (`stack#1` is `stack%231`).
    private func fileName(for id: String) -> String {
        PercentEncoding.encode(id, keeping: PercentEncoding.isFileNameLiteral) + ".json"
    }
}

