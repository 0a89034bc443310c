import Foundation
import Synchronization
@testable import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// A real TCP server on 127.0.0.1 (or ::1) that answers every connection with bytes the test
/// wrote, exactly as given: what `LocalHTTPServer` (a correct HTTP server) cannot send, such
/// as a broken head, a response cut short, or a fuzzed one. It reads the request's head first
/// and records it, writes `reply(head)` in pieces of `pieceSize` bytes, then closes, unless
/// `holdOpen`, in which case it keeps the connection until stopped. `answersAtOnce` writes the
/// reply without waiting for a request (one that never ends its head, such as a TLS hello).
final class ScriptedPeer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let heads = Mutex<[String]>([])
    private let open = Mutex<[Int32]>([])
    private let reply: @Sendable (String) -> [UInt8]
    private let pieceSize: Int
    private let holdOpen: Bool
    private let answersAtOnce: Bool

    init(ipv6: Bool = false, pieceSize: Int = 1 << 20, holdOpen: Bool = false, answersAtOnce: Bool = false, reply: @escaping @Sendable (String) -> [UInt8]) throws {
        self.reply = reply
        self.pieceSize = max(1, pieceSize)
        self.holdOpen = holdOpen
        self.answersAtOnce = answersAtOnce
        let (listener, port) = try Loopback.listen(ipv6: ipv6, backlog: 16)
        self.port = port
        self.listener = listener
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The request heads received, oldest first.
    var requestHeads: [String] { heads.withLock { $0 } }

    /// Stops accepting and closes the connections held open.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for descriptor in open.withLock({ $0 }) { Glibc.close(descriptor) }
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in answer(connection) }
        }
    }

    private func answer(_ connection: Int32) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !answersAtOnce && !head.suffix(4).elementsEqual([13, 10, 13, 10]) && head.count < 65536 {
            guard recv(connection, &byte, 1, 0) == 1 else { break }
            head.append(byte)
        }
        let text = String(decoding: head, as: UTF8.self)
        heads.withLock { $0.append(text) }
        let bytes = reply(text)
        var offset = 0
        while offset < bytes.count {
            let count = min(pieceSize, bytes.count - offset)
            let written = bytes[offset..<offset + count].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { break }
            offset += written
            if pieceSize < bytes.count { usleep(1000) }
        }
        if holdOpen {
            open.withLock { $0.append(connection) }
        } else {
            shutdown(connection, Int32(SHUT_WR))
            // Let the client read to the end before the socket goes (a close with unread request
            // bytes would reset the connection).
            var sink = [UInt8](repeating: 0, count: 4096)
            while recv(connection, &sink, sink.count, 0) > 0 {}
            Glibc.close(connection)
        }
    }

    /// `text` with LF line ends made CRLF, as bytes.
    static func crlf(_ text: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }
}

/// Sockets on the loopback interface for the tests' peers.
enum Loopback {
    /// A socket listening on 127.0.0.1 (or ::1) at a port the system chose.
    static func listen(ipv6: Bool = false, backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        var address = SocketAddress(literal: ipv6 ? "::1" : "127.0.0.1", port: 0)!
        let descriptor = socket(Int32(address.storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var length = address.length
        let bound = withUnsafeMutablePointer(to: &address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound, Glibc.listen(descriptor, backlog) == 0 else {
            let failure = errno
            if descriptor >= 0 { close(descriptor) }
            throw ServerError("cannot listen on \(ipv6 ? "[::1]" : "127.0.0.1"): errno \(failure)")
        }
        // sin_port and sin6_port both follow the family, in network order.
        let port = withUnsafeBytes(of: &address.storage) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
        return (descriptor, Int(port))
    }

    /// Starts connecting a non-blocking socket to 127.0.0.1:`port`; the socket.
    static func startConnecting(to port: Int) -> Int32 {
        var address = SocketAddress(literal: "127.0.0.1", port: port)!
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        _ = withUnsafePointer(to: &address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, address.length) }
        }
        return descriptor
    }
}
