import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension WidgetServices {
    /// Fetches `key`'s data once for every board of this user: data another board fetched less than
    /// `freshFor` seconds ago is used as is, and while one board fetches (it holds a lease file in
    /// the cache), the others wait for its result instead of asking the service too. What is
    /// fetched is remembered as the source's last good data.
    func shared<T: Codable & Sendable>(
        _ key: String, freshFor: TimeInterval, now: Date, fetch: () async throws -> T
    ) async throws -> T {
        if let fresh = recall(T.self, as: key), abs(now.timeIntervalSince(fresh.fetchedAt)) < freshFor {
            return fresh.value
        }
        guard let lease = FetchLease(directory: leaseDirectory, key: key) else {
            // Another board is fetching: wait for what it brings (a few quiet sleeps, no spinning).
            for _ in 0..<40 {
                try await sleepOnEventLoop(.milliseconds(250))
                if let fetched = recall(T.self, as: key), fetched.fetchedAt >= now.addingTimeInterval(-freshFor) {
                    return fetched.value
                }
                if !FetchLease.isHeld(directory: leaseDirectory, key: key) { break }
            }
            return try await fetchAndRemember(key, now: now, fetch: fetch)
        }
        defer { lease.release() }
        return try await fetchAndRemember(key, now: now, fetch: fetch)
    }

    private func fetchAndRemember<T: Codable>(_ key: String, now: Date, fetch: () async throws -> T) async throws -> T {
        let value = try await fetch()
        remember(value, as: key, at: now)
        return value
    }
}

/// A lease file saying "this board is fetching KEY": created exclusively, removed when done; a
/// lease older than 30 s is taken to belong to a board that died and is broken.
struct FetchLease {
    private let path: String

    /// Takes the lease, or returns nil when another board holds a live one. Without a directory
    /// (no cache) every board fetches for itself.
    init?(directory: URL?, key: String) {
        guard let directory else { return nil }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = Self.path(directory, key)
        for _ in 0..<2 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                self.path = path
                return
            }
            guard errno == EEXIST, Self.isStale(path) else { return nil }
            unlink(path)
        }
        return nil
    }

    func release() { unlink(path) }

    /// Whether a live lease on `key` exists.
    static func isHeld(directory: URL?, key: String) -> Bool {
        guard let directory else { return false }
        let path = path(directory, key)
        return FileManager.default.fileExists(atPath: path) && !isStale(path)
    }

    private static func isStale(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > 30
    }

    private static func path(_ directory: URL, _ key: String) -> String {
        let safe = key.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "_" }.joined()
        return directory.appendingPathComponent("\(safe).lease").path
    }
}
