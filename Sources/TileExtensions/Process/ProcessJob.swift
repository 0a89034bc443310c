import FoundationEssentials
import Glibc
import TileBase

/// One program in the reactor's care, from start to reaping. Created by a caller, then touched
/// only on the reactor's thread.
final class ProcessJob: @unchecked Sendable {
    /// What the job reports, on the reactor's thread; handlers must return quickly.
    enum Mode {
        /// Run once: collect stdout and report once, after the program is reaped.
        case run(onFinish: @Sendable (ProgramResult) -> Void)
        /// Keep running: each stdout line (without its newline) as it comes, then the end.
        case stream(StreamHandlers)
    }

    struct StreamHandlers {
        var onStart: @Sendable (pid_t) -> Void
        var onLine: @Sendable ([UInt8]) -> Void
        /// A line passed the command's `outputLimit` and was dropped.
        var onLineTooLong: @Sendable () -> Void
        /// The program ended (or never started): status, stderr kept, how long it ran.
        var onEnd: @Sendable (ProgramStatus, [UInt8], TimeInterval) -> Void
    }

    let id: Int
    let command: ProgramCommand
    let mode: Mode

    var process: SpawnedProcess?
    var stdin: Int32 = -1
    var stdout: Int32 = -1
    var stderr: Int32 = -1
    var pendingInput: [UInt8] = []
    var output: [UInt8] = []
    var errorOutput: [UInt8] = []
    /// Streaming: the bytes of a line not yet ended, and whether the rest of an over-long line is
    /// being skipped.
    var partialLine: [UInt8] = []
    var skippingLine = false
    var startTime = Reactor.now
    /// When the program gets SIGTERM (runs only).
    var deadline: Reactor.Instant?
    /// When the group gets SIGKILL, after a SIGTERM.
    var killDeadline: Reactor.Instant?
    /// Set when tiles ended the run (timeout, output cap, cancel); wins over the wait status.
    var forcedStatus: ProgramStatus?
    var exited = false

    init(id: Int, command: ProgramCommand, mode: Mode) {
        self.id = id
        self.command = command
        self.mode = mode
    }

    var isStreaming: Bool {
        if case .stream = mode { return true }
        return false
    }

    /// Signals the whole process group. Only while the leader is unreaped (running or a zombie),
    /// so the group id cannot belong to anyone else.
    func signalGroup(_ signal: Int32) {
        guard let process else { return }
        _ = kill(-process.pid, signal)
    }

    /// Ends the run on tiles' side: records why, sends the group SIGTERM, and SIGKILL after the
    /// command's grace unless the leader exits first.
    func terminate(as status: ProgramStatus) {
        if forcedStatus == nil { forcedStatus = status }
        deadline = nil
        guard killDeadline == nil else { return }
        signalGroup(SIGTERM)
        killDeadline = Reactor.now.advanced(by: .seconds(max(command.killGrace, 0)))
    }

    // MARK: Output

    /// Takes bytes read from stdout.
    func receiveOutput(_ bytes: UnsafeRawBufferPointer) {
        switch mode {
        case .run:
            let room = command.outputLimit - output.count
            if bytes.count > room {
                output.append(contentsOf: bytes.prefix(max(room, 0)))
                terminate(as: .outputTooLarge(limit: command.outputLimit))
                closeOutput()
            } else {
                output.append(contentsOf: bytes)
            }
        case .stream(let handlers):
            splitLines(bytes, handlers)
        }
    }

    private func splitLines(_ bytes: UnsafeRawBufferPointer, _ handlers: StreamHandlers) {
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline ?? bytes.count
            if !skippingLine {
                partialLine.append(contentsOf: bytes[start..<end])
                if partialLine.count > command.outputLimit {
                    partialLine = []
                    skippingLine = true
                    handlers.onLineTooLong()
                }
            }
            if newline != nil {
                if !skippingLine { emitLine(handlers) }
                skippingLine = false
            }
            start = end + 1
        }
    }

    /// Hands over the line collected so far (without a trailing CR) and starts the next.
    func emitLine(_ handlers: StreamHandlers) {
        if partialLine.last == UInt8(ascii: "\r") { partialLine.removeLast() }
        let line = partialLine
        partialLine = []
        handlers.onLine(line)
    }

    /// Takes bytes read from stderr, keeping only the last `errorLimit`.
    func receiveErrors(_ bytes: UnsafeRawBufferPointer) {
        errorOutput.append(contentsOf: bytes)
        // Trimming at twice the limit keeps the copying linear.
        if errorOutput.count > 2 * max(command.errorLimit, 1024) {
            errorOutput.removeFirst(errorOutput.count - command.errorLimit)
        }
    }

    var errorTail: [UInt8] { Array(errorOutput.suffix(command.errorLimit)) }

    func closeOutput() {
        if stdout >= 0 { close(stdout) }
        stdout = -1
    }

    func closeErrors() {
        if stderr >= 0 { close(stderr) }
        stderr = -1
    }

    func closeInput() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
        pendingInput = []
    }

    /// At the end of the stream: a last line without a newline still counts.
    func flushPartialLine() {
        guard case .stream(let handlers) = mode, !partialLine.isEmpty, !skippingLine else { return }
        emitLine(handlers)
    }
}
