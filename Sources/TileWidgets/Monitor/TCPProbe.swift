import FoundationEssentials
import Synchronization
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Whether a TCP port accepts a connection within a time: the monitor's `tcp://host:port`
/// check. It connects on the network thread's reactor, as the HTTP client does, and closes at
/// once; a failure is named as the client names it (`cannot connect to db:5432: refused`).
enum TCPProbe {
    static func check(host: String, port: Int, timeout: Duration) async throws(FetchError) {
        let addresses: [SocketAddress]
        if let literal = SocketAddress(literal: host, port: port) {
            addresses = [literal]
        } else {
            // getaddrinfo blocks (DNS): a thread of its own, as for the HTTP client.
            let resolved = await withCheckedContinuation { continuation in
                DetachedThread.start(named: "tiles.resolve") { continuation.resume(returning: SocketAddress.resolve(host, port: port)) }
            }
            addresses = try resolved.get()
        }
        guard let target = addresses.first else { throw .cannotResolve(host: host) }
        let failure: Int32? = await withCheckedContinuation { continuation in
            let once = Mutex<CheckedContinuation<Int32?, Never>?>(continuation)
            Reactor.network.execute {
                var address = target
                let socket = Glibc.socket(Int32(address.storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                guard socket >= 0 else { return once.withLock { $0.take() }?.resume(returning: errno) ?? () }
                // The first of the answer and the timeout ends the probe; the other finds it ended.
                func finish(_ result: Int32?, timer: Reactor.TimerID?) {
                    guard let continuation = once.withLock({ $0.take() }) else { return }
                    if let timer { Reactor.network.cancel(timer) }
                    Reactor.network.unwatch(socket)
                    close(socket)
                    continuation.resume(returning: result)
                }
                let result = withUnsafePointer(to: &address.storage) { storage in
                    storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, address.length) }
                }
                if result == 0 { return finish(nil, timer: nil) }
                guard errno == EINPROGRESS else { return finish(errno, timer: nil) }
                let timer = Reactor.network.schedule(after: timeout) { finish(ETIMEDOUT, timer: nil) }
                let watching = Reactor.network.watch(socket, for: .writable) { _ in
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                    finish(error == 0 ? nil : error, timer: timer)
                }
                if !watching { finish(errno, timer: timer) }
            }
        }
        guard let failure else { return }
        let reason = failure == ETIMEDOUT ? "timed out" : failure == ECONNREFUSED ? "refused" : String(cString: strerror(failure))
        throw .cannotConnect("cannot connect to \(host):\(port): \(reason)")
    }
}
