import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What a run of `ProgramRunner` gives back.
public struct ProgramResult: Sendable, Hashable {
    /// How it ended.
    public var status: ProgramStatus
    /// stdout, at most the command's `outputLimit` bytes.
    public var output: [UInt8]
    /// The last bytes of stderr (the command's `errorLimit`), for the log and the failure reason.
    public var errorOutput: [UInt8]
    /// From the start of the program to the end of the run.
    public var duration: TimeInterval
    /// The failure reason shown on the board (`ProgramStatus.failureReason`); nil on success.
    public var failureReason: String?

    /// A result whose failure reason names `program` (argv[0] as the user wrote it).
    public init(status: ProgramStatus, output: [UInt8], errorOutput: [UInt8], duration: TimeInterval, program: String) {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
        self.duration = duration
        failureReason = status.failureReason(program: program, errorOutput: errorOutput)
    }
}
