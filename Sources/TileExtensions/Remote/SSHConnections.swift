import FoundationEssentials
import Synchronization
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// One kept ssh connection per host (OpenSSH's `ControlMaster`), shared by every run on that
/// host: ten widgets on one server cost one TCP and SSH session.
///
/// The connection starts with the first run on its host and is kept by tiles itself, in a process
/// group of its own that the board's shut-down ends, rather than by `ControlPersist`, whose
/// background process would outlive its run. A connection that fails is not retried on its own:
/// the next run tries again, so a host that is down costs nothing between refreshes.
public final class SSHConnections: Sendable {
    /// Where the sockets are: `ssh` in the runtime folder, or, when that path holds what ssh's
    /// `ControlPath` would read otherwise (a space splits it, `%` starts a token), a folder of
    /// the user's in `/tmp`.
    public let directory: String
    private let connections = Mutex<[String: Connection]>([:])

    private final class Connection: Sendable {
        let program: StreamingProgram
        /// Why it ended; nil while it runs.
        let ended = Mutex<String?>(nil)
        /// The waits for its socket, told when it ends.
        let waits = Mutex<[FolderWait]>([])

        init(program: StreamingProgram) {
            self.program = program
        }
    }

    public init(environment: [String: String]) {
        let preferred = TilesDirectories.join(TilesDirectories.runtime(environment: environment), "ssh")
        directory = Self.isPlainPath(preferred) ? preferred : "/tmp/tiles-ssh-\(getuid())"
    }

    /// The socket of `destination`'s connection: a short name from a hash of it, since a socket
    /// path has at most 107 bytes.
    public func command(for destination: String) -> SSHCommand {
        SSHCommand(destination: destination, controlPath: "\(directory)/\(StableHash.hex(destination).prefix(12))")
    }

    /// Makes sure `destination`'s connection is up, starting it if needed; returns why the host
    /// cannot be reached (`ssh server: Connection refused`), or nil once runs can share it.
    public func prepare(_ destination: String, timeout: TimeInterval) async -> String? {
        let ssh = command(for: destination)
        if Self.isSocket(ssh.controlPath) { return nil }
        guard Self.makeDirectory(directory) else { return "ssh \(destination): cannot make \(directory)" }
        let connection = connections.withLock { connections -> Connection in
            if let running = connections[destination], running.ended.withLock({ $0 == nil }) { return running }
            let connection = Self.start(ssh)
            connections[destination] = connection
            return connection
        }
        // ssh makes the socket when it is connected, or exits: wait for either, on the network
        // thread, without a timer ticking meanwhile.
        let wait = FolderWait(folder: directory)
        connection.waits.withLock { $0.append(wait) }
        let settled = await wait.wait(until: {
            Self.isSocket(ssh.controlPath) || connection.ended.withLock { $0 != nil }
        }, within: .seconds(max(timeout, 0.1)))
        connection.waits.withLock { $0.removeAll { $0 === wait } }
        if settled {
            if let reason = connection.ended.withLock({ $0 }) { return SSHCommand.failure(of: destination, reason: reason) }
            return nil
        }
        stop(destination)
        return "ssh \(destination): no connection after \(Int(timeout.rounded())) s"
    }

    /// Ends every connection (the board is quitting).
    public func stopAll() {
        let all = connections.withLock { connections in defer { connections = [:] }; return Array(connections.values) }
        for connection in all { connection.program.stop() }
    }

    private func stop(_ destination: String) {
        let connection = connections.withLock { $0.removeValue(forKey: destination) }
        connection?.program.stop()
    }

    private static func start(_ ssh: SSHCommand) -> Connection {
        let holder = Mutex<Connection?>(nil)
        let program = StreamingProgram(ProgramCommand(ssh.master), retryPolicy: RetryPolicy(base: 3600, cap: 3600)) { event in
            guard case .exited(_, let reason, let restart) = event, restart != nil else { return }
            // Not restarted: the next run on the host starts a new connection.
            holder.withLock { $0?.ended.withLock { $0 = reason } }
            for wait in holder.withLock({ $0?.waits.withLock { $0 } ?? [] }) { wait.recheck() }
            holder.withLock { $0 }?.program.stop()
        }
        let connection = Connection(program: program)
        holder.withLock { $0 = connection }
        program.start()
        return connection
    }

    /// Whether ssh reads `path` as it is in `-o ControlPath=…`: letters, digits and `/._-` only.
    static func isPlainPath(_ path: String) -> Bool {
        path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-".unicodeScalars.contains($0)) }
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// The folder of the sockets, the user's alone (mode 700).
    private static func makeDirectory(_ path: String) -> Bool {
        var status = stat()
        if lstat(path, &status) != 0 {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
    }
}
