import FoundationEssentials
import Synchronization
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// How the command line talks to running boards (`tiles reload`, `tiles store set`): each board
/// listens on its own Unix socket, `board-<pid>.sock`, in a private runtime directory; a sender
/// writes one request line to every socket there, stamped with the moment it was sent
/// (`@<seconds since 1970> reload commit`), so that every board knows data fetched since then
/// answers it. The listening socket is one more descriptor in the board's own event loop, so it
/// costs no thread and no wake-ups while nothing is sent.
public final class BoardChannel: Sendable {
    /// What a board is asked to do.
    public enum Request: Equatable, Sendable {
        /// Reload every tile, or every tile of one kind (WidgetCenter across processes).
        case reload(kind: String?)
        /// A shared-store key changed: reload the widgets that read it.
        case storeChanged(key: String)
        /// A live activity started, changed or ended: read it again from the `ActivityStore`.
        case activityChanged(id: String)

        var line: String {
            switch self {
            case .reload(let kind?): "reload \(kind)"
            case .reload(nil): "reload"
            case .storeChanged(let key): "store \(key)"
            case .activityChanged(let id): "activity \(id)"
            }
        }

        init?(line: String) {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count) {
            case ("reload", 1): self = .reload(kind: nil)
            case ("reload", 2): self = .reload(kind: parts[1])
            case ("store", 2): self = .storeChanged(key: parts[1])
            case ("activity", 2) where LiveActivity.isValidID(parts[1]): self = .activityChanged(id: parts[1])
            default: return nil
            }
        }
    }

    /// The socket this board listens on.
    public let path: String
    /// The listening socket (non-blocking): readable when a sender waits, see ``acceptPending()``.
    public let descriptor: Int32
    private let handle: @Sendable (Request, Date) -> Void
    /// What serves it, once ``serve(on:)`` ran.
    private let server = Mutex<ChannelServer?>(nil)

    /// Asks the widgets a request names to reload through `center`, as every board does: a
    /// `tiles reload KIND`, or a `tiles store set` of a key named after a kind (`alipay.city`).
    /// False for what is not a reload (news of a live activity).
    public static func reload(for request: Request, sentAt: Date, center: WidgetCenter = .shared) -> Bool {
        switch request {
        case .reload(let kind):
            center.reloadTimelines(ofKind: kind, requestedAt: sentAt)
        case .storeChanged(let key):
            if let kind = key.split(separator: ".").first { center.reloadTimelines(ofKind: String(kind), requestedAt: sentAt) }
        case .activityChanged:
            return false
        }
        return true
    }

    /// `$XDG_RUNTIME_DIR/tiles`, else `/tmp/tiles-<uid>`; created owner-only.
    public static func directory(environment: [String: String]) throws -> URL {
        let directory = URL(filePath: TilesDirectories.runtime(environment: environment), directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var info = stat()
        guard stat(directory.path, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw BoardChannelError.unsafeDirectory(directory.path)
        }
        return directory
    }

    /// Starts listening in `directory`; `handle` runs for each request, with the moment the
    /// sender sent it (the moment it arrived, from a sender without a stamp), from
    /// ``acceptPending()``: the owner calls that whenever ``descriptor`` is readable.
    public init(directory: URL, handle: @escaping @Sendable (Request, Date) -> Void) throws {
        path = directory.appending(path: "board-\(getpid()).sock").path
        self.handle = handle
        unlink(path)
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        descriptor = socket(AF_UNIX, kind, 0)
        guard descriptor >= 0 else { throw BoardChannelError.socket(path, errno) }
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 8) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw BoardChannelError.socket(path, code)
        }
    }

    /// Serves senders on `reactor` (call on its thread): each is accepted when it connects and
    /// its line read as it arrives, without ever blocking the reactor; one that has not sent a
    /// whole line within ``requestTimeout`` is dropped (a sender trickling a byte at a time froze
    /// the board while it was read with a per-read timeout). Only the user's own processes can
    /// connect: the socket and its directory are owner-only.
    public func serve(on reactor: Reactor) {
        let server = ChannelServer(channel: self, reactor: reactor)
        self.server.withLock { $0 = server }
        reactor.watch(descriptor, for: .readable) { _ in server.acceptPending() }
    }

    /// Answers `line` (a request with or without its stamp) on `connection` and hands it on.
    fileprivate func answer(_ line: String, on connection: Int32) {
        guard let (request, sentAt) = Self.parse(line) else { return }
        handle(request, sentAt ?? Date())
        // A sender that gave up waiting must not end the board with SIGPIPE.
        _ = "ok\n".withCString { Glibc.send(connection, $0, 3, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// How long a connected sender may take to send its whole line.
    static let requestTimeout = Duration.milliseconds(200)
    /// How long a sender waits for each board's answer, in microseconds: a suspended board
    /// (Ctrl-Z) answers only when it goes on, and takes the request then.
    static let answerTimeout = 500_000

    /// Stops serving, on the reactor's thread: the senders being read are let go.
    public func stopServing() {
        server.withLock { server in defer { server = nil }; return server }?.stop()
    }

    /// Stops serving (on the reactor's thread), stops listening and removes the socket.
    public func close() {
        stopServing()
        unlink(path)
        Glibc.close(descriptor)
    }

    /// Sends `request`, stamped with `date`, to every board listening in `directory`; returns how
    /// many answered. Sockets whose board is gone (killed without cleaning up) are removed.
    /// `excluding` names a socket to leave out: the sender's own, when a board tells the others.
    @discardableResult
    public static func send(_ request: Request, directory: URL, at date: Date = Date(), excluding: String? = nil) -> Int {
        let sockets = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var reached = 0
        for name in sockets where name.hasPrefix("board-") && name.hasSuffix(".sock") {
            let path = directory.appending(path: name).path
            if path == excluding { continue }
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            defer { Glibc.close(descriptor) }
            var address = address(path)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else {
                if errno == ECONNREFUSED { unlink(path) }
                continue
            }
            var timeout = timeval(tv_sec: 0, tv_usec: Self.answerTimeout)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let line = "@\(date.timeIntervalSince1970) \(request.line)\n"
            let written = line.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            if written > 0, readLine(descriptor) == "ok" { reached += 1 }
        }
        return reached
    }

    /// A request line and its stamp (nil when the line has none).
    static func parse(_ line: String) -> (Request, Date?)? {
        guard line.hasPrefix("@") else { return Request(line: line).map { ($0, nil) } }
        let parts = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let seconds = TimeInterval(parts[0]), seconds.isFinite, let request = Request(line: parts[1]) else {
            return nil
        }
        return (request, Date(timeIntervalSince1970: seconds))
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let bytes = Array(path.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    /// The longest request line, in bytes.
    fileprivate static let maximumLine = 1024

    /// One line (at most 1 KiB) from `descriptor`, without its newline.
    private static func readLine(_ descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < maximumLine, read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

/// A channel's senders being read, on its reactor's thread: each connection's bytes so far and
/// the timer that drops it.
private final class ChannelServer: @unchecked Sendable {
    private unowned let channel: BoardChannel
    private let reactor: Reactor
    private var pending: [Int32: (bytes: [UInt8], timer: Reactor.TimerID)] = [:]

    init(channel: BoardChannel, reactor: Reactor) {
        self.channel = channel
        self.reactor = reactor
    }

    /// Accepts every sender waiting now, and watches each for its line.
    func acceptPending() {
        while true {
            let connection = accept(channel.descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return  // EAGAIN: nobody else waiting; or the socket is closed
            }
            // Linux's accept gives a blocking descriptor (it does not inherit O_NONBLOCK).
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
            let timer = reactor.schedule(after: BoardChannel.requestTimeout) { [unowned self] in finish(connection) }
            pending[connection] = ([], timer)
            reactor.watch(connection, for: .readable) { [unowned self] _ in read(connection) }
        }
    }

    /// Takes what `connection` holds now; answers once a whole line (or the end) is there.
    private func read(_ connection: Int32) {
        var chunk = [UInt8](repeating: 0, count: BoardChannel.maximumLine)
        while let bytes = pending[connection]?.bytes {
            let count = Glibc.read(connection, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return }
            if count <= 0 { return finish(connection, line: bytes) }
            let all = bytes + chunk[..<count]
            if let newline = all.firstIndex(of: UInt8(ascii: "\n")) {
                return finish(connection, line: Array(all[..<newline]))
            }
            if all.count >= BoardChannel.maximumLine { return finish(connection, line: Array(all.prefix(BoardChannel.maximumLine))) }
            pending[connection]?.bytes = all
        }
    }

    /// Answers `line` if there is one, and lets the connection go.
    private func finish(_ connection: Int32, line: [UInt8] = []) {
        guard let entry = pending.removeValue(forKey: connection) else { return }
        reactor.cancel(entry.timer)
        reactor.unwatch(connection)
        if !line.isEmpty { channel.answer(String(decoding: line, as: UTF8.self), on: connection) }
        Glibc.close(connection)
    }

    /// Drops every sender still being read (the board is quitting).
    func stop() {
        reactor.unwatch(channel.descriptor)
        for connection in Array(pending.keys) { finish(connection) }
    }
}

/// Why a board could not listen.
public enum BoardChannelError: Error, CustomStringConvertible {
    case unsafeDirectory(String)
    case socket(String, Int32)

    public var description: String {
        switch self {
        case .unsafeDirectory(let path): "\(path) must be a directory owned by you and closed to others (chmod 700)"
        case let .socket(path, code): "cannot listen on \(path): \(String(cString: strerror(code)))"
        }
    }
}
