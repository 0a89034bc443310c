/// How a widget's command runs on another machine: through the system's OpenSSH client (`ssh`
/// on `PATH`, so a wrapper can stand in), never asking for a password, sharing one connection
/// per host (docs/extensions.md, "Other machines").
public struct SSHCommand: Sendable, Hashable {
    /// Any destination `ssh` accepts: `user@server`, `server`, an alias of `~/.ssh/config`.
    public var destination: String
    /// The connection's socket (`ControlPath`), shared by every run on this host.
    public var controlPath: String

    /// Seconds ssh waits to connect and for the server's greeting.
    public static let connectTimeout = 5

    public init(destination: String, controlPath: String) {
        self.destination = destination
        self.controlPath = controlPath
    }

    /// Why `destination` cannot be used as a host, or nil when it can: it is given to ssh as one
    /// argument after `--`, so it must not look like an option or hold spaces, control characters
    /// (C0, DEL, C1 such as U+0085) or invisible format characters (bidi controls, zero widths).
    public static func problem(withDestination destination: String) -> String? {
        if destination.isEmpty { return "an empty host" }
        if destination.hasPrefix("-") { return "a host cannot start with '-'" }
        if destination.unicodeScalars.contains(where: { scalar in
            scalar.properties.isWhitespace || [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
        }) {
            return "a host cannot hold spaces or control characters"
        }
        return nil
    }

    /// Options every ssh of tiles gets: no prompt ever, a bounded connect, the shared socket.
    private var options: [String] {
        ["-o", "BatchMode=yes", "-o", "ConnectTimeout=\(Self.connectTimeout)", "-o", "ControlPath=\(controlPath)",
         "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=2"]
    }

    /// argv that runs `arguments` on the host over the shared connection (or a connection of
    /// its own while there is none), stdin and stdout passed through.
    public func run(_ arguments: [String]) -> [String] {
        ["ssh", "-T"] + options + ["-o", "ControlMaster=no", "--", destination, Self.remoteCommand(arguments)]
    }

    /// argv of the connection every run on the host shares: no command, kept until stopped.
    public var master: [String] {
        ["ssh", "-n", "-T", "-N", "-M"] + options + ["-o", "ControlPersist=no", "--", destination]
    }

    /// `arguments` as one command line for the remote user's shell: each argument single-quoted
    /// exactly once (a quote inside becomes `'\''`), so spaces, `$`, `;`, newlines and any other
    /// text reach the program as they are.
    public static func remoteCommand(_ arguments: [String]) -> String {
        arguments.map(quote).joined(separator: " ")
    }

    /// `argument` in single quotes for a POSIX shell.
    public static func quote(_ argument: String) -> String {
        "'" + argument.replacing("'", with: "'\\''") + "'"
    }

    /// The reason ssh gave for not reaching the host, worded for the board (`ssh server: Host
    /// key verification failed`): ssh exits 255 for its own errors, with the reason on stderr.
    public static func failure(of destination: String, reason: String) -> String {
        var text = reason
        if text.hasPrefix("exit 255: ") { text.removeFirst("exit 255: ".count) }
        if text == "exit 255" { text = "cannot connect" }
        if text.hasPrefix("ssh: ") { text.removeFirst("ssh: ".count) }
        while text.hasSuffix(".") || text.hasSuffix("\r") { text.removeLast() }
        return "ssh \(destination): \(text)"
    }
}
