import FoundationEssentials
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization
import TileBase
import TileKit
import TileWeb

/// The routes of `tiles serve`: the page's files from memory, one event stream per page, and
/// presses. Every request passes `WebAccess` first.
struct WebServer: Sendable {
    let board: WebBoard
    let access: WebAccess
    let maxPages: Int
    let log: ServeLog
    /// The certificate and key to serve HTTPS with (`--tls-cert`, `--tls-key`); nil serves HTTP.
    let tls: TLSConfiguration?
    private let pages = PageCount()

    init(board: WebBoard, access: WebAccess, maxPages: Int, log: ServeLog, tls: TLSConfiguration?) {
        self.board = board
        self.access = access
        self.maxPages = maxPages
        self.log = log
        self.tls = tls
    }

    /// A press as the page sends it: the target's index in the tile's drawing in the page's view.
    struct Press: Decodable {
        var tile: String
        var target: Int
        var scheme: String?
        var size: String?
    }

    /// The view a page asks for (`?scheme=dark&size=compact`), under the board's fixed scheme if any.
    private func view(scheme: String?, size: String?) -> WebBoard.View {
        WebBoard.View(
            scheme: board.scheme(preferring: scheme.flatMap(ColorScheme.init(rawValue:)) ?? .light),
            sizeClass: size.flatMap(SizeClass.init(rawValue:)) ?? .regular)
    }

    /// Serves until the process ends: HummingbirdCore's HTTP/1.1 server with the router as its
    /// responder. Not Hummingbird's `Application`, whose cache of the Date header wakes the
    /// process every second for good; the header is written per answer instead.
    func run(configuration: ServerConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (any Channel) async -> Void) async throws {
        let responder = router().buildResponder()
        let channel = HTTP1Channel.Configuration(
            additionalChannelHandlers: [PeerClosedHandler()],
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 64))
        let http1 = HTTPServerBuilder.http1(configuration: channel)
        let builder = try tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: $0) } ?? http1
        let server = try builder.buildServer(
            configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
            responder: { request, writer, channel in
                let context = ServeContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
                var response: Response
                do {
                    response = try await responder.respond(to: request, context: context)
                } catch let error as HTTPError {
                    response = Self.text(error.status, error.body ?? error.status.reasonPhrase)
                } catch {
                    response = Response(status: .internalServerError)
                }
                response.headers[.date] = HTTPDate.string(from: Date())
                try await writer.write(response: response.head, body: response.body)
            },
            onServerRunning: onServerRunning)
        try await server.run()
    }

    func router() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.middlewares.add(AccessMiddleware(access: access, log: log, secure: tls != nil))
        for path in WebAssets.paths {
            router.get(RouterPath(path)) { _, _ -> Response in
                guard let file = WebAssets.file(at: path) else { return Response(status: .notFound) }
                return Response(
                    status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: file.text)))
            }
        }
        router.get("/events") { request, context in try events(request, context: context) }
        router.post("/api/press") { request, context in try await press(request, context: context) }
        router.get("/api/settings") { request, _ in await settings(request) }
        router.post("/api/settings") { request, context in try await saveSettings(request, context: context) }
        return router
    }

    /// The page's event stream: the board's description, every tile, then each change.
    private func events(_ request: Request, context: ServeContext) throws -> Response {
        let query = request.uri.queryParameters
        let view = view(scheme: query.get("scheme"), size: query.get("size"))
        let admitted = pages.count.withLock { count in
            guard count < maxPages else { return false }
            count += 1
            return true
        }
        guard admitted else {
            log.line("\(context.peer) refused: \(maxPages) pages are connected (--max-pages)")
            return Response(status: .serviceUnavailable, headers: [.retryAfter: "30"])
        }
        // A page that cannot keep up is cut off rather than sent a board with gaps: it reconnects
        // and is sent every tile afresh.
        let (stream, continuation) = AsyncStream.makeStream(of: WebBoard.Message.self, bufferingPolicy: .bufferingOldest(512))
        let id = board.connect(view: view) { message in
            if case .dropped = continuation.yield(message) { continuation.finish() }
        }
        let peer = context.peer, board = board, log = log, pages = pages
        log.line("\(peer) connected (\(view)); \(board.connectionCount + 1) pages")
        continuation.onTermination = { _ in
            board.disconnect(id)
            pages.count.withLock { $0 -= 1 }
            log.line("\(peer) left; \(board.connectionCount) pages")
        }
        context.channel.closeFuture.whenComplete { _ in continuation.finish() }
        let description = WebBoardDescription(scheme: view.scheme.rawValue, readOnly: access.readOnly, pages: board.pageCount)
        let first = "retry: 3000\nevent: board\ndata: \(description.json)\n\n"
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: first))
                for await message in stream {
                    try await writer.write(ByteBuffer(string: "event: \(message.event)\ndata: \(message.data)\n\n"))
                }
                try await writer.finish(nil)
            })
    }

    private func press(_ request: Request, context: ServeContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 1024)
        guard let press = try? JSONDecoder().decode(Press.self, from: Data(body.readableBytesView)) else {
            return Self.text(.badRequest, "a press is {\"tile\": ID, \"target\": N, \"scheme\": light|dark, \"size\": compact|regular|large}")
        }
        switch await board.press(tile: press.tile, target: press.target, in: view(scheme: press.scheme, size: press.size)) {
        case .started:
            log.line("\(context.peer) pressed \(press.target) of \(press.tile)")
            return Self.text(.accepted, "started")
        case .noSuchControl:
            return Self.text(.notFound, "tile \(press.tile) has no control \(press.target) now")
        case .refused(let reason):
            return Self.text(.conflict, reason)
        }
    }

    /// An edit form as the page asks for it: `{"tile": ID, "member": N, "values": {KEY: VALUE}}`.
    struct SettingsSave: Decodable {
        var tile: String
        var member: Int
        var values: [String: ParameterValue]
    }

    /// A tile's edit form (`?tile=ID`).
    private func settings(_ request: Request) async -> Response {
        guard let id = request.uri.queryParameters.get("tile"), let form = await board.settings(tile: id) else {
            return Self.text(.notFound, "this tile has nothing to set")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: WebBoard.json(form))))
    }

    private func saveSettings(_ request: Request, context: ServeContext) async throws -> Response {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        guard let form = try? JSONDecoder().decode(SettingsSave.self, from: Data(body.readableBytesView)) else {
            return Self.text(.badRequest, "settings are {\"tile\": ID, \"member\": N, \"values\": {KEY: VALUE}}")
        }
        switch await board.save(tile: form.tile, member: form.member, values: form.values) {
        case .saved(let report):
            log.line("\(context.peer) set \(form.tile): \(report)")
            return Self.text(.ok, report)
        case .noSuchTile:
            return Self.text(.notFound, "no tile \(form.tile) with a widget \(form.member)")
        case .invalid(let reason):
            return Self.text(.badRequest, reason)
        case .notSaved(let reason):
            log.line("\(context.peer) could not set \(form.tile): \(reason)")
            return Self.text(.conflict, reason)
        }
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// The pages connected, against `--max-pages`.
final class PageCount: Sendable {
    let count = Mutex(0)
}

/// What a page learns of the board when it connects.
struct WebBoardDescription: Encodable {
    var scheme: String
    var readOnly: Bool
    var pages: Int
    /// The board's language, and the page's own words in it.
    var language = WebPageWords.language
    var words = WebPageWords.all

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}

/// A request's context: Hummingbird's, with the connection (to notice a page leaving, and to
/// name the client in the log).
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    /// Nothing the page sends is larger than a press.
    var maxUploadSize: Int { 4096 }

    /// The client's IP address, which wrong guesses are counted by.
    var peerAddress: String { channel.remoteAddress?.ipAddress ?? "?" }

    /// The client's address and port, for the log.
    var peer: String {
        guard let address = channel.remoteAddress else { return "?" }
        return "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
    }
}

/// Applies `WebAccess` to every request and adds the security headers to every answer.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let access: WebAccess
    let log: ServeLog
    /// Whether the cookie may travel over TLS only.
    let secure: Bool
    let guesses = WrongGuesses()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let asked = WebAccess.Request(
            method: request.method.rawValue, path: request.uri.path, host: request.head.authority,
            origin: request.headers[.origin], fetchSite: request.headers[HTTPField.Name("Sec-Fetch-Site")!],
            cookie: request.headers[.cookie], authorization: request.headers[.authorization],
            queryToken: request.uri.queryParameters.get("token"))
        var response: Response
        let now = Date()
        let decision: WebAccess.Decision = guesses.isBlocked(context.peerAddress, at: now)
            ? .refuse(status: 429, reason: "too many wrong credentials from this address; try again in a minute")
            : access.decide(asked)
        switch decision {
        case .refuse(let status, let reason):
            log.line("\(context.peer) refused \(request.method.rawValue) \(request.uri.path): \(reason)")
            response = WebServer.text(HTTPResponse.Status(code: status), reason)
            if status == 401 {
                if asked.carriesCredential { guesses.record(context.peerAddress, at: now) }
                if let challenge = access.challenge { response.headers[.wwwAuthenticate] = challenge }
            } else if status == 429 {
                response.headers[.retryAfter] = "\(Int(guesses.window))"
            }
        case .allow:
            response = try await next(request, context)
        case .allowSettingCookie(let token):
            response = try await next(request, context)
            response.headers[.setCookie] = "\(WebAccess.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
                + (secure ? "; Secure" : "")
        }
        for header in WebAssets.securityHeaders {
            response.headers[HTTPField.Name(header.name)!] = header.value
        }
        return response
    }
}

/// The `Date` header's form (RFC 9110's IMF-fixdate): `Sun, 29 Nov 2026 11:20:00 GMT`.
enum HTTPDate {
    static func string(from date: Date) -> String {
        let time = Zone.utc.localTime(for: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[time.weekday]), \(two(time.day)) \(months[time.month - 1]) \(time.year) "
            + "\(two(time.hour)):\(two(time.minute)):\(two(time.second)) GMT"
    }
}
