import ArgumentParser
import FoundationEssentials
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import Synchronization
import TileBase
import TileBoard
import TileConfig
import TileExtensions
import TileKit
import TileWeb
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// tiles-serve's entry: the command runs as a task on a `Reactor`'s thread of its own
/// (`ProviderExecutor`, the executor the scheduler's providers run on), and the main thread only
/// waits. Never on Swift's global executor: on Linux it is libdispatch's pool, whose first worker
/// starts a monitor that wakes the process every second for good, and an idle board with pages
/// connected must not wake at all (docs/design.md, "In a browser"). Hummingbird's tasks are
/// children of this one and inherit its executor; SwiftNIO's loops do the sockets.
@main
enum ServeMain {
    /// Where the server's tasks run.
    static let executor = ProviderExecutor(reactor: Reactor(name: "tiles.http", startsThreadWithFirstJob: true))

    static func main() {
        // Before any thread starts, so that every thread inherits the mask and the signals wait
        // for `stopOnSignals`' thread alone.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
        // Help and messages in the environment's language, or `--language`'s.
        let arguments = Array(CommandLine.arguments.dropFirst())
        let named = arguments.firstIndex(of: "--language").flatMap { $0 + 1 < arguments.count ? Language(naming: arguments[$0 + 1]) : nil }
        Localization.use(named ?? Language.preferred(by: ProcessEnvironment.current()))
        // The main thread waits for the command's end and exits from here, where no loop or
        // task is running.
        var ended: [Int32] = [0, 0]
        pipe(&ended)
        let outcome = Mutex<(any Error)?>(nil)
        let write = ended[1]
        Task.detached(executorPreference: executor) {
            do {
                var command = try TilesServe.parseAsRoot()
                if var command = command as? AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
            } catch {
                outcome.withLock { $0 = error }
            }
            _ = Glibc.write(write, "x", 1)
        }
        var byte: UInt8 = 0
        while read(ended[0], &byte, 1) < 0 && errno == EINTR {}
        guard let error = outcome.withLock({ $0 }) else { Glibc.exit(0) }
        if let error = error as? UsageError {
            ServeLog.standardError("tiles serve: \(error.message)")
            Glibc.exit(2)
        }
        // As tiles: a mistake on the command line is status 2, help and --version 0.
        let code = TilesServe.exitCode(for: error)
        guard code != .success else { TilesServe.exit(withError: error) }
        ServeLog.standardError(TilesServe.fullMessage(for: error))
        Glibc.exit(code == .validationFailure ? 2 : 1)
    }
}

/// `tiles serve`: the board in a browser (docs/usage.md, "In a browser"). A program of its own,
/// beside `tiles`, so that the terminal board never loads the HTTP server.
struct TilesServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles serve",
        abstract: L("help.serve.abstract"),
        discussion: L("help.serve.discussion"),
        version: tilesVersion
    )

    @Option(help: ArgumentHelp(L("help.serve.listen")))
    var listen = "127.0.0.1:8080"

    @Option(help: ArgumentHelp(L("help.serve.config")))
    var config: String?

    @Option(help: ArgumentHelp(L("help.serve.tiles")))
    var tiles: String?

    @Option(help: ArgumentHelp(L("help.serve.scheme")))
    var scheme: ColorScheme?

    @Option(help: ArgumentHelp(L("help.serve.theme")))
    var theme: String?

    @Option(help: ArgumentHelp(L("help.serve.language")))
    var language: Language?

    @Flag(help: ArgumentHelp(L("help.serve.readOnly")))
    var readOnly = false

    @Option(help: ArgumentHelp(L("help.serve.allowHost")))
    var allowHost: [String] = []

    @Option(help: ArgumentHelp(L("help.serve.tokenFile")))
    var tokenFile: String?

    @Option(help: ArgumentHelp(L("help.serve.passwordFile")))
    var passwordFile: String?

    @Option(help: ArgumentHelp(L("help.serve.tlsCert")))
    var tlsCert: String?

    @Option(help: ArgumentHelp(L("help.serve.tlsKey")))
    var tlsKey: String?

    @Option(help: ArgumentHelp(L("help.serve.maxPages")))
    var maxPages = 200

    func run() async throws {
        let environment = ProcessEnvironment.current()
        let (host, port) = try Self.address(listen)
        let tls = try Self.tlsConfiguration(certificate: tlsCert, key: tlsKey)
        let urlScheme = tls == nil ? "http" : "https"
        let directories = TilesDirectories(environment: environment)
        let log = ServeLog()
        let timeZone = SystemTimeZone.current(environment: environment)
        let sources = WidgetServices(environment: environment, directories: directories, version: tilesVersion, timeZone: timeZone)
        let extensions = ExtensionHost(runsDirectory: directories.cache.appending(path: "extensions/runs"), sources: sources)
        let start: BoardStart
        do {
            start = try BoardStart(
                configPath: config, environment: environment, directories: directories, timeZone: timeZone, host: extensions,
                commandLine: { widgets in
                    BoardConfiguration.CommandLine(
                        tiles: try self.tiles.map { try BoardStart.tiles($0, widgets: widgets) }, scheme: scheme, themeName: theme,
                        language: language)
                })
        } catch let error as ConfigError {
            throw UsageError(message: error.description)
        }
        let board = start.board
        let resolved: [ResolvedTile]
        let shownTheme: Theme
        do {
            resolved = try ResolvedTile.resolve(board.tiles, widgets: board.widgets)
            shownTheme = try ThemeCatalog(directories: directories).theme(named: board.themeName)
        } catch {
            throw UsageError(message: String(describing: error))
        }
        let web = WebBoard(WebBoard.Options(
            tiles: resolved, scheme: board.scheme, theme: shownTheme, timeZone: timeZone,
            cacheDirectory: directories.cache.appending(path: "entries"), sharedStore: SharedStore(directory: directories.data),
            saveParameters: Self.saver(start.editor),
            log: { log.line("board: \($0)") }))

        var credential: WebAccess.Credential?
        let shown = host == "0.0.0.0" || host == "::" ? "THIS-MACHINE" : host
        if let passwordFile {
            credential = .password(try Self.password(in: passwordFile))
            log.line("the board asks for the password in \(passwordFile)")
        } else if !WebAccess.isLoopback(host) {
            let file = tokenFile.map { URL(filePath: $0) } ?? directories.state.appending(path: "serve-token")
            let loaded = try WebToken.load(from: file)
            credential = .token(loaded.token)
            if loaded.created {
                log.line("a new token, printed this once and kept in \(file.path):")
                log.line("  open \(urlScheme)://\(Self.hostPort(shown, port))/?token=\(loaded.token)")
            } else {
                log.line("the token is in \(file.path): open \(urlScheme)://\(Self.hostPort(shown, port))/?token=TOKEN")
            }
        }
        if !WebAccess.isLoopback(host) && tls == nil {
            log.line("warning: the board is served without TLS, so its \(passwordFile == nil ? "token" : "password") crosses the network readable; give --tls-cert and --tls-key, or put a TLS proxy in front")
        }
        let access = WebAccess(hosts: WebAccess.hosts(listening: host, port: port, extra: allowHost), credential: credential, readOnly: readOnly)
        web.start()
        web.listenForRequests(environment: environment)
        let server = WebServer(board: web, access: access, maxPages: maxPages, log: log, tls: tls)
        var logger = Logger(label: "tiles-serve")
        logger.logLevel = .warning
        Self.stopOnSignals(log: log) {
            extensions.stopAll()
            ProgramRunner.shutDownAllPrograms()
        }
        try await server.run(
            configuration: ServerConfiguration(
                address: .hostname(host, port: port), availableConnectionsDelegate: MaximumAvailableConnections(maxPages + 32)),
            logger: logger,
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                log.line("serving the board at \(urlScheme)://\(Self.hostPort(host, bound))/\(readOnly ? " (read-only)" : "") — Ctrl-C stops")
            })
    }

    /// The edit form's saver: into the config file through `editor`; nil for a `--tiles` board.
    static func saver(_ editor: ConfigEditor?) -> ParameterSaver.Save? {
        guard let editor else { return nil }
        return { tileID, member, values in try editor.save(tileID: tileID, member: member, values: values) }
    }

    /// Ends the process on SIGINT, SIGTERM or SIGHUP after `cleanUp`: pages keep their event
    /// streams open for good, so a graceful shutdown that waits for them would never end; each
    /// page sees its connection drop and reconnects by itself when the server is back.
    static func stopOnSignals(log: ServeLog, cleanUp: @escaping @Sendable () -> Void) {
        DetachedThread.start(named: "tiles.signals") {
            var stopping = sigset_t()
            sigemptyset(&stopping)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
            var received: Int32 = 0
            sigwait(&stopping, &received)
            log.line("stopping on signal \(received)")
            cleanUp()
            Glibc.exit(0)
        }
    }

    /// HTTPS from `--tls-cert` (PEM, the server's certificate first, then its chain) and
    /// `--tls-key` (PEM); nil when neither is given. Either one alone, an unreadable file or a key
    /// that does not match the certificate is a usage error naming the file.
    static func tlsConfiguration(certificate: String?, key: String?) throws -> TLSConfiguration? {
        switch (certificate, key) {
        case (nil, nil):
            return nil
        case (nil, _?), (_?, nil):
            throw UsageError(message: "--tls-cert and --tls-key go together: give both, or neither for plain HTTP")
        case let (certificate?, key?):
            let chain: [NIOSSLCertificate]
            let privateKey: NIOSSLPrivateKey
            do {
                chain = try NIOSSLCertificate.fromPEMFile(certificate)
            } catch {
                throw UsageError(message: "--tls-cert: \(certificate): \(Self.reason(opening: certificate, for: "a PEM certificate"))")
            }
            guard !chain.isEmpty else { throw UsageError(message: "--tls-cert: \(certificate): holds no PEM certificate") }
            do {
                privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
            } catch {
                throw UsageError(message: "--tls-key: \(key): \(Self.reason(opening: key, for: "a PEM private key"))")
            }
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
            do {
                _ = try NIOSSLContext(configuration: configuration)
            } catch {
                throw UsageError(message: "--tls-key: \(key) is not the key of the certificate in \(certificate)")
            }
            return configuration
        }
    }

    /// Why a PEM file could not be used: the system's reason when it cannot be read, else what it should hold.
    private static func reason(opening path: String, for what: String) -> String {
        if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
        return "not \(what)"
    }

    /// The password in `path`: its first line. A file others may read is refused, as ssh refuses
    /// such a key, and so is an empty one.
    static func password(in path: String) throws -> String {
        var facts = stat()
        guard stat(path, &facts) == 0, access(path, R_OK) == 0 else {
            throw UsageError(message: "--password-file: \(path): \(String(cString: strerror(errno)))")
        }
        guard facts.st_mode & 0o077 == 0 else {
            throw UsageError(message: "--password-file: \(path) may be read by others (mode \(String(facts.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError(message: "--password-file: \(path) is not UTF-8 text")
        }
        let password = String(text.prefix { $0 != "\n" && $0 != "\r" })
        guard !password.isEmpty else { throw UsageError(message: "--password-file: \(path) holds no password on its first line") }
        return password
    }

    /// `HOST:PORT` split; `[::1]:8080` for IPv6.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw UsageError(message: "--listen: '\(text)' is not HOST:PORT, like 127.0.0.1:8080")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw UsageError(message: "--listen: '\(text)' names no host; 0.0.0.0:\(port) listens on every address") }
        return (host, port)
    }

    static func hostPort(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

extension ColorScheme: ExpressibleByArgument {}

extension Language: ExpressibleByArgument {
    public init?(argument: String) { self.init(naming: argument) }
}

/// One line per event on standard error, with the time: clients connecting and leaving,
/// refusals, the board's own log.
struct ServeLog: Sendable {
    func line(_ text: String) {
        Self.standardError("\(InternetDate.string(from: Date())) \(text.escapingControlCharacters())")
    }

    /// Writes `text` and a newline to standard error, control characters escaped.
    static func standardError(_ text: String) {
        DescriptorWriting.standardError(text.escapingControlCharacters(keepingNewlines: true) + "\n")
    }
}

/// Closes a connection whose peer has closed its side: an event stream has nothing to read, so
/// without this a page that left would be noticed only at the next tile it was sent.
final class PeerClosedHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    /// Every part is passed on as it came (the default `channelRead`), never unwrapped.
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }
}
