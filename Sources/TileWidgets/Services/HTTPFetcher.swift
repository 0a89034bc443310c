import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Performs GET requests for the widgets' services over ONE shared `HTTPClient`.
///
/// Create one per process, hand it to every service, and call ``shutdown()`` before exit
/// (AsyncHTTPClient traps when a client is released without it). It never retries: the
/// scheduler above decides from the ``FetchError`` when to try again.
public final class HTTPFetcher: Sendable {
    /// The `User-Agent` sent with every request: `tiles/<version> (+https://github.com/tiles)`.
    public let userAgent: String
    /// Timeouts and the body size limit.
    public let configuration: Configuration

    private let client: HTTPClient
    private let etagStore: (any ETagStore)?
    private let now: @Sendable () -> Date

    /// Creates a fetcher for tiles `version`; `etagStore` (nil disables conditional requests)
    /// remembers ETags, and `now` is the clock used to resolve `Retry-After: <seconds>`.
    public init(
        version: String,
        configuration: Configuration = Configuration(),
        etagStore: (any ETagStore)? = InMemoryETagStore(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.userAgent = "tiles/\(version) (+https://github.com/tiles)"
        self.configuration = configuration
        self.etagStore = etagStore
        self.now = now
        var clientConfiguration = HTTPClient.Configuration(
            timeout: .init(
                connect: TimeAmount(configuration.connectTimeout),
                read: TimeAmount(configuration.totalTimeout)
            )
        )
        // By default the pool retries a failed connection with back-off until the connect
        // timeout: a refused connection (the service down, the machine offline) was reported
        // only after those 3 s. Failing at once lets the tile say "offline" now; the scheduler
        // retries with its own back-off, and a silent peer still waits for the connect timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        clientConfiguration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        self.client = HTTPClient(eventLoopGroup: HTTPEventLoop.group, configuration: clientConfiguration)
    }

    /// Shuts the underlying `HTTPClient` down; call once, after the last request.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// GETs `url` with `headers` (plus `User-Agent` and, when an ETag is stored,
    /// `If-None-Match`). A 304 is answered with the stored body and `wasRevalidated`.
    ///
    /// Throws ``FetchError`` for network failures, the total timeout, statuses other than
    /// 2xx/304, and bodies over ``Configuration/maxBodyBytes``.
    public func get(_ url: URL, headers: [(String, String)] = []) async throws(FetchError) -> FetchResponse {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            throw .malformed("not an http(s) URL with a host: \(url.absoluteString)")
        }
        var request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url.absoluteString, method: .GET)
        } catch {
            throw .malformed("not a URL AsyncHTTPClient accepts: \(url.absoluteString) (\(error))")
        }
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        if !request.headers.contains(name: "User-Agent") {
            request.headers.add(name: "User-Agent", value: userAgent)
        }
        let cached = etagStore?.lookup(url: url)
        if let cached, !request.headers.contains(name: "If-None-Match") {
            request.headers.add(name: "If-None-Match", value: cached.etag)
        }

        let response: FetchResponse
        do {
            response = try await perform(request)
        } catch {
            throw FetchError.fromTransport(error)
        }

        if let failure = FetchError.fromResponse(
            status: response.status, header: response.header, body: response.body, now: now()
        ) {
            throw failure
        }
        if response.isNotModified, let cached {
            return FetchResponse(status: response.status, headers: response.headers, body: cached.body, wasRevalidated: true)
        }
        if response.status == 200, let etag = response.header("ETag"), let etagStore {
            etagStore.store(url: url, etag: etag, body: response.body)
        }
        return response
    }

    /// Forgets the ETag and body stored for `url`, so that the next request for it is not
    /// conditional. For a body the caller could not use: kept, a later 304 would hand the
    /// same unusable body back for as long as the server's ETag stays the same.
    public func forgetETag(for url: URL) {
        etagStore?.remove(url: url)
    }

    /// Sends `request` and reads the body, all within the total timeout. Error bodies are
    /// only wanted for their message, so an oversized one is dropped instead of failing.
    ///
    /// This uses AsyncHTTPClient's event-loop API rather than its async one: the async API starts
    /// unstructured tasks on the global executor for every request, and on Linux the first task
    /// there starts libdispatch's 1 Hz pool monitor for good (see `ProviderExecutor`). Awaiting
    /// the future resumes on the caller's executor; cancelling the caller cancels the request.
    private func perform(_ request: HTTPClient.Request) async throws -> FetchResponse {
        let collector = BodyCollector(limit: configuration.maxBodyBytes)
        let task = client.execute(request: request, delegate: collector, deadline: .now() + TimeAmount(configuration.totalTimeout))
        return try await withTaskCancellationHandler {
            try await task.futureResult.get()
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects a response for `HTTPFetcher`: the head, and the body up to `limit` bytes. A larger
/// success body fails the request with `.tooLarge`; a larger error body is dropped.
///
/// `@unchecked Sendable`: AsyncHTTPClient calls a delegate's methods one at a time, in order, on
/// the request's event loop, so its state is never touched from two threads at once.
private final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = FetchResponse

    private let limit: Int
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    private var discardsBody = false

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: HTTPClient.Task<FetchResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        status = Int(head.status.code)
        headers = head.headers.map { (name: $0.name, value: $0.value) }
        if let declared = head.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
            return tooLarge(task)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<FetchResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard !discardsBody else { return task.eventLoop.makeSucceededVoidFuture() }
        guard body.count + buffer.readableBytes <= limit else { return tooLarge(task) }
        body.append(contentsOf: buffer.readableBytesView)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<FetchResponse>) throws -> FetchResponse {
        FetchResponse(status: status, headers: headers, body: discardsBody ? [] : body)
    }

    /// Over the limit: an error response keeps its status and loses its body; any other fails.
    private func tooLarge(_ task: HTTPClient.Task<FetchResponse>) -> EventLoopFuture<Void> {
        guard status >= 400 else { return task.eventLoop.makeFailedFuture(FetchError.tooLarge) }
        discardsBody = true
        body = []
        return task.eventLoop.makeSucceededVoidFuture()
    }
}
