import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Performs GET requests for the widgets' services: HTTP/1.1 over TCP, or over TLS for `https`
/// (OpenSSL, the peer's certificate checked against the system's authorities), each request on
/// a connection of its own, run by the network thread (``Reactor/network``). Redirects are followed
/// (at most 5, never in a loop); the body is limited (``Configuration/maxBodyBytes``).
///
/// Create one per process and hand it to every service. It never retries: the scheduler above
/// decides from the ``FetchError`` when to try again.
public final class HTTPFetcher: Sendable {
    /// The `User-Agent` sent with every request: `tiles/<version> (+https://github.com/tiles)`.
    public let userAgent: String
    /// Timeouts and the body size limit.
    public let configuration: Configuration

    private let etagStore: (any ETagStore)?
    private let now: @Sendable () -> Date
    private let loop = Reactor.network

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
    }

    /// GETs `url` with `headers` (plus `User-Agent` and, when an ETag is stored,
    /// `If-None-Match`). A 304 is answered with the stored body and `wasRevalidated`.
    ///
    /// Throws ``FetchError`` for network failures, the total timeout, statuses other than
    /// 2xx/304, and bodies over ``Configuration/maxBodyBytes``.
    /// `maxBodyBytes` raises or lowers the configured limit for this request (a calendar file).
    public func get(_ url: URL, headers: [(String, String)] = [], maxBodyBytes: Int? = nil) async throws(FetchError) -> FetchResponse {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            throw .malformed("not an http(s) URL with a host: \(url.absoluteString)")
        }
        var fields = headers
        if !fields.contains(where: { $0.0.lowercased() == "user-agent" }) {
            fields.append(("User-Agent", userAgent))
        }
        let cached = etagStore?.lookup(url: url)
        if let cached, !fields.contains(where: { $0.0.lowercased() == "if-none-match" }) {
            fields.append(("If-None-Match", cached.etag))
        }

        let response = try await followingRedirects(from: url, headers: fields, maxBodyBytes: maxBodyBytes ?? configuration.maxBodyBytes)

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

    /// GETs `url`, following redirects (301, 302, 303, 307, 308 with a `Location`) up to 5
    /// times, all within the total timeout. A redirect to another origin (scheme, host, port)
    /// does not carry `Authorization` or `Cookie` there: a GitHub token is GitHub's.
    private func followingRedirects(from url: URL, headers: [(String, String)], maxBodyBytes: Int) async throws(FetchError) -> FetchResponse {
        let deadline = Reactor.now.advanced(by: configuration.totalTimeout)
        var current = url
        var fields = headers
        var visited: Set<String> = [url.absoluteString]
        var redirects = 0
        while true {
            let target = try HTTPRequest.target(current, headers: fields, proxies: configuration.proxies)
            let response = try await exchange(target, deadline: deadline, maxBodyBytes: maxBodyBytes)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else {
                return response
            }
            redirects += 1
            guard redirects <= 5 else { throw .malformed("more than 5 redirects from \(url.absoluteString)") }
            guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
                  let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = next.host, !host.isEmpty
            else {
                throw .malformed("redirect to a location that is not an http(s) URL: \(RemoteText.sanitize(location, maxLength: 200))")
            }
            guard visited.insert(next.absoluteString).inserted else {
                throw .malformed("redirect loop at \(next.absoluteString)")
            }
            if HTTPRequest.origin(of: next) != HTTPRequest.origin(of: current) {
                fields.removeAll { ["authorization", "cookie"].contains($0.0.lowercased()) }
            }
            current = next
        }
    }

    /// Runs one exchange on the network thread; cancelling the caller cancels it.
    private func exchange(_ target: HTTPExchange.Target, deadline: Reactor.Instant, maxBodyBytes: Int) async throws(FetchError) -> FetchResponse {
        let loop = loop
        let configuration = configuration
        let handle = ExchangeHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<FetchResponse, FetchError>, Never>) in
                loop.execute {
                    let exchange = HTTPExchange(
                        target: target, loop: loop, connectTimeout: configuration.connectTimeout, deadline: deadline,
                        maximumBodyBytes: maxBodyBytes, authorities: configuration.certificateAuthorities
                    ) { result in
                        continuation.resume(returning: result)
                    }
                    handle.begin(exchange)
                }
            }
        } onCancel: {
            loop.execute { handle.cancel() }
        }
        return try result.get()
    }
}

/// The exchange a task awaits, for its cancellation: both touched on the loop's thread only.
private final class ExchangeHandle: @unchecked Sendable {
    private var exchange: HTTPExchange?
    private var cancelled = false

    func begin(_ exchange: HTTPExchange) {
        self.exchange = exchange
        if cancelled { exchange.cancel() } else { exchange.start() }
    }

    func cancel() {
        cancelled = true
        exchange?.cancel()
    }
}
