/// A successful (2xx or 304) HTTP response, with its body already read into memory.
public struct FetchResponse: Sendable {
    /// The status the server sent (304 when the body came from the ETag store).
    public var status: Int
    /// The response headers in the order the server sent them.
    public var headers: [(name: String, value: String)]
    /// The body bytes; for a revalidated response, the body stored with the ETag.
    public var body: [UInt8]
    /// True when the body was reused from the ETag store after a 304 Not Modified.
    public var wasRevalidated: Bool

    /// Creates a response; `wasRevalidated` is true only when the fetcher filled in a cached body.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], wasRevalidated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.wasRevalidated = wasRevalidated
    }

    /// True when the server answered 304 Not Modified.
    public var isNotModified: Bool {
        status == 304
    }

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
