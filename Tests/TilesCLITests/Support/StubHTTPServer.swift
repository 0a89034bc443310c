// A tiny HTTP/1.1 server on 127.0.0.1 for end-to-end tests: fixed replies by path, one thread per
// connection, `Connection: close` on every reply. Plain sockets, so the test target needs no
// networking package.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Serves canned replies on an ephemeral port until `stop()` (or release).
final class StubHTTPServer: Sendable {
    /// One canned reply.
    struct Reply: Sendable {
        var status: Int
        var contentType: String
        var body: String

        /// A 200 JSON reply.
        static func json(_ body: String) -> Reply { Reply(status: 200, contentType: "application/json", body: body) }
        /// A 200 reply that is not JSON.
        static func text(_ body: String) -> Reply { Reply(status: 200, contentType: "text/plain", body: body) }

        /// This reply with each `{n}` in its body replaced by `n`.
        func numbered(_ n: Int) -> Reply {
            Reply(status: status, contentType: contentType, body: body.replacingOccurrences(of: "{n}", with: String(n)))
        }
    }

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let routes: [String: Reply]
    private let requested = Mutex<[String]>([])
    private let stopped = Mutex(false)

    /// `http://127.0.0.1:<port>`
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The request targets received so far (path and query), oldest first.
    var requests: [String] { requested.withLock { $0 } }

    /// Starts serving `routes` (keyed by path, without the query); other paths get 404. A `{n}`
    /// in a reply's body becomes the number of requests to its path so far, this one included.
    init(routes: [String: Reply]) throws {
        self.routes = routes
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TmuxSession.Failure("socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw TmuxSession.Failure("bind/listen failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "stub-http-server"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Stops accepting connections. Safe to call more than once.
    func stop() {
        let wasStopped = stopped.withLock { stopped in defer { stopped = true }; return stopped }
        guard !wasStopped else { return }
        // Wakes the accept() in the loop, which then sees `stopped` and closes the socket.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                break
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            if stopped.withLock({ $0 }) {
                close(connection)
                break
            }
            let handler = Thread { [self] in serve(connection) }
            handler.start()
        }
        close(listener)
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while request.count < 65536 {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.count >= 4, request.indices.dropLast(3).contains(where: { Array(request[$0..<$0 + 4]) == terminator }) { break }
        }
        let head = String(decoding: request, as: UTF8.self)
        let target = head.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? "/"
        let path = String(target.prefix { $0 != "?" })
        let count = requested.withLock { requests in
            requests.append(target)
            return requests.filter { $0.prefix { $0 != "?" } == path }.count
        }
        let reply = routes[path]?.numbered(count) ?? Reply(status: 404, contentType: "text/plain", body: "not found")
        let body = Array(reply.body.utf8)
        let response = "HTTP/1.1 \(reply.status) \(reply.status == 200 ? "OK" : "Error")\r\n"
            + "Content-Type: \(reply.contentType); charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Array(response.utf8) + body
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes.removeFirst(written)
        }
    }
}
