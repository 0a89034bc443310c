/// The page tiles-serve sends, compiled in (`WebAssets+Files.swift`, from Sources/TileWeb/Page):
/// no file is ever read from disk to answer a request.
public enum WebAssets {
    /// A file of the page.
    public struct File: Sendable {
        /// Its media type, for `Content-Type`.
        public var type: String
        public var text: String
    }

    /// The file served at `path` (`/` is the page), nil for any other path.
    public static func file(at path: String) -> File? { files[path] }

    /// The paths of the page's files.
    public static var paths: [String] { files.keys.sorted() }

    /// The headers every answer carries: the page runs only its own script, is framed by nobody,
    /// and sends no referrer with the links it opens.
    public static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
            + "manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
