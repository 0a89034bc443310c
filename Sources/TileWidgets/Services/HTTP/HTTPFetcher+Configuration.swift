extension HTTPFetcher {
    /// Limits for every request: how long to try to connect, how long the whole request may
    /// take, and how large a body may be. Defaults follow docs/data-sources.md §5.
    public struct Configuration: Sendable, Equatable {
        /// How long to wait for a connection to open (the name resolved, a peer that does not
        /// answer TCP's handshake, and TLS's); after it, the fetch fails as `.offline`. A refused or unreachable connection fails as
        /// `.offline` at once. Default 3 s.
        public var connectTimeout: Duration
        /// How long the whole request may take, connect to last body byte; after it, the
        /// fetch fails as `.timedOut`. Default 10 s.
        public var totalTimeout: Duration
        /// The largest body read, in bytes; a longer one fails as `.tooLarge`. Default 1 MiB.
        public var maxBodyBytes: Int
        /// A PEM file of the certificate authorities an `https` server's certificate must chain
        /// to; nil (the default) for the system's: `SSL_CERT_FILE` and `SSL_CERT_DIR` when set,
        /// else OpenSSL's default file and directory (`/etc/ssl/certs` on Debian).
        public var certificateAuthorities: String?
        /// The proxies requests go through (`https_proxy`, `http_proxy`, `no_proxy`…); direct by default.
        public var proxies: ProxySettings

        /// Creates a configuration; tests shorten the timeouts.
        public init(
            connectTimeout: Duration = .seconds(3),
            totalTimeout: Duration = .seconds(10),
            maxBodyBytes: Int = 1 << 20,
            certificateAuthorities: String? = nil,
            proxies: ProxySettings = .direct
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maxBodyBytes = maxBodyBytes
            self.certificateAuthorities = certificateAuthorities
            self.proxies = proxies
        }
    }
}
