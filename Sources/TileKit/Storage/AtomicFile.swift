import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a reader, or a crash at any instant, sees either the old content or the
/// new, never a mix or an empty file: write a temporary file beside the target, flush it to disk,
/// then rename it over the target.
public enum AtomicFile {
    /// Replaces `url`'s content with `data`, creating parent directories; `permissions` apply to
    /// the new file (0o600 by default: caches and state are the user's own).
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw AtomicFileError.cannotCreate(temporary.path, errno: errno) }
        var failure: AtomicFileError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .cannotWrite(temporary.path, errno: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = .cannotWrite(temporary.path, errno: errno) }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = .cannotRename(url.path, errno: errno) }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
    }
}

/// Why an atomic write failed; the previous file is untouched in every case.
public enum AtomicFileError: Error, CustomStringConvertible {
    case cannotCreate(String, errno: Int32)
    case cannotWrite(String, errno: Int32)
    case cannotRename(String, errno: Int32)

    public var description: String {
        switch self {
        case let .cannotCreate(path, code): "cannot create \(path): \(String(cString: strerror(code)))"
        case let .cannotWrite(path, code): "cannot write \(path): \(String(cString: strerror(code)))"
        case let .cannotRename(path, code): "cannot replace \(path): \(String(cString: strerror(code)))"
        }
    }
}
