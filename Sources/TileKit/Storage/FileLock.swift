import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock between processes on a lock file (`flock`): read-modify-writes of the
/// shared store and of live activities hold it, so two processes never lose each other's writes.
public enum FileLock {
    /// Runs `body` holding the lock on `file` (created owner-only, with its folder, if missing).
    public static func withLock<T>(on file: URL, _ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AtomicFileError.cannotCreate(file.path, errno: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
