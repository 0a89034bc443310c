import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A folder of small JSON files, one for each key, each replaced atomically: the entry cache and
/// the ETag store. A missing file reads as nil; one that cannot be decoded is reported through
/// `log` and reads as nil too, never trusted.
public struct JSONFileFolder: Sendable {
    /// The folder; created by the first write.
    public let directory: URL
    /// `directory`'s path, worked out once: the files are named from it at start.
    private let directoryPath: String
    /// What the folder holds, at the start of each logged line (`entry cache`).
    private let subject: String
    /// Receives one line per file ignored or not written: the board's log, as nothing may be
    /// printed over the board.
    public let log: @Sendable (String) -> Void

    public init(directory: URL, subject: String, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        directoryPath = directory.path
        self.subject = subject
        self.log = log
    }

    /// The path of the file `name` in the folder.
    public func path(of name: String) -> String {
        TilesDirectories.join(directoryPath, name)
    }

    /// The value in the file `name`, or nil when there is none or it cannot be decoded.
    public func read<Value: Decodable>(_ type: Value.Type, from name: String) -> Value? {
        let data: Data
        // tiles' own folders hold no links: a link, a FIFO or a device planted there is refused.
        switch AtomicFile.read(atPath: path(of: name), followingLinks: false) {
        case .success(let contents): data = contents
        case .failure(let failure) where failure.errno == ENOENT: return nil
        case .failure(let failure):
            ignore(name, because: "\(failure)")
            return nil
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            ignore(name, because: "\(error)")
            return nil
        }
    }

    /// Logs that the file `name` is ignored, and why.
    public func ignore(_ name: String, because reason: String) {
        log("\(subject): ignoring \(path(of: name)): \(reason)")
    }

    /// Writes `value` as JSON with sorted keys to the file `name`, replacing it atomically.
    public func write<Value: Encodable>(_ value: Value, to name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(try encoder.encode(value), to: URL(filePath: path(of: name)))
    }

    /// Removes the file `name`; one already missing is removed, any other failure is logged.
    public func remove(_ name: String) {
        let path = path(of: name)
        guard unlink(path) == 0 || errno == ENOENT else {
            log("\(subject): cannot remove \(path): \(String(cString: strerror(errno)))")
            return
        }
    }
}
