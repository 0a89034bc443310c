import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// An ``ETagStore`` that keeps one JSON file per URL in a directory, so ETags survive restarts.
///
/// Each write goes to a temporary file in the same directory that is then renamed over the
/// old one, so a reader never sees half a file. Failures are logged and the entry skipped:
/// a missing entry only costs one full download.
public final class FileETagStore: ETagStore {
    /// One file per URL.
    private let folder: JSONFileFolder

    /// The directory holding the entries; created on the first write if missing.
    public var directory: URL { folder.directory }

    /// Creates a store under `directory`; `log` receives read and write failures (the board's
    /// log file: nothing may be printed over the board).
    public init(directory: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        folder = JSONFileFolder(directory: directory, subject: "etag store", log: log)
    }

    private struct Entry: Codable {
        var url: String
        var etag: String
        var body: Data
    }

    /// The stored ETag and body for `url`, or `nil` when none is stored or the file is unreadable.
    public func lookup(url: URL) -> (etag: String, body: [UInt8])? {
        // Two URLs can share a file name hash; the stored URL tells them apart.
        guard let entry = folder.read(Entry.self, from: fileName(for: url)), entry.url == url.absoluteString else {
            return nil
        }
        return (entry.etag, [UInt8](entry.body))
    }

    /// Stores `etag` and `body` for `url`, replacing the file atomically.
    public func store(url: URL, etag: String, body: [UInt8]) {
        do {
            try folder.write(Entry(url: url.absoluteString, etag: etag, body: Data(body)), to: fileName(for: url))
        } catch {
            folder.log("etag store: \(error)")
        }
    }

    /// Forgets what is stored for `url` (a missing file is already forgotten).
    public func remove(url: URL) {
        folder.remove(fileName(for: url))
    }

    /// The entry file for `url`.
    func fileURL(for url: URL) -> URL {
        URL(filePath: folder.path(of: fileName(for: url)))
    }

    /// A stable hash of the URL.
    private func fileName(for url: URL) -> String {
        "etag-" + StableHash.hex(url.absoluteString) + ".json"
    }
}
