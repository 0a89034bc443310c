import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A program to run: its argv (no shell), what it gets and what it may give back.
public struct ProgramCommand: Sendable, Hashable {
    /// argv. `arguments[0]` is the program: a path, or a name looked up in tiles' own `PATH`.
    public var arguments: [String]
    /// Variables added to (or replacing those in) tiles' own environment.
    public var environment: [String: String]
    /// Where the program starts; nil keeps tiles' own working directory.
    public var workingDirectory: String?
    /// Bytes written to the program's stdin, which is then closed (a run of `ProgramRunner`), or
    /// the first bytes a `StreamingProgram` writes after each start (stdin stays open).
    public var input: [UInt8]
    /// How long one run may take before its process group gets SIGTERM (`ProgramRunner` only).
    public var timeout: TimeInterval
    /// How long after SIGTERM the group gets SIGKILL.
    public var killGrace: TimeInterval
    /// The most bytes of stdout a run keeps; one more and the program is killed
    /// (`.outputTooLarge`). For a `StreamingProgram`, the longest line.
    public var outputLimit: Int
    /// How many bytes of stderr are kept: the last ones.
    public var errorLimit: Int

    /// A command with tiles' defaults: 10 s timeout, 1 s between SIGTERM and SIGKILL, 1 MiB of
    /// stdout, the last 64 KiB of stderr.
    public init(
        _ arguments: [String],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        input: [UInt8] = [],
        timeout: TimeInterval = 10,
        killGrace: TimeInterval = defaultKillGrace,
        outputLimit: Int = 1 << 20,
        errorLimit: Int = 64 << 10
    ) {
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.input = input
        self.timeout = timeout
        self.killGrace = killGrace
        self.outputLimit = outputLimit
        self.errorLimit = errorLimit
    }

    /// Seconds between SIGTERM and SIGKILL unless a command sets its own.
    public static let defaultKillGrace: TimeInterval = 1

    /// The program's name as the user wrote it, for messages.
    public var programName: String { arguments.first ?? "" }
}
