import FoundationEssentials
import TileUIJSON
import Synchronization
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Runs widget programs for a board or a one-shot render: one run per timeline request, or one
/// kept process per streaming widget. Failures become errors whose description is the tile's
/// stale reason; the scheduler keeps the last good entries and retries with back-off.
public final class ExtensionHost: Sendable {
    /// Variables every program gets besides tiles' own environment and the request's.
    let environment: [String: String]
    let log: @Sendable (String) -> Void
    private let streams = Mutex<[String: ExtensionStream]>([:])

    /// Whether a provider call waits for a streaming program's answer (a one-shot render) or
    /// returns what it has (a board, which the program's next line reloads).
    let waitsForStreams: Bool

    /// Runs shared with the other boards of this user.
    let shared: SharedRuns
    /// The kept ssh connections of widgets on other machines.
    public let connections: SSHConnections
    /// Fetches the URLs of widgets declared with a `source`; nil where nothing fetches (`tiles
    /// check`, `tiles list`).
    let sources: (any DataSourceFetching)?
    /// tiles' own environment, where a source's headers find the variables they name.
    let processEnvironment: [String: String]
    /// When each `[[widget.alert]]` trigger's condition began to hold.
    let triggers: TriggerMemory

    /// A host whose programs get `environment` besides tiles' own. With `runsDirectory` (the
    /// cache's `extensions/runs`), boards of one user run a widget's program once per refresh.
    public init(
        environment: [String: String] = [:], waitsForStreams: Bool = false, runsDirectory: URL? = nil,
        sources: (any DataSourceFetching)? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.environment = environment
        self.sources = sources
        processEnvironment = ProcessInfo.processInfo.environment
        self.waitsForStreams = waitsForStreams
        self.shared = SharedRuns(directory: runsDirectory)
        triggers = TriggerMemory(directory: runsDirectory.map { TilesDirectories.join(TilesDirectories.folder(of: $0.path), "triggers") })
        self.connections = SSHConnections(environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        self.log = log
    }

    deinit {
        stopAll()
    }

    /// Stops every kept program (the board is quitting).
    public func stopAll() {
        let all = streams.withLock { streams in defer { streams = [:] }; return Array(streams.values) }
        for stream in all { stream.stop() }
        connections.stopAll()
    }

    /// The timeline for one provider call.
    func timeline(
        _ declaration: WidgetDeclaration, context: TimelineContext, parameters: [String: ParameterValue]
    ) async throws -> Timeline<ExtensionEntry> {
        if let source = declaration.source {
            return try await sourceTimeline(declaration, source: source, context: context, parameters: parameters)
        }
        let request = ExtensionRequest(kind: declaration.kind, context: context, parameters: parameters)
        if declaration.listen {
            return try await stream(for: declaration, parameters: parameters).timeline(for: request, now: context.now, wait: waitsForStreams)
        }
        // What the program is asked, but for when and why: boards share one run per moment.
        var asked = request
        asked.now = .distantPast
        asked.reason = ""
        let key = declaration.fingerprint + "\u{1E}" + String(decoding: asked.json, as: UTF8.self)
        let output = try await shared.output(
            key: key, context: context, freshFor: min(declaration.refresh / 2, 60), timeout: declaration.timeout
        ) { try await run(declaration, request: request) }
        return try Self.read(output, declaration: declaration, now: context.now)
    }

    /// Runs a press of one of a program widget's controls: a run of the program with the action
    /// request (never shared between boards: each press runs once), or a line on a streaming
    /// program's standard input. An answer with a timeline is drawn at once; an empty one asks
    /// for a timeline with reason `action`.
    func perform(_ press: WidgetAction, declaration: WidgetDeclaration, context: IntentContext) async throws -> ActionOutcome {
        guard declaration.format == .timeline else {
            throw ExtensionError("a text widget has no actions")
        }
        var request = ExtensionRequest(kind: declaration.kind, context: context.tile, parameters: context.parameters)
        request.action = press
        if declaration.listen {
            try stream(for: declaration, parameters: context.parameters).send(request)
            return .awaitsUpdate
        }
        let output = try await run(declaration, request: request)
        guard output.contains(where: { !Self.isSpace($0) }) else { return .reload }
        return .timeline(AnyTimeline(try Self.read(output, declaration: declaration, now: context.now)))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Reads one answer (a run's whole output, or one streamed update) as a timeline.
    static func read(_ output: Data, declaration: WidgetDeclaration, now: Date) throws(ExtensionError) -> Timeline<ExtensionEntry> {
        switch declaration.format {
        case .text:
            return TimelineResponse.textTimeline(String(decoding: output, as: UTF8.self), now: now, refresh: declaration.refresh)
        case .timeline:
            return try TimelineResponse.timeline(from: output, now: now, refresh: declaration.refresh, checkView: ExtensionDrawing.checkView)
        }
    }

    /// Runs the program once with `request`; its standard output, or an error with the reason.
    func run(_ declaration: WidgetDeclaration, request: ExtensionRequest) async throws -> Data {
        var command = ProgramCommand(
            declaration.resolvedCommand, environment: environment.merging(request.environment) { $1 },
            workingDirectory: declaration.host == nil ? declaration.directory : nil, input: Array(request.json) + [0x0A],
            timeout: declaration.timeout)
        if let host = declaration.host { command = try await remote(command, on: host) }
        let result = await ProgramRunner.shared.run(command)
        if !result.errorOutput.isEmpty {
            log("\(declaration.kind): stderr: \(JSONPath.shortened(String(decoding: result.errorOutput.suffix(2000), as: UTF8.self), limit: 500))")
        }
        return try Self.output(of: result, host: declaration.host)
    }

    /// Runs `arguments` on `host` through ssh within `timeout` (the `system` widget's readings of
    /// another machine); its standard output, or an error with ssh's reason naming the host.
    public func run(_ arguments: [String], on host: String, timeout: TimeInterval) async throws -> Data {
        let command = try await remote(ProgramCommand(arguments, timeout: timeout), on: host)
        return try Self.output(of: await ProgramRunner.shared.run(command), host: host)
    }

    /// `command` as ssh runs it on `host`, over the host's connection, made first within the
    /// command's time.
    private func remote(_ command: ProgramCommand, on host: String) async throws -> ProgramCommand {
        let started = Date()
        if let failure = await connections.prepare(host, timeout: command.timeout) { throw ExtensionError(failure) }
        var remote = command
        remote.arguments = connections.command(for: host).run(command.arguments)
        remote.timeout = max(0.1, command.timeout - Date().timeIntervalSince(started))
        return remote
    }

    /// A run's output, or its failure: ssh's own (exit 255) names the host.
    private static func output(of result: ProgramResult, host: String?) throws -> Data {
        if let host, result.status == .exited(255) {
            throw ExtensionError(SSHCommand.failure(of: host, reason: result.failureReason ?? "exit 255"))
        }
        if let failure = result.failureReason { throw ExtensionError(failure) }
        return Data(result.output)
    }

    private func stream(for declaration: WidgetDeclaration, parameters: [String: ParameterValue]) -> ExtensionStream {
        let key = declaration.kind + "\u{1F}" + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "\u{1F}")
        return streams.withLock { streams in
            if let existing = streams[key] { return existing }
            let stream = ExtensionStream(declaration: declaration, environment: environment, log: log)
            streams[key] = stream
            return stream
        }
    }
}
