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
        // Connection refused is retried inside the pool until the connect timeout, so that
        // timeout (not the total one) bounds how long "offline" takes to be reported.
        var clientConfiguration = HTTPClient.Configuration(
            timeout: .init(
                connect: TimeAmount(configuration.connectTimeout),
                read: TimeAmount(configuration.totalTimeout)
            )
        )
        clientConfiguration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
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
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
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

    /// Sends `request` and reads the body, all within the total timeout. Error bodies are
    /// only wanted for their message, so an oversized one is dropped instead of failing.
    private func perform(_ request: HTTPClientRequest) async throws -> FetchResponse {
        let total = configuration.totalTimeout
        let bodyDeadline = ContinuousClock.now + total
        let response = try await client.execute(request, deadline: .now() + TimeAmount(total))
        let status = Int(response.status.code)
        let headers = response.headers.map { (name: $0.name, value: $0.value) }
        let isError = status >= 400
        let limit = configuration.maxBodyBytes

        if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
            if isError {
                return FetchResponse(status: status, headers: headers, body: [])
            }
            throw FetchError.tooLarge
        }
        do {
            let body = try await Self.readBody(response.body, limit: limit, deadline: bodyDeadline)
            return FetchResponse(status: status, headers: headers, body: body)
        } catch FetchError.tooLarge where isError {
            return FetchResponse(status: status, headers: headers, body: [])
        }
    }

    /// Collects `body`, failing with `.tooLarge` past `limit` bytes and `.timedOut` at
    /// `deadline`. (AsyncHTTPClient's own deadline stops applying once the head arrives.)
    private static func readBody(
        _ body: HTTPClientResponse.Body,
        limit: Int,
        deadline: ContinuousClock.Instant
    ) async throws -> [UInt8] {
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                for try await buffer in body {
                    guard bytes.count + buffer.readableBytes <= limit else {
                        throw FetchError.tooLarge
                    }
                    bytes.append(contentsOf: buffer.readableBytesView)
                }
                return bytes
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw FetchError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw FetchError.malformed("response body ended without a result")
            }
            return first
        }
    }
}
