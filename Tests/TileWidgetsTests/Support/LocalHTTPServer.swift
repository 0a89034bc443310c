import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (ephemeral port) for tests: each path has a handler
/// that decides the reply, and every request is recorded for later assertions.
final class LocalHTTPServer: Sendable {
    /// A request as the server saw it.
    struct Request: Sendable {
        var method: String
        /// The raw request target, still percent-encoded (`/repos/o/r/branches/a%2Fb?x=1`).
        var uri: String
        /// The decoded path without the query.
        var path: String
        var query: [(name: String, value: String)]
        var headers: [(name: String, value: String)]

        /// The first value of header `name`, case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// Every value of query parameter `name`, in order.
        func queryValues(_ name: String) -> [String] {
            query.filter { $0.name == name }.map(\.value)
        }
    }

    /// What the server does with a request.
    enum Reply: Sendable {
        /// A complete response with `Content-Length`.
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Never answers; the connection stays open until the client gives up.
        case hang
        /// Sends the head and `partialBody` of a longer declared body, then nothing more.
        case stallBody(partialBody: [UInt8])
        /// Sends `chunk` `repeats` times, with a `Content-Length` or chunked encoding.
        case stream(chunk: [UInt8], repeats: Int, declareLength: Bool)

        /// A 200 (or `status`) JSON reply with `headers` added.
        static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }
    }

    typealias Handler = @Sendable (Request) -> Reply

    /// The port the server listens on.
    let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let log: RequestLog

    /// `http://127.0.0.1:<port>`
    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    private init(port: Int, group: MultiThreadedEventLoopGroup, channel: any Channel, log: RequestLog) {
        self.port = port
        self.group = group
        self.channel = channel
        self.log = log
    }

    /// Starts a server answering `routes` (keyed by path); other paths get 404.
    static func start(routes: [String: Handler]) async throws -> LocalHTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = RequestLog()
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(RouteHandler(routes: routes, log: log))
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
            guard let port = channel.localAddress?.port else {
                throw ServerError("server channel has no local port")
            }
            return LocalHTTPServer(port: port, group: group, channel: channel, log: log)
        } catch {
            try await group.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` with a started server and stops the server afterwards, even on failure.
    static func with<T>(
        routes: [String: Handler],
        _ body: (LocalHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try await start(routes: routes)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try await server.stop()
            throw error
        }
    }

    /// A port on 127.0.0.1 that nothing listens on: the discard port. A privileged port is never
    /// handed out as an ephemeral one, so no concurrent test's socket can take it in the meantime
    /// (a bound-and-closed ephemeral port could be, and then a connect is reset instead of
    /// refused). Debian runs no discard service unless inetd is installed, and the tests using
    /// this port expect "connection refused": a machine that listens there fails them loudly.
    static func unusedPort() async throws -> Int { 9 }

    /// The requests received for `path`, oldest first.
    func requests(to path: String) -> [Request] {
        log.all().filter { $0.path == path }
    }

    /// Closes the listener and every open connection.
    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

/// A failure setting up the test server.
struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Requests seen by a server, shared between its connections.
private final class RequestLog: Sendable {
    private let requests = Mutex<[LocalHTTPServer.Request]>([])

    func append(_ request: LocalHTTPServer.Request) {
        requests.withLock { $0.append(request) }
    }

    func all() -> [LocalHTTPServer.Request] {
        requests.withLock { $0 }
    }
}

/// Dispatches each complete request to its route's handler and writes the reply.
private final class RouteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let routes: [String: LocalHTTPServer.Handler]
    private let log: RequestLog
    private var head: HTTPRequestHead?

    init(routes: [String: LocalHTTPServer.Handler], log: RequestLog) {
        self.routes = routes
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            reply(to: head, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func reply(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let components = URLComponents(string: head.uri)
        let request = LocalHTTPServer.Request(
            method: head.method.rawValue,
            uri: head.uri,
            path: components?.path ?? head.uri,
            query: (components?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") },
            headers: head.headers.map { (name: $0.name, value: $0.value) }
        )
        log.append(request)
        let handler = routes[request.path] ?? { _ in .json(#"{"message":"no such route"}"#, status: 404) }

        switch handler(request) {
        case .hang:
            return
        case .respond(let status, let headers, let body):
            var fields = HTTPHeaders(headers)
            if status != 304 && status != 204 {
                fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
            }
            writeHead(status: status, headers: fields, version: head.version, context: context)
            if !body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .stallBody(let partialBody):
            var fields = HTTPHeaders()
            fields.add(name: "Content-Length", value: String(partialBody.count * 10))
            writeHead(status: 200, headers: fields, version: head.version, context: context)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: partialBody)))), promise: nil)
        case .stream(let chunk, let repeats, let declareLength):
            var fields = HTTPHeaders()
            if declareLength {
                fields.add(name: "Content-Length", value: String(chunk.count * repeats))
            } else {
                fields.add(name: "Transfer-Encoding", value: "chunked")
            }
            writeHead(status: 200, headers: fields, version: head.version, context: context)
            let buffer = ByteBuffer(bytes: chunk)
            for _ in 0..<repeats {
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private func writeHead(status: Int, headers: HTTPHeaders, version: HTTPVersion, context: ChannelHandlerContext) {
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }
}
