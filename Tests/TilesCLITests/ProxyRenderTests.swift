import Foundation
import TestSupport
import Testing

/// `tiles` behind a proxy, as a user runs it: the variables curl reads send the widgets' requests
/// through a real proxy (tinyproxy), https through a tunnel with the server's certificate checked
/// against `SSL_CERT_FILE`, and a proxy that fails is named on the tile, never with its password.
@Suite struct ProxyRenderTests {
    static let quote = #"{"uuid":"u1","hitokoto":"隔着代理也看得见","from":"x","from_who":null}"#

    @Test func quotesComeThroughTheProxyAndNoProxyHostsGoDirect() throws {
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        let server = try StubHTTPServer(routes: ["/": .json(Self.quote)])
        defer { server.stop() }
        let environment = ["TILES_HITOKOTO_URL": server.baseURL, "http_proxy": "http://127.0.0.1:\(proxy.port)"]
        let result = try runTiles(["render", "--widget", "qqsync", "--family", "medium"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("隔着代理也看得见"), "\(result.stdout)\(result.stderr)")
        #expect(proxy.log.contains("GET \(server.baseURL)/"), "\(proxy.log)")

        let requestsBefore = proxy.log.components(separatedBy: "Request (").count
        var direct = environment
        direct["NO_PROXY"] = "127.0.0.1"
        let directResult = try runTiles(["render", "--widget", "qqsync", "--family", "medium"], environment: direct)
        #expect(directResult.stdout.contains("隔着代理也看得见"))
        #expect(proxy.log.components(separatedBy: "Request (").count == requestsBefore, "\(proxy.log)")
    }

    @Test func httpsGoesThroughATunnelAndTheCertificateIsStillChecked() throws {
        let proxy = try TinyProxy()
        defer { proxy.stop() }
        let server = try NetworkFailureTests.TLSServer(certificate: "server.pem", key: "server.key")
        defer { server.stop() }
        var environment = [
            "TILES_GITHUB_API_URL": "https://localhost:\(server.port)",
            "HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)",
            "SSL_CERT_FILE": NetworkFailureTests.certificates.appendingPathComponent("ca.pem").path,
        ]
        let trusted = try runTiles(["render", "--widget", "commit", "--family", "small"], environment: environment)
        #expect(proxy.log.contains("CONNECT localhost:\(server.port) HTTP/1.1"), "\(proxy.log)")
        // The test server has no branches: the tunnel and TLS worked, and GitHub's 404 is shown.
        #expect(trusted.stderr.contains("HTTP 404") || trusted.stderr.contains("not found"), "\(trusted.stderr)")
        #expect(!trusted.stderr.contains("certificate") && !trusted.stderr.contains("proxy"), "\(trusted.stderr)")

        environment["SSL_CERT_FILE"] = NetworkFailureTests.certificates.appendingPathComponent("authority.pem").path
        let untrusted = try runTiles(["render", "--widget", "commit", "--family", "small"], environment: environment)
        #expect(untrusted.stderr.contains("certificate not trusted: localhost is signed by an unknown authority"), "\(untrusted.stderr)")
    }

    @Test func aFailingProxyIsNamedWithoutItsPassword() throws {
        let port = try TinyProxy.freePort()
        let environment = [
            "TILES_HITOKOTO_URL": "http://example.invalid", "http_proxy": "http://me:hunter2@127.0.0.1:\(port)",
        ]
        let result = try runTiles(["render", "--widget", "qqsync", "--family", "medium"], environment: environment)
        #expect(result.status == 3, "not live")
        #expect(result.stderr == "tiles: qqsync: cannot connect to proxy 127.0.0.1:\(port): connection refused; nothing is known yet, showing the placeholder\n", "\(result.stderr)")
        #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"))
    }
}
