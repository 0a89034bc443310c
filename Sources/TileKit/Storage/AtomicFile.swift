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
    ///
    /// With `followingLinks`, for the user's own files (a config kept in a dotfiles repository),
    /// a symbolic link is written through: the file it leads to is replaced, in its own folder,
    /// and the link stays. Without it (tiles' caches, state and runtime files) a link is replaced,
    /// never followed. Temporary files that a write killed half-way left beside the target
    /// (their process is gone) are removed first.
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600, followingLinks: Bool = false) throws {
        let target = followingLinks ? URL(filePath: resolvingLinks(url.path)) : url
        let directory = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        removeStaleTemporaries(of: target)
        let temporary = directory.appending(path: ".\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw AtomicFileError.cannotCreate(temporary.path, errno: errno) }
        var failure: AtomicFileError?
        let writeError = data.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) }
        if writeError != 0 { failure = .cannotWrite(temporary.path, errno: writeError) }
        if failure == nil, fsync(fd) != 0 { failure = .cannotWrite(temporary.path, errno: errno) }
        close(fd)
        if failure == nil, rename(temporary.path, target.path) != 0 { failure = .cannotRename(target.path, errno: errno) }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
    }

    /// The path a write to `path` replaces: `path` itself, or, when it is a symbolic link, the
    /// file at the end of its chain of links (which need not exist yet).
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // the kernel's own limit on links followed (ELOOP)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : TilesDirectories.join(TilesDirectories.folder(of: current), link)
        }
        return current
    }

    /// Removes `.<name>.<pid>.<n>.tmp` files beside `target` whose writing process is gone.
    static func removeStaleTemporaries(of target: URL) {
        let directory = target.deletingLastPathComponent().path
        let prefix = ".\(target.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let fields = name.dropFirst(prefix.count).dropLast(".tmp".count).split(separator: ".")
            guard fields.count == 2, let pid = pid_t(fields[0]), UInt32(fields[1]) != nil,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(TilesDirectories.join(directory, name))
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

    /// The most a state, cache, store, theme or activity file may hold.
    public static let defaultReadLimit = 16 << 20

    /// The whole content of the regular file at `path`, or why it cannot be read, in the C
    /// library's words (`No such file or directory`). Nothing but a regular file is read, and no
    /// more than `limit` bytes: the open does not block (a FIFO planted where a file was expected
    /// would wait for a writer for ever), and with `followingLinks` false a symbolic link is
    /// refused (files in tiles' own folders are never links).
    public static func read(atPath path: String, limit: Int = defaultReadLimit, followingLinks: Bool = true) -> Result<Data, ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return .failure(errno == ELOOP && !followingLinks ? .notARegularFile : ReadFailure(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ReadFailure(errno: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
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
            // A file that grows while it is read (those in /proc report no size) is bounded too.
            guard bytes.count + count <= limit else { return .failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Why a file could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        public let errno: Int32
        /// Set for the refusals that are tiles' own, not the C library's.
        private var reason: String?

        public init(errno: Int32) {
            self.errno = errno
        }

        /// Not a regular file: a FIFO, a device, a folder, a socket (or a link where none may be).
        public static let notARegularFile: ReadFailure = {
            var failure = ReadFailure(errno: EINVAL)
            failure.reason = "not a regular file"
            return failure
        }()

        /// Larger than tiles reads.
        public static func tooLarge(limit: Int) -> ReadFailure {
            var failure = ReadFailure(errno: EFBIG)
            failure.reason = "larger than \(limit >> 20) MiB"
            return failure
        }

        public var description: String { reason ?? String(cString: strerror(errno)) }
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
