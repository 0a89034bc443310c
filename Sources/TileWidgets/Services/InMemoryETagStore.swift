import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An ``ETagStore`` that lives as long as the process; safe to share between tasks.
public final class InMemoryETagStore: ETagStore {
    private let entries = Mutex<[String: (etag: String, body: [UInt8])]>([:])

    /// Creates an empty store.
    public init() {}

    /// The stored ETag and body for `url`, or `nil` when none is stored.
    public func lookup(url: URL) -> (etag: String, body: [UInt8])? {
        entries.withLock { $0[url.absoluteString] }
    }

    /// Stores `etag` and `body` for `url`, replacing what was there.
    public func store(url: URL, etag: String, body: [UInt8]) {
        entries.withLock { $0[url.absoluteString] = (etag, body) }
    }

    /// Forgets what is stored for `url`.
    public func remove(url: URL) {
        _ = entries.withLock { $0.removeValue(forKey: url.absoluteString) }
    }
}
