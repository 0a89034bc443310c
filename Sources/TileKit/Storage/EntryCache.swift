import Foundation
import TileUI
import TileBase

/// Each tile's last timeline on disk, so a restart draws the last content before any provider
/// answers. One JSON file per tile under `$XDG_CACHE_HOME/tiles/entries/`, written atomically; a
/// corrupt, truncated or foreign file is ignored (and reported through `log`), never trusted.
public struct EntryCache: Sendable {
    /// The directory holding one file per tile.
    public let directory: URL
    /// `directory`'s path, worked out once: each tile's file is named from it at start.
    private let directoryPath: String
    private let log: @Sendable (String) -> Void

    /// A cache in `directory`; `log` receives one line per file that had to be ignored.
    public init(directory: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        directoryPath = directory.path
        self.log = log
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
        // Read without Foundation's reader, which builds an error for a missing file (every
        // tile's, on a first start), and without a URL until there is a file to name.
        let path = filePath(for: instance.id)
        guard let data = AtomicFile.contents(atPath: path) else { return nil }
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            guard envelope.format == Envelope.currentFormat, envelope.kind == instance.widget.kind else {
                log("entry cache: ignoring \(path): written for another widget or format")
                return nil
            }
            // A widget declared anew (another command, say) starts over, as does one with other parameters.
            guard envelope.parameters == instance.parameters, (envelope.revision ?? envelope.kind) == instance.widget.revision else { return nil }
            let entries = try instance.widget.decode(envelope.entries)
            return Record(entries: entries, policy: envelope.policy, nextReload: envelope.nextReload, savedAt: envelope.savedAt)
        } catch {
            log("entry cache: ignoring unreadable \(path): \(error)")
            return nil
        }
    }

    /// Saves `record` for `instance`, replacing the previous file atomically.
    public func save(_ record: Record, for instance: WidgetInstance) throws {
        let envelope = Envelope(
            format: Envelope.currentFormat, kind: instance.widget.kind, revision: instance.widget.revision, parameters: instance.parameters,
            savedAt: record.savedAt, nextReload: record.nextReload, policy: record.policy,
            entries: try instance.widget.encode(record.entries))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(try encoder.encode(envelope), to: file(for: instance.id))
    }

    /// Removes the record of a tile that left the board.
    public func remove(id: String) {
        try? FileManager.default.removeItem(at: file(for: id))
    }

    /// The file for tile `id`: ASCII letters, digits, `-` and `_` as they are, every other byte
    /// of the id's UTF-8 as `%XX`, so that two ids never share a file (`stack#1` is `stack%231`).
    func file(for id: String) -> URL {
        URL(filePath: filePath(for: id))
    }

    private func filePath(for id: String) -> String {
        TilesDirectories.join(directoryPath, PercentEncoding.encode(id, keeping: PercentEncoding.isFileNameLiteral) + ".json")
    }
}

