import Glibc

/// Test support shared by the test targets (the fuzz mutators live beside it).
public enum ExecutableFile {
    /// A file write or open that failed, with the path and errno.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `text` to `path` as an executable (or, with `executable: false`, a plain) file.
    ///
    /// Opened close-on-exec and closed at once: tests run side by side in one process, and a
    /// child another test spawns while the file is open would keep it open for writing; running
    /// the file would then fail with ETXTBSY ("Text file busy"), which Foundation's atomic write
    /// (no close-on-exec) let happen.
    public static func write(_ text: String, to path: String, executable: Bool = true) throws {
        let mode: mode_t = executable ? 0o755 : 0o644
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(path): errno \(errno)") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw Failure(description: "cannot write \(path): errno \(errno)") }
        chmod(path, mode)
    }
}
