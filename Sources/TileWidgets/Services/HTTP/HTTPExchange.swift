import CNetwork
import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

// One file, longer than most: an exchange is one state machine (resolve, connect, TLS, send,
// read), and its steps are read best in the order they run.

/// One GET over one connection of its own, driven by the network thread's events: resolve the
/// host, connect to its addresses in turn, shake hands over TLS for `https`, send the request,
/// read the response. The connection is closed afterwards (`Connection: close`): a widget asks a
/// service a few times an hour, and a pool's idle connections would only be timers to keep.
///
/// All its state is touched on the loop's thread only; ``start()`` and ``cancel()`` are
/// handed to the loop with `execute`. `completion` is called once, on the loop's thread.
final class HTTPExchange: @unchecked Sendable {
    /// Where a request goes and what it sends.
    struct Target {
        /// The host name or address, without an IPv6 address's brackets.
        var host: String
        var port: Int
        var usesTLS: Bool
        /// The request's bytes, head only (a GET has no body).
        var request: [UInt8]
        /// The proxy the connection goes to instead of the host, nil to go direct.
        var proxy: HTTPProxy?
        /// The `CONNECT` request that opens a tunnel through `proxy` to the host, for https.
        var tunnelRequest: [UInt8]?

        /// Where the socket connects: the proxy, or the host itself.
        var connectHost: String { proxy?.host ?? host }
        var connectPort: Int { proxy?.port ?? port }
        /// The peer named in messages about connecting (`proxy 10.0.0.1:3128`, `example.com:443`).
        var connectName: String { proxy?.name ?? "\(host):\(port)" }
    }

    private enum Phase { case resolving, connecting, tunnelling, handshaking, sending, receiving, finished }

    private let target: Target
    private let loop: Reactor
    private let connectTimeout: Duration
    private let deadline: Reactor.Instant
    private let authorities: String?
    private let completion: (Result<FetchResponse, FetchError>) -> Void
    private var parser: HTTPResponseParser

    private var phase = Phase.resolving
    private var addresses: [SocketAddress] = []
    private var firstConnectFailure: Int32?
    private var socket: Int32 = -1
    private var tls: OpaquePointer?
    private var sent = 0
    /// The proxy's answer to `CONNECT`, read until its head ends.
    private var tunnelAnswer: [UInt8] = []
    /// Whether any byte of the response has come.
    private var receivedAny = false
    private var deadlineTimer: Reactor.TimerID?
    private var connectTimer: Reactor.TimerID?

    /// An exchange that must end by `deadline` (``Reactor/now``), connect (and shake
    /// hands) within `connectTimeout`, and read a body of at most `maximumBodyBytes`;
    /// `authorities` is a PEM file of trusted certificate authorities, nil for the system's.
    init(
        target: Target, loop: Reactor, connectTimeout: Duration, deadline: Reactor.Instant, maximumBodyBytes: Int,
        authorities: String?, completion: @escaping (Result<FetchResponse, FetchError>) -> Void
    ) {
        self.target = target
        self.loop = loop
        self.connectTimeout = connectTimeout
        self.deadline = deadline
        self.authorities = authorities
        self.completion = completion
        parser = HTTPResponseParser(maximumBodyBytes: maximumBodyBytes)
    }

    /// Begins the exchange (on the loop's thread).
    func start() {
        guard deadline > Reactor.now else { return finish(.failure(.timedOut)) }
        deadlineTimer = loop.schedule(at: deadline) { [self] in
            // A proxy that took the request and never answered is the proxy's failure.
            if let proxy = target.proxy, !receivedAny, phase == .sending || phase == .receiving {
                return finish(.failure(.proxy("no answer through \(proxy.name) in time")))
            }
            finish(.failure(.timedOut))
        }
        connectTimer = loop.schedule(after: connectTimeout) { [self] in
            switch phase {
            case .handshaking: finish(.failure(.cannotConnect("TLS handshake with \(target.host) timed out")))
            case .tunnelling: finish(.failure(.proxy("\(target.connectName) did not open a tunnel to \(target.host):\(target.port) in time")))
            default: finish(.failure(connectionFailure("cannot connect to \(target.connectName): timed out")))
            }
        }
        if let address = SocketAddress(literal: target.connectHost, port: target.connectPort) {
            resolved(.success([address]))
            return
        }
        // getaddrinfo blocks (DNS), so it runs on a thread of its own, which ends with it.
        let host = target.connectHost, port = target.connectPort, loop = loop
        DetachedThread.start(named: "tiles.resolve") { [self] in
            let result = SocketAddress.resolve(host, port: port)
            loop.execute { [self] in resolved(result) }
        }
    }

    /// Ends the exchange as cancelled (on the loop's thread); nothing once it has ended.
    func cancel() {
        finish(.failure(.cancelled))
    }

    // MARK: Connecting

    private func resolved(_ result: Result<[SocketAddress], FetchError>) {
        guard phase == .resolving else { return }
        switch result {
        case .success(let found):
            addresses = found
            phase = .connecting
            connectNext()
        case .failure(let error):
            if let proxy = target.proxy, case .cannotResolve = error {
                return finish(.failure(.proxy("cannot resolve \(proxy.name)")))
            }
            finish(.failure(error))
        }
    }

    /// A failure to reach the peer: the proxy's when there is one.
    private func connectionFailure(_ message: String) -> FetchError {
        target.proxy == nil ? .cannotConnect(message) : .proxy(message)
    }

    /// Tries the next address, or fails with the first address's reason when none is left.
    private func connectNext() {
        closeSocket()
        guard !addresses.isEmpty else {
            let reason = firstConnectFailure.map(Self.describe) ?? "no address to connect to"
            let message = "cannot connect to \(target.connectName): \(reason)"
            // Only a missing route means no network; a refusal means the server is not there.
            let noNetwork = [ENETUNREACH, ENETDOWN, EHOSTUNREACH].contains(firstConnectFailure ?? 0)
            return finish(.failure(noNetwork ? .offline(message) : connectionFailure(message)))
        }
        var address = addresses.removeFirst()
        socket = Glibc.socket(Int32(address.storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return connectFailed(errno) }
        let (result, failure) = withUnsafePointer(to: &address.storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { (Glibc.connect(socket, $0, address.length), errno) }
        }
        if result == 0 {
            return connected()
        }
        guard failure == EINPROGRESS else { return connectFailed(failure) }
        let watching = loop.watch(socket, for: .writable) { [self] _ in
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
            failure == 0 ? connected() : connectFailed(failure)
        }
        if !watching { connectFailed(errno) }
    }

    private func connectFailed(_ failure: Int32) {
        if firstConnectFailure == nil { firstConnectFailure = failure }
        connectNext()
    }

    private func connected() {
        if let tunnelRequest = target.tunnelRequest {
            phase = .tunnelling
            return write(tunnelRequest) { [self] in whenReady(.readable) { [self] in readTunnelAnswer() } }
        }
        guard target.usesTLS else {
            cancelConnectTimer()
            return send()
        }
        startTLS()
    }

    /// Reads the proxy's answer to `CONNECT`: a 2xx opens the tunnel, and TLS with the host
    /// begins in it; anything else ends the exchange with the proxy's reason.
    private func readTunnelAnswer() {
        guard let proxy = target.proxy else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.recv(socket, &buffer, buffer.count, 0)
            let failure = errno
            if count > 0 {
                tunnelAnswer += buffer[..<count]
                if let answer = TunnelAnswer(tunnelAnswer) {
                    return answer.isOpen ? startTLS() : finish(.failure(.proxy(answer.refusal(by: proxy, to: "\(target.host):\(target.port)"))))
                }
                guard tunnelAnswer.count <= 16 * 1024 else {
                    return finish(.failure(.proxy("\(proxy.name) answered the tunnel request with a head too long")))
                }
                continue
            }
            if count == 0 {
                return finish(.failure(.proxy("\(proxy.name) closed the connection instead of opening a tunnel to \(target.host):\(target.port)")))
            }
            guard failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR else {
                return finish(.failure(.proxy("\(proxy.name): \(String(cString: strerror(failure)))")))
            }
            return whenReady(.readable) { [self] in readTunnelAnswer() }
        }
    }

    private func startTLS() {
        phase = .handshaking
        var message = [CChar](repeating: 0, count: 256)
        guard let context = TLSContexts.context(authorities: authorities, message: &message),
              let connection = tiles_tls_connection(
                  context, socket, target.host, SocketAddress.isLiteral(target.host) ? 1 : 0, &message, message.count)
        else {
            return finish(.failure(.cannotConnect("TLS: " + Self.text(message))))
        }
        tls = connection
        handshake()
    }

    private func handshake() {
        switch Int(tiles_tls_handshake(tls)) {
        case 0:
            cancelConnectTimer()
            send()
        case TILES_TLS_WANT_READ:
            whenReady(.readable) { [self] in handshake() }
        case TILES_TLS_WANT_WRITE:
            whenReady(.writable) { [self] in handshake() }
        case TILES_TLS_CLOSED:
            finish(.failure(.cannotConnect("connection closed by the server during the TLS handshake")))
        default:
            finish(.failure(tlsFailure(prefix: "TLS")))
        }
    }

    private func cancelConnectTimer() {
        if let connectTimer { loop.cancel(connectTimer) }
        connectTimer = nil
    }

    // MARK: The request and the response

    private func send() {
        phase = .sending
        write(target.request) { [self] in
            phase = .receiving
            whenReady(.readable) { [self] in receive() }
        }
    }

    /// Writes `bytes` (from `sent` on), waiting for the connection as it needs, then calls `next`.
    private func write(_ bytes: [UInt8], then next: @escaping () -> Void) {
        while sent < bytes.count {
            // errno is read right after the call, before anything else can change it.
            let (count, failure) = bytes.withUnsafeBytes { bytes in
                let rest = UnsafeRawBufferPointer(rebasing: bytes[sent...])
                if tls != nil {
                    return (Int(tiles_tls_write(tls, rest.baseAddress, Int32(min(rest.count, Int(Int32.max))))), Int32(0))
                }
                let count = Glibc.send(socket, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
                return (count, errno)
            }
            if count > 0 {
                sent += count
                continue
            }
            if let wanted = wait(after: count, errno: failure, writing: true) {
                return whenReady(wanted) { [self] in write(bytes, then: next) }
            }
            return fail(after: count, errno: failure, while: phase == .tunnelling ? "sending the tunnel request" : "sending the request")
        }
        sent = 0
        next()
    }

    /// Reads what the connection has; at most 64 reads at a time, so that a peer sending without
    /// end cannot keep the loop's timers (the deadline) from running.
    private func receive() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        for _ in 0..<64 {
            let (count, failure) = buffer.withUnsafeMutableBytes { bytes in
                if tls != nil {
                    return (Int(tiles_tls_read(tls, bytes.baseAddress, Int32(bytes.count))), Int32(0))
                }
                let count = Glibc.recv(socket, bytes.baseAddress, bytes.count, 0)
                return (count, errno)
            }
            if count > 0 {
                receivedAny = true
                let outcome = buffer.withUnsafeBytes { bytes in
                    Result { () throws(HTTPResponseParser.Failure) in try parser.consume(UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
                }
                switch outcome {
                case .success(true):
                    if let response = parser.response { return delivered(response) }
                case .success(false):
                    continue
                case .failure(let failure):
                    return finish(.failure(Self.fetchError(failure)))
                }
                continue
            }
            if count == 0 || count == Int(TILES_TLS_CLOSED) {
                do {
                    try parser.finish()
                    if let response = parser.response { return delivered(response) }
                } catch {
                    return finish(.failure(Self.fetchError(error)))
                }
                return
            }
            if let wanted = wait(after: count, errno: failure, writing: false) {
                return whenReady(wanted) { [self] in receive() }
            }
            return fail(after: count, errno: failure, while: "reading the response")
        }
        loop.execute { [self] in
            if phase == .receiving { receive() }
        }
    }

    /// Ends with the response; a plain-http proxy's own 407 is the proxy's failure, not the server's.
    private func delivered(_ response: FetchResponse) {
        if let proxy = target.proxy, !target.usesTLS, response.status == 407 {
            return finish(.failure(.proxy(TunnelAnswer.credentialsRefusal(by: proxy))))
        }
        finish(.success(response))
    }

    /// The events to wait for after a read or write returned `result` (with `failure` as errno
    /// for a plain socket); nil when it failed.
    private func wait(after result: Int, errno failure: Int32, writing: Bool) -> Reactor.Events? {
        if tls != nil {
            switch result {
            case TILES_TLS_WANT_READ: return .readable
            case TILES_TLS_WANT_WRITE: return .writable
            default: return nil
            }
        }
        guard failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR else { return nil }
        return writing ? .writable : .readable
    }

    private func fail(after result: Int, errno failure: Int32, while doing: String) {
        if tls != nil {
            return finish(.failure(tlsFailure(prefix: "TLS error \(doing)")))
        }
        if failure == EPIPE || failure == ECONNRESET {
            return finish(.failure(connectionFailure("connection closed by the \(target.proxy?.name ?? "server")")))
        }
        finish(.failure(connectionFailure("\(doing): \(String(cString: strerror(failure)))")))
    }

    /// Calls `next` once the socket is ready for `events` (or has an error or hang-up, which
    /// the next call then reports).
    private func whenReady(_ events: Reactor.Events, _ next: @escaping () -> Void) {
        if !loop.watch(socket, for: events, { _ in next() }) {
            finish(.failure(.cannotConnect("cannot watch the connection: \(String(cString: strerror(errno)))")))
        }
    }

    private static func fetchError(_ failure: HTTPResponseParser.Failure) -> FetchError {
        switch failure {
        case .malformed(let reason): return .malformed(reason)
        case .tooLarge: return .tooLarge
        case .truncated: return .cannotConnect("connection closed by the server")
        }
    }

    // MARK: The end

    private func finish(_ result: Result<FetchResponse, FetchError>) {
        guard phase != .finished else { return }
        phase = .finished
        if let deadlineTimer { loop.cancel(deadlineTimer) }
        cancelConnectTimer()
        closeSocket()
        completion(result)
    }

    private func closeSocket() {
        if let tls {
            SSL_free(tls)
            self.tls = nil
        }
        guard socket >= 0 else { return }
        loop.unwatch(socket)
        close(socket)
        socket = -1
    }

    /// The text of a NUL-terminated C message.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why the TLS connection failed: the certificate's problem in a person's words when the
    /// check refused it, else OpenSSL's error after `prefix`.
    private func tlsFailure(prefix: String) -> FetchError {
        let verdict = tiles_tls_verify_result(tls)
        if verdict != X509_V_OK {
            var name = [CChar](repeating: 0, count: 256)
            tiles_tls_peer_name(tls, &name, name.count)
            let certificateName = Self.text(name)
            return .certificate(CertificateVerdict.text(
                verdict, host: target.host, certificateName: certificateName.isEmpty ? target.host : certificateName))
        }
        var message = [CChar](repeating: 0, count: 256)
        tiles_tls_failure(tls, &message, message.count)
        return .cannotConnect(prefix + ": " + Self.text(message))
    }

    private static func describe(_ failure: Int32) -> String {
        switch failure {
        case ECONNREFUSED: return "connection refused"
        case ENETUNREACH: return "network unreachable"
        case EHOSTUNREACH: return "host unreachable"
        case ETIMEDOUT: return "connect timed out"
        default: return String(cString: strerror(failure))
        }
    }
}

/// The TLS client contexts, one per set of trusted authorities, made on first use and kept:
/// loading the system's certificates takes milliseconds. Touched on the network thread only.
private enum TLSContexts {
    nonisolated(unsafe) private static var made: [String: OpaquePointer] = [:]

    static func context(authorities: String?, message: inout [CChar]) -> OpaquePointer? {
        let key = authorities ?? ""
        if let context = made[key] { return context }
        let context = message.withUnsafeMutableBufferPointer { buffer in
            tiles_tls_context(authorities, buffer.baseAddress, buffer.count)
        }
        if let context { made[key] = context }
        return context
    }
}

/// An address to connect to.
struct SocketAddress: Sendable {
    var storage = sockaddr_storage()
    var length: socklen_t = 0

    /// The address `host` spells (IPv4 dotted or IPv6), nil for a name.
    init?(literal host: String, port: Int) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            address.sin_addr = v4
            set(address)
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            address.sin6_addr = v6
            set(address)
        } else {
            return nil
        }
    }

    private init(_ pointer: UnsafePointer<sockaddr>, length: socklen_t) {
        self.length = min(length, socklen_t(MemoryLayout<sockaddr_storage>.size))
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Int(self.length)))
        }
    }

    private mutating func set<Address>(_ address: Address) {
        var address = address
        length = socklen_t(MemoryLayout<Address>.size)
        withUnsafeMutableBytes(of: &storage) { target in
            withUnsafeBytes(of: &address) { target.copyMemory(from: $0) }
        }
    }

    /// Whether `host` is an IP address rather than a name.
    static func isLiteral(_ host: String) -> Bool {
        SocketAddress(literal: host, port: 0) != nil
    }

    /// The addresses of `host` (getaddrinfo: `/etc/hosts`, then DNS), in the order to try them.
    /// Blocks; call it off the loop's thread.
    static func resolve(_ host: String, port: Int) -> Result<[SocketAddress], FetchError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            // EAI_AGAIN: no DNS server answered, which is what a machine without network sees.
            return .failure(status == EAI_AGAIN ? .offline("cannot resolve \(host): no answer from DNS") : .cannotResolve(host: host))
        }
        defer { freeaddrinfo(first) }
        var found: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let address = entry.pointee.ai_addr {
                found.append(SocketAddress(address, length: entry.pointee.ai_addrlen))
            }
            next = entry.pointee.ai_next
        }
        return found.isEmpty ? .failure(.cannotResolve(host: host)) : .success(found)
    }
}

/// A refused certificate in a person's words.
enum CertificateVerdict {
    /// `verdict` (OpenSSL's `X509_V_ERR_…`) for a connection to `host` whose certificate names
    /// `certificateName`.
    static func text(_ verdict: Int, host: String, certificateName: String) -> String {
        switch Int32(verdict) {
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
            "certificate not trusted: self-signed certificate for \(certificateName)"
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
            "certificate is for \(certificateName), not \(host)"
        case X509_V_ERR_CERT_HAS_EXPIRED:
            "certificate expired"
        case X509_V_ERR_CERT_NOT_YET_VALID:
            "certificate not valid yet"
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
             X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            "certificate not trusted: \(certificateName) is signed by an unknown authority"
        case X509_V_ERR_CERT_REVOKED:
            "certificate revoked"
        default:
            "certificate not trusted: \(String(cString: tiles_tls_verdict_text(verdict)))"
        }
    }
}
