import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Remembers, per URL, the last `ETag` a server sent and the body that came with it, so the
/// fetcher can send `If-None-Match` and turn a 304 back into that body.
public protocol ETagStore: Sendable {
    /// The stored ETag and body for `url`, or `nil` when none is stored.
    func lookup(url: URL) -> (etag: String, body: [UInt8])?
    /// Stores `etag` and `body` for `url`, replacing what was there.
    func store(url: URL, etag: String, body: [UInt8])
    /// Forgets what is stored for `url`.
    func remove(url: URL)
}
