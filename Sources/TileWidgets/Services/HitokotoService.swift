import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Fetches a random sentence from Hitokoto (一言), docs/data-sources.md §1.
public struct HitokotoService: Sendable {
    /// The service root, e.g. `https://v1.hitokoto.cn`.
    public var baseURL: URL
    private let fetcher: HTTPFetcher

    /// Creates a client for the service at `baseURL` that sends its requests through `fetcher`.
    public init(baseURL: URL = ServiceEndpoints.defaultHitokoto, fetcher: HTTPFetcher) {
        self.baseURL = baseURL
        self.fetcher = fetcher
    }

    /// Fetches one sentence from `categories` (letters `a`…`l`; empty means any) whose length
    /// is within `minLength`…`maxLength` when given (the service's defaults are 0…30).
    ///
    /// Throws `.malformed` when the response lacks `hitokoto` or `uuid`, or has wrong types.
    public func quote(
        categories: [String] = [],
        minLength: Int? = nil,
        maxLength: Int? = nil
    ) async throws(FetchError) -> Quote {
        var query = categories.map { (name: "c", value: $0) }
        if let minLength { query.append((name: "min_length", value: String(minLength))) }
        if let maxLength { query.append((name: "max_length", value: String(maxLength))) }
        query.append((name: "encode", value: "json"))
        let url = try ServiceURL.make(base: baseURL, segments: [], query: query)
        let response = try await fetcher.get(url, headers: [("Accept", "application/json")])
        let payload = try ServiceJSON.decode(Payload.self, from: response.body, service: "Hitokoto")
        return try Self.quote(from: payload)
    }

    /// The fields used from a response; `created_at`, `id` and the rest are not read, so
    /// their types (`created_at` is a string of seconds) cannot break decoding.
    struct Payload: Decodable {
        var hitokoto: String
        var from: String?
        var fromWho: String?
        var uuid: String

        enum CodingKeys: String, CodingKey {
            case hitokoto, from, uuid
            case fromWho = "from_who"
        }
    }

    static func quote(from payload: Payload) throws(FetchError) -> Quote {
        let text = RemoteText.sanitize(payload.hitokoto)
        guard !text.isEmpty else {
            throw .malformed("Hitokoto response field 'hitokoto' is empty")
        }
        let uuid = RemoteText.sanitize(payload.uuid, maxLength: 64)
        let from = RemoteText.sanitize(payload.from ?? "", maxLength: 100)
        let fromWho = payload.fromWho.map { RemoteText.sanitize($0, maxLength: 100) }
        let page = "https://hitokoto.cn?uuid=" + ServiceURL.encode(uuid, keeping: [])
        guard let pageURL = URL(string: page) else {
            throw .malformed("Hitokoto response field 'uuid' cannot form a page URL")
        }
        return Quote(
            text: text,
            from: from,
            fromWho: fromWho?.isEmpty == true ? nil : fromWho,
            uuid: uuid,
            pageURL: pageURL
        )
    }
}
