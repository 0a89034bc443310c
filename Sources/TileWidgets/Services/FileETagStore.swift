import Foundation
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
    /// The directory holding the entries; created on the first write if missing.
    public let directory: URL
    /// `directory`'s path, worked out once (a URL works it out again on each use).
    private let directoryPath: String
    private let log: @Sendable (String) -> Void

    /// Creates a store under `directory`; `log` receives read and write failures (the board's
    /// log file: nothing may be printed over the board).
    public init(directory: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        directoryPath = directory.path
        self.log = log
    }

    private struct Entry: Codable {
        var url: String
        var etag: String
        var body: Data
    }

    /// The stored ETag and body for `url`, or `nil` when none is stored or the file is unreadable.
    public func lookup(url: URL) -> (etag: String, body: [UInt8])? {
        let file = filePath(for: url)
        guard let data = AtomicFile.contents(atPath: file) else {
            return nil
        }
        do {
            let entry = try JSONDecoder().decode(Entry.self, from: data)
            // Two URLs can share a file name hash; the stored URL tells them apart.
            guard entry.url == url.absoluteString else {
                return nil
            }
            return (entry.etag, [UInt8](entry.body))
        } catch {
            log("etag store: ignoring unreadable ETag entry \(file): \(error)")
            return nil
        }
    }

    /// Stores `etag` and `body` for `url`, replacing the file atomically (temp file + rename).
    public func store(url: URL, etag: String, body: [UInt8]) {
        let file = fileURL(for: url)
        let temporary = directory.appending(path: ".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(Entry(url: url.absoluteString, etag: etag, body: Data(body)))
            try data.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                log("etag store: cannot rename \(temporary.path) to \(file.path): \(reason)")
                return
            }
        } catch {
            log("etag store: cannot write ETag entry \(file.path): \(error)")
        }
    }

    /// Forgets what is stored for `url` (removes its file; a missing file is already forgotten).
    public func remove(url: URL) {
        let file = fileURL(for: url)
        guard unlink(file.path) == 0 || errno == ENOENT else {
            log("etag store: cannot remove ETag entry \(file.path): \(String(cString: strerror(errno)))")
            return
        }
    }

    /// The entry file for `url`: a stable hash of the URL.
    func fileURL(for url: URL) -> URL {
        URL(filePath: filePath(for: url))
    }

    /// The path of `fileURL(for:)`.
    private func filePath(for url: URL) -> String {
        directoryPath + "/etag-" + StableHash.hex(url.absoluteString) + ".json"
    }
}
