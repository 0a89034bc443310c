import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH server for the tests: Debian's sshd on 127.0.0.1 on a free port, with a host
/// key, a client key and a config of the test's own in a temporary folder, and the client's side
/// to match: an `ssh` wrapper (put its folder first on `PATH`) that uses a private `ssh_config`
/// and `known_hosts`, so nothing of the user's is read or written. Stopped by `stop()`.
public final class OpenSSHServer {
    public let port: Int
    public let folder: URL
    /// The destination the client's config names: `tiles-test`.
    public let alias = "tiles-test"

    /// The folder holding the `ssh` wrapper.
    public var binFolder: URL { folder.appendingPathComponent("bin") }
    public var knownHosts: URL { folder.appendingPathComponent("known_hosts") }

    /// A server; `trusted` false leaves the client's known_hosts empty (an unknown host key).
    public init(trusted: Bool = true) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd") else {
            throw ProxyTestFailure("sshd is not installed (make test-deps installs openssh-server)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sshd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        port = try TinyProxy.freePort()
        for key in ["host_key", "client_key"] {
            try Self.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", key, "-f", folder.appendingPathComponent(key).path])
        }
        let clientKey = try String(contentsOf: folder.appendingPathComponent("client_key.pub"), encoding: .utf8)
        try clientKey.write(to: folder.appendingPathComponent("authorized_keys"), atomically: true, encoding: .utf8)
        let hostKey = try String(contentsOf: folder.appendingPathComponent("host_key.pub"), encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        try (trusted ? "[127.0.0.1]:\(port) \(hostKey)\n" : "").write(to: knownHosts, atomically: true, encoding: .utf8)
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        try """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder.appendingPathComponent("host_key").path)
            PidFile \(folder.appendingPathComponent("sshd.pid").path)
            AuthorizedKeysFile \(folder.appendingPathComponent("authorized_keys").path)
            StrictModes no
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PubkeyAuthentication yes
            PermitRootLogin prohibit-password
            MaxSessions 50
            MaxStartups 50
            LogLevel VERBOSE

            """.write(to: folder.appendingPathComponent("sshd_config"), atomically: true, encoding: .utf8)
        try """
            Host \(alias)
              HostName 127.0.0.1
              Port \(port)
              User \(user)
              IdentityFile \(folder.appendingPathComponent("client_key").path)
              IdentitiesOnly yes
              UserKnownHostsFile \(knownHosts.path)
              GlobalKnownHostsFile /dev/null
              StrictHostKeyChecking yes
              LogLevel ERROR

            """.write(to: folder.appendingPathComponent("ssh_config"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: binFolder, withIntermediateDirectories: true)
        try ExecutableFile.write(
            "#!/bin/sh\nexec /usr/bin/ssh -F '\(folder.appendingPathComponent("ssh_config").path)' \"$@\"\n",
            to: binFolder.appendingPathComponent("ssh").path)
        // sshd refuses to start without its privilege separation folder.
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        // sshd goes to the background itself: a child that Foundation's `Process` waited for
        // would keep it from reaping the test's other children.
        try Self.run(["/usr/sbin/sshd", "-f", folder.appendingPathComponent("sshd_config").path, "-E", folder.appendingPathComponent("sshd.log").path])
        let deadline = Date().addingTimeInterval(10)
        while !TinyProxy.accepts(port: port) {
            guard Date() < deadline else {
                stop()
                throw ProxyTestFailure("sshd did not listen on 127.0.0.1:\(port): \(log)")
            }
            usleep(20_000)
        }
    }

    /// The daemon's process id, from its pid file.
    private var pid: pid_t? {
        (try? String(contentsOf: folder.appendingPathComponent("sshd.pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What sshd logged.
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? ""
    }

    /// How many SSH connections the server accepted (one `Accepted publickey` each).
    public var acceptedConnections: Int {
        log.components(separatedBy: "\n").filter { $0.contains("Accepted publickey") }.count
    }

    /// The environment for a program that should use this server's client side: the wrapper
    /// first on `PATH`.
    public func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        base.merging(["PATH": binFolder.path + ":" + (base["PATH"] ?? "/usr/bin:/bin")]) { $1 }
    }

    public func stop() {
        if let pid {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ProxyTestFailure("\(arguments[0]) failed (\(process.terminationStatus))") }
    }
}
