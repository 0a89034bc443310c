import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP proxy for the tests: Debian's tinyproxy on 127.0.0.1, with a config of the test's
/// own in a temporary folder, stopped by `stop()`.
public final class TinyProxy {
    public let port: Int
    private let folder: URL
    private let process = Process()

    /// A proxy that asks for `credentials` when given, and opens tunnels to `connectPorts` only
    /// when given (every port otherwise).
    public init(credentials: (user: String, password: String)? = nil, connectPorts: [Int] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tinyproxy") else {
            throw ProxyTestFailure("tinyproxy is not installed (make test-deps installs it)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tinyproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        var lines = [
            "Port \(port)", "Listen 127.0.0.1", "Timeout 10", "MaxClients 20", "Allow 127.0.0.1",
            "LogFile \"\(folder.appendingPathComponent("proxy.log").path)\"", "LogLevel Connect",
        ]
        if let credentials { lines.append("BasicAuth \(credentials.user) \(credentials.password)") }
        lines += connectPorts.map { "ConnectPort \($0)" }
        let config = folder.appendingPathComponent("tinyproxy.conf")
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tinyproxy")
        process.arguments = ["-d", "-c", config.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntilListening()
    }

    /// What the proxy logged: one `Request` line per request it took.
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("proxy.log"), encoding: .utf8)) ?? ""
    }

    /// Kills the proxy: on SIGTERM tinyproxy waits for its open connections to end.
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    private func waitUntilListening() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        stop()
        throw ProxyTestFailure("tinyproxy did not listen on 127.0.0.1:\(port)")
    }

    public static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port the system hands out and that is closed again; tinyproxy binds it next.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw ProxyTestFailure("cannot bind a port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A listener that takes connections and never answers: a proxy that hangs.
public final class SilentListener {
    public let port: Int
    private let socket: Int32

    public init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 && listen(socket, 16) == 0
            }
        }
        guard listening else { throw ProxyTestFailure("cannot listen on 127.0.0.1") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func stop() { close(socket) }
}

/// Why a test's proxy or listener could not start.
public struct ProxyTestFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
