import FoundationEssentials
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
        let temporary = directory.appending(path: ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw AtomicFileError.cannotCreate(temporary.path, errno: errno) }
        var failure: AtomicFileError?
        let writeError = data.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) }
        if writeError != 0 { failure = .cannotWrite(temporary.path, errno: writeError) }
        if failure == nil, fsync(fd) != 0 { failure = .cannotWrite(temporary.path, errno: errno) }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = .cannotRename(url.path, errno: errno) }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
    }
}

extension AtomicFile {
    /// The whole content of the regular file at `path`, or nil when it cannot be read (most
    /// often: there is none). An `open`, `fstat`, `read`s and `close`: Foundation's readers build
    /// an error, with its path and description, for a missing file, each time a retrying widget
    /// looks for a store that is not there.
    public static func contents(atPath path: String) -> Data? {
        try? read(atPath: path).get()
    }

    /// The whole content of the regular file at `path`, or why it cannot be read, in the C
    /// library's words (`No such file or directory`).
    public static func read(atPath path: String) -> Result<Data, ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ReadFailure(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(ReadFailure(errno: EISDIR)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(errno: errno))
            }
            if count == 0 { return .success(Data(bytes)) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Why a file could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { String(cString: strerror(errno)) }
    }
}

extension AtomicFile {
    /// The permission bits of the file at `path`, nil when it cannot be read.
    public static func permissions(atPath path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
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
