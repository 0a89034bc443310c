import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A small key-value store shared by widgets and the command line, like the seeds' App Group
/// (for example `alipay.city`). One JSON file, changed under an exclusive lock and written
/// atomically, so two processes never lose each other's writes.
public struct SharedStore: Sendable {
    /// The JSON file holding every key.
    public let file: URL
    /// `file`'s path, worked out once: a retrying widget reads the store several times per
    /// attempt, and a URL works its path out again on each use (docs/performance.md).
    private let path: String
    private let lockFile: URL

    /// A store in `directory` (normally `$XDG_DATA_HOME/tiles`).
    public init(directory: URL) {
        self.init(directoryPath: directory.path)
    }

    /// A store in the folder at `directoryPath`.
    public init(directoryPath: String) {
        path = TilesDirectories.join(directoryPath, "store.json")
        file = URL(filePath: path)
        lockFile = URL(filePath: directoryPath, appending: "store.lock")
    }

    /// The value of `key`, or nil.
    public func value(forKey key: String) -> String? {
        (try? load())?[key]
    }

    /// Every key and value.
    public func allValues() throws -> [String: String] { try load() }

    /// Sets `key` to `value`, or removes it when `value` is nil.
    public func set(_ value: String?, forKey key: String) throws {
        try update(key) { _ in value }
    }

    /// Replaces `key`'s value with what `change` makes of it (nil removes it), under the store's
    /// lock: a read-modify-write that another process's cannot interleave with (two boards
    /// ticking items of one list). A throw from `change` leaves the store as it was.
    public func update(_ key: String, _ change: (String?) throws -> String?) throws {
        try FileLock.withLock(on: lockFile) {
            var values = try load()
            values[key] = try change(values[key])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(values), to: file)
        }
    }

    private func load() throws -> [String: String] {
        guard let data = AtomicFile.contents(atPath: path) else { return [:] }
        do {
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw SharedStoreError.corrupt(path)
        }
    }
}

/// The store file exists but is not a JSON object of strings.
public enum SharedStoreError: Error, CustomStringConvertible {
    case corrupt(String)

    public var description: String {
        switch self {
        case .corrupt(let path): "\(path) is not a JSON object of strings; fix or remove it"
        }
    }
}
