import FoundationEssentials
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// One run of a widget program per refresh for every board of one user, as built-in sources
/// share one fetch: the board that takes a run's lease (a file created exclusively) runs the
/// program and keeps its output; the others wait for the lease to go (inotify, no polling) and
/// use that output. A failed run is not shared: a board that finds no fresh output runs the
/// program itself.
struct SharedRuns: Sendable {
    /// Where leases and outputs are kept (`$XDG_CACHE_HOME/tiles/extensions/runs`); nil shares nothing.
    let directory: URL?

    /// The output for the run `key` in `context`: a fresh one another board made, or `run()`'s.
    /// Outputs younger than `freshFor` seconds answer scheduled calls; an explicit request or a
    /// retry takes only output made since it (`TimelineContext.freshSince`).
    func output(
        key: String, context: TimelineContext, freshFor: TimeInterval, timeout: TimeInterval,
        run: () async throws -> Data
    ) async throws -> Data {
        guard let directory, (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
            return try await run()
        }
        let name = StableHash.hex(key)
        let outputFile = directory.appending(path: name + ".out")
        let leaseFile = directory.appending(path: name + ".lease")
        func fresh() -> Data? { Self.recall(outputFile, freshFor: freshFor, in: context) }
        if let output = fresh() { return output }
        if !Self.takeLease(leaseFile.path, staleAfter: timeout + 30) {
            await Self.waitForRemoval(of: leaseFile, within: timeout + 2)
            if let output = fresh() { return output }
        } else {
            defer { unlink(leaseFile.path) }
            // The board that held the lease until now may have brought it.
            if let output = fresh() { return output }
            let output = try await run()
            // Dates as Foundation keeps them (since 2001), so that they read back exactly.
            var record = Data("\(context.now.timeIntervalSinceReferenceDate)\n".utf8)
            record.append(output)
            try? AtomicFile.write(record, to: outputFile)
            return output
        }
        return try await run()
    }

    /// The output kept in `file` when it is fresh enough for `context`.
    static func recall(_ file: URL, freshFor: TimeInterval, in context: TimelineContext) -> Data? {
        guard let record = AtomicFile.contents(atPath: file.path), let newline = record.firstIndex(of: 0x0A),
              let seconds = Double(String(decoding: record[..<newline], as: UTF8.self)) else { return nil }
        let madeAt = Date(timeIntervalSinceReferenceDate: seconds)
        if let since = context.freshSince ?? (context.isExplicitReload ? context.now : nil) {
            return madeAt >= since ? Data(record[(newline + 1)...]) : nil
        }
        return abs(context.now.timeIntervalSince(madeAt)) < freshFor ? Data(record[(newline + 1)...]) : nil
    }

    /// Creates the lease file; false when another board holds a live one (a lease older than
    /// `staleAfter` seconds belongs to a board that died, and is broken).
    static func takeLease(_ path: String, staleAfter: TimeInterval) -> Bool {
        for _ in 0..<2 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                return true
            }
            var info = stat()
            guard errno == EEXIST, stat(path, &info) == 0,
                  Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > staleAfter else { return false }
            unlink(path)
        }
        return false
    }

    /// Returns when `file` is gone, or after `seconds`: a `FolderWait` on the network reactor,
    /// so waiting costs no wake-ups, no thread and no libdispatch worker.
    static func waitForRemoval(of file: URL, within seconds: TimeInterval) async {
        let path = file.path
        _ = await FolderWait(folder: file.deletingLastPathComponent().path)
            .wait(until: { access(path, F_OK) != 0 }, within: .seconds(max(seconds, 0)))
    }

}
