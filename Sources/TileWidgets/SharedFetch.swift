import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
import TileBase
#endif

extension WidgetServices {
    /// Fetches `key`'s data once for every board of this user: data fresh enough for `context`
    /// (see `isFresh`) is used as is, and while one board fetches (it holds a lease file in the
    /// cache), the others wait for its result instead of asking the service too. What is fetched
    /// is remembered, at `context.now`, as the source's last good data.
    func shared<T: Codable & Sendable>(
        _ key: String, freshFor: TimeInterval, context: TimelineContext, fetch: () async throws -> T
    ) async throws -> T {
        func fresh() -> T? {
            recall(T.self, as: key).flatMap { Self.isFresh(fetchedAt: $0.fetchedAt, freshFor: freshFor, in: context) ? $0.value : nil }
        }
        if let value = fresh() { return value }
        guard let lease = FetchLease(directory: leaseDirectory, key: key) else {
            // Another board is fetching: wait for what it brings (a few quiet sleeps, no spinning).
            for _ in 0..<40 {
                try await Reactor.network.sleep(for: .milliseconds(250))
                if let value = fresh() { return value }
                if !FetchLease.isHeld(directory: leaseDirectory, key: key) { break }
            }
            return try await fetchAndRemember(key, now: context.now, fetch: fetch)
        }
        defer { lease.release() }
        // The board that held the lease until now may have brought it.
        if let value = fresh() { return value }
        return try await fetchAndRemember(key, now: context.now, fetch: fetch)
    }

    /// Whether data fetched at `fetchedAt` may answer a call in `context`, for a source that is
    /// fetched again after `freshFor` seconds. After an explicit request (`r`, `tiles reload`,
    /// `tiles store set`, an edit) or on a retry: data fetched since `context.freshSince` (the
    /// request; the failed attempt), by any board, so that every board the request reached
    /// shares one fetch and a failing tile stays stale until the service answers. Otherwise:
    /// data fetched less than `freshFor` seconds before now (or after it: a clock set back must
    /// not keep old data new).
    static func isFresh(fetchedAt: Date, freshFor: TimeInterval, in context: TimelineContext) -> Bool {
        if let since = context.freshSince ?? (context.isExplicitReload ? context.now : nil) { return fetchedAt >= since }
        return abs(context.now.timeIntervalSince(fetchedAt)) < freshFor
    }

    private func fetchAndRemember<T: Codable>(_ key: String, now: Date, fetch: () async throws -> T) async throws -> T {
        let value = try await fetch()
        remember(value, as: key, at: now)
        return value
    }
}

/// A lease file saying "this board is fetching KEY": created exclusively, removed when done; a
/// lease older than 30 s is taken to belong to a board that died and is broken.
///
/// Taken at every fetch and every retry, so it costs what it must and no more: the directory is
/// made only when the first `open` finds it missing, and the file name is the key with every byte
/// but ASCII letters, digits, `-` and `_` as `%XX` (two keys never share a file, and no Unicode
/// table is consulted).
struct FetchLease {
    private let path: String

    /// Takes the lease, or returns nil when another board holds a live one. Without a directory
    /// (no cache) every board fetches for itself.
    init?(directory: String?, key: String) {
        guard let directory else { return nil }
        let path = Self.path(directory, key)
        var madeDirectory = false
        for _ in 0..<3 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                self.path = path
                return
            }
            if errno == ENOENT, !madeDirectory {
                madeDirectory = true
                try? FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                continue
            }
            guard errno == EEXIST, Self.isStale(path) else { return nil }
            unlink(path)
        }
        return nil
    }

    func release() { unlink(path) }

    /// Whether a live lease on `key` exists.
    static func isHeld(directory: String?, key: String) -> Bool {
        guard let directory else { return false }
        return !isStale(path(directory, key))
    }

    /// Whether the lease at `path` is missing or older than 30 s.
    private static func isStale(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > 30
    }

    static func path(_ directory: String, _ key: String) -> String {
        directory + "/" + PercentEncoding.encode(key, keeping: PercentEncoding.isFileNameLiteral) + ".lease"
    }
}
