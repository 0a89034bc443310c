import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A service that cannot be reached says why, in `tiles render`, on the tile, in the status line
/// and in the log: a refused certificate is not "offline", nor is a refused connection or a name
/// that does not resolve.
@Suite struct NetworkFailureTests {
    static let certificates = repositoryRoot.appendingPathComponent("Tests/TileWidgetsTests/Fixtures/tls")

    /// A test server of `Fixtures/tls` on 127.0.0.1 that prints its port on a line and stops when
    /// its input closes: by default `serve.py`, HTTPS presenting `certificate`.
    final class TLSServer {
        let port: Int
        private let process = Process()
        private let input = Pipe()

        /// `script` with the certificate, its key and `arguments`.
        convenience init(certificate: String, key: String = "leaf.key", script: String = "serve.py", arguments: [String] = []) throws {
            try self.init(script: script, arguments: [certificates.appendingPathComponent(certificate).path, certificates.appendingPathComponent(key).path] + arguments)
        }

        /// `script` with `arguments`.
        init(script: String, arguments: [String]) throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", certificates.appendingPathComponent(script).path] + arguments
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
            guard let port = Int(line) else {
                process.terminate()
                throw TmuxSession.Failure("the TLS server printed no port: \(line.debugDescription)")
            }
            self.port = port
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// `tiles render --widget commit` against `url`, trusting the refusal tests' authority.
    static func renderCommit(githubURL url: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let home = ExtensionHome()
        var environment = home.environment
        environment["TILES_GITHUB_API_URL"] = url
        environment["SSL_CERT_FILE"] = certificates.appendingPathComponent("authority.pem").path
        return try runTiles(["render", "--widget", "commit", "--family", "small"], environment: environment)
    }

    @Test(arguments: [
        ("self-signed.pem", "certificate not trusted: self-signed certificate for 127.0.0.1"),
        ("other-name.pem", "certificate is for example.com, not 127.0.0.1"),
        ("expired.pem", "certificate expired"),
        ("unknown-ca.pem", "certificate not trusted: 127.0.0.1 is signed by an unknown authority"),
    ])
    func aRefusedCertificateIsNamedInTheRender(certificate: String, reason: String) throws {
        let server = try TLSServer(certificate: certificate)
        defer { server.stop() }
        let result = try Self.renderCommit(githubURL: "https://127.0.0.1:\(server.port)")
        #expect(result.status == 3, "not live: the tile says why")
        #expect(result.stderr == "tiles: commit: \(reason); showing the last known content (stale)\n", "\(result.stderr)")
    }

    @Test func aClosedPortSaysConnectionRefused() throws {
        let port = try closedPort()
        let result = try Self.renderCommit(githubURL: "https://127.0.0.1:\(port)")
        #expect(result.stderr == "tiles: commit: cannot connect to 127.0.0.1:\(port): connection refused; showing the last known content (stale)\n", "\(result.stderr)")
    }

    @Test func anUnresolvableNameSaysSo() throws {
        let result = try Self.renderCommit(githubURL: "https://no-such-host.invalid")
        #expect(result.stderr == "tiles: commit: cannot resolve no-such-host.invalid; showing the last known content (stale)\n", "\(result.stderr)")
    }

    @Test func theBoardShowsACertificateProblemOnTheTileInTheStatusLineAndInTheLog() throws {
        let server = try TLSServer(certificate: "expired.pem")
        defer { server.stop() }
        let board = try Board(width: 100, height: 30, environment: [
            "TILES_GITHUB_API_URL": "https://127.0.0.1:\(server.port)",
            "SSL_CERT_FILE": Self.certificates.appendingPathComponent("authority.pem").path,
        ])
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the reason on the board") { $0.contains("certificate expired") }
        // Focus the Commit tile (the third): the status line gives its reason.
        for _ in 0..<3 { try board.session.sendKeys("Tab") }
        let screen = try board.session.waitFor("the focused tile's reason") { screen in
            screen.split(separator: "\n").last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?.contains("certificate expired") == true
        }
        #expect(!screen.contains("offline"))
        let log = board.home.root.appendingPathComponent("state/tiles/tiles.log")
        #expect(ProcessFacts.eventually(within: 10) {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("commit") && ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("certificate expired")
        }, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "no log")")
    }
}

/// A TCP port on 127.0.0.1 that nothing listens on: bound, then closed, by this process.
func closedPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TmuxSession.Failure("socket: \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw TmuxSession.Failure("bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

extension FileHandle {
    /// The bytes up to the next newline (or the end), without it.
    func availableLine() -> [UInt8] {
        var line: [UInt8] = []
        while let byte = try? read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return line
    }
}
