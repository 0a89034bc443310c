import FoundationEssentials
import Synchronization
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// A streaming widget's program (`listen = true`), started on the first request and kept: each
/// line it prints is a new timeline (a text widget's lines are framed into updates), and each
/// update asks the boards to reload the kind, whose provider call then returns the newest one.
/// A new request (another family, scheme or parameters) is written to its standard input.
final class ExtensionStream: Sendable {
    private let declaration: WidgetDeclaration
    private let environment: [String: String]
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var program: StreamingProgram?
        /// The newest update, or why there is none.
        var latest: Result<Timeline<ExtensionEntry>, ExtensionError>?
        /// Provider calls waiting for the next update.
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var framer = TextUpdateFramer()
        /// The request last written, without its time and reason.
        var sentRequest: ExtensionRequest?
        var stopped = false
    }

    init(declaration: WidgetDeclaration, environment: [String: String], log: @escaping @Sendable (String) -> Void) {
        self.declaration = declaration
        self.environment = environment
        self.log = log
    }

    /// The newest timeline for `request`, sending the request first when it changed. With `wait`
    /// it waits for the program's answer (a one-shot render); a board does not wait, so that a
    /// quiet program costs it nothing: the program's next line reloads the tile. A failure since
    /// the last update is thrown (the tile turns stale).
    func timeline(for request: ExtensionRequest, now: Date, wait: Bool) async throws -> Timeline<ExtensionEntry> {
        let mustWait = state.withLock { state -> Bool in
            var comparable = request
            comparable.now = .distantPast
            comparable.reason = ""
            if state.sentRequest == comparable, state.latest != nil { return false }
            state.sentRequest = comparable
            let line = String(decoding: request.json, as: UTF8.self)
            if let program = state.program {
                program.send(line: line)
            } else {
                state.program = startProgram(first: request, line: line)
            }
            return true
        }
        if mustWait, wait { await nextUpdate() }
        try Task.checkCancellation()
        switch state.withLock({ $0.latest }) {
        case .success(let timeline)?: return Timeline(entries: timeline.entries, policy: .never)
        case .failure(let error)?: throw error
        // Nothing yet: the placeholder stays until the program's first line reloads the tile.
        case nil: return Timeline(entries: [], policy: .never)
        }
    }

    /// Writes an action request to the running program's standard input; its answer comes as
    /// any update does, as its next line.
    func send(_ request: ExtensionRequest) throws(ExtensionError) {
        let program = state.withLock { $0.program }
        guard let program else { throw ExtensionError("the program is not running yet") }
        program.send(line: String(decoding: request.json, as: UTF8.self))
    }

    /// Kills the program and stops restarting it.
    func stop() {
        let program = state.withLock { state in
            state.stopped = true
            return state.program
        }
        program?.stop()
        resumeWaiters()
    }

    /// Starts the program with `request`: its JSON `line` first on stdin and its facts in the
    /// environment, as every run gets them (later requests reach it on stdin only).
    private func startProgram(first request: ExtensionRequest, line: String) -> StreamingProgram {
        // On another machine through ssh, over the host's shared connection when it is up.
        let arguments = declaration.host.map {
            SSHConnections(environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }).command(for: $0).run(declaration.command)
        } ?? declaration.resolvedCommand
        let command = ProgramCommand(
            arguments, environment: environment.merging(request.environment) { $1 },
            workingDirectory: declaration.host == nil ? declaration.directory : nil, input: Array(line.utf8) + [0x0A])
        let program = StreamingProgram(command) { [weak self] event in self?.handle(event) }
        program.start()
        return program
    }

    private func handle(_ event: StreamingProgram.Event) {
        let update: Result<Timeline<ExtensionEntry>, ExtensionError>?
        switch event {
        case .started:
            update = nil
        case .line(let line):
            update = read(line)
        case .lineTooLong(let limit):
            update = .failure(ExtensionError("printed a line over \(limit / 1024) KiB; it was dropped"))
        case .exited(_, let reason, let restartIn):
            state.withLock { $0.framer.reset() }
            guard let restartIn else { return }
            log("\(declaration.kind): \(reason); restarting in \(DurationText.describe(restartIn.rounded(.up)))")
            update = .failure(ExtensionError(reason))
        }
        guard let update else { return }
        state.withLock { $0.latest = update }
        resumeWaiters()
        WidgetCenter.shared.reloadTimelines(ofKind: declaration.kind)
    }

    /// One printed line as an update; nil while a text widget's multi-line update is incomplete.
    private func read(_ line: String) -> Result<Timeline<ExtensionEntry>, ExtensionError>? {
        let now = Date()
        switch declaration.format {
        case .text:
            guard let text = state.withLock({ $0.framer.feed(line) }) else { return nil }
            return .success(TimelineResponse.textTimeline(text, now: now, refresh: declaration.refresh))
        case .timeline:
            guard !line.allSatisfy(\.isWhitespace) else { return nil }
            return Result { () throws(ExtensionError) in
                try ExtensionHost.read(Data(line.utf8), declaration: declaration, now: now)
            }
        }
    }

    /// Waits until the next update, a failure or `stop()`; a cancelled call stops waiting.
    private func nextUpdate() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.stopped || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    private func resumeWaiters() {
        let waiters = state.withLock { state in defer { state.waiters = [:] }; return Array(state.waiters.values) }
        for waiter in waiters { waiter.resume() }
    }
}
