import FoundationEssentials
import TileUI
import Glibc

/// How a run of a program ended.
public enum ProgramStatus: Sendable, Hashable {
    /// The program exited by itself with this status (0 is success).
    case exited(Int32)
    /// The program was killed by a signal nobody in tiles sent (`.signaled(SIGSEGV)`).
    case signaled(Int32)
    /// The run took longer than its timeout (seconds) and its process group was killed.
    case timedOut(TimeInterval)
    /// stdout passed this many bytes and the process group was killed.
    case outputTooLarge(limit: Int)
    /// The program could not be started (not found, not executable, no such working directory);
    /// the errno says why.
    case cannotRun(errno: Int32)
    /// The command's working directory is missing or not a directory; the errno says which.
    case badWorkingDirectory(String, errno: Int32)
    /// The task that ran it was cancelled, or the program was stopped; its group was killed.
    case cancelled
    /// The program, or a file it was given, could be changed by another user, so it was not
    /// started (`CommandTrust`); the text names the file and the fix.
    case untrusted(String)

    /// Whether the program ran and exited 0.
    public var isSuccess: Bool { self == .exited(0) }
}

/// Human-readable reasons, worded as the board shows them (issue 12).
extension ProgramStatus {
    /// Why the run failed, for a stale tile (`exit 1: no network`, `timed out after 10 s`,
    /// `killed by SIGSEGV`, `output over 1 MiB`, `cannot run 'prog': No such file or directory`,
    /// `cannot run 'prog' in '/gone': No such file or directory`);
    /// nil for success. `errorOutput` is the stderr kept: its last non-blank line follows a
    /// non-zero exit status.
    public func failureReason(program: String, errorOutput: [UInt8]) -> String? {
        switch self {
        case .exited(0):
            return nil
        case .exited(let code):
            guard let line = Self.lastLine(of: errorOutput) else { return "exit \(code)" }
            return "exit \(code): \(line)"
        case .signaled(let signal):
            return "killed by \(Self.signalName(signal))"
        case .timedOut(let seconds):
            return "timed out after \(Self.seconds(seconds))"
        case .outputTooLarge(let limit):
            return "output over \(Self.bytes(limit))"
        case .cannotRun(let code):
            return "cannot run '\(Self.printable(program, limit: 200))': \(String(cString: strerror(code)))"
        case .badWorkingDirectory(let directory, let code):
            return "cannot run '\(Self.printable(program, limit: 200))' in '\(Self.printable(directory, limit: 200))': "
                + String(cString: strerror(code))
        case .cancelled:
            return "cancelled"
        case .untrusted(let problem):
            return problem
        }
    }

    /// `SIGSEGV` for 11; `signal 40` for numbers without a usual name.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// The last line of `bytes` with something printable on it, without control characters or
    /// bidi overrides (it ends up on the terminal), clipped to 200 characters.
    static func lastLine(of bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).reversed() {
            let clean = printable(String(line), limit: 200).trimmingSpaces()
            if !clean.isEmpty { return clean }
        }
        return nil
    }

    /// `text` without its escape sequences (a coloured error line keeps its words), at most
    /// `limit` characters, any control left escaped (`\u001b`).
    static func printable(_ text: String, limit: Int) -> String {
        let clean = TerminalText.sanitize(text).replacing("\t", with: " ")
        let clipped = clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
        return clipped.escapingControlCharacters()
    }

    /// `10 s`, `0.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    /// `1 MiB`, `64 KiB`, `1000 bytes`.
    static func bytes(_ count: Int) -> String {
        if count > 0 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count > 0 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}
