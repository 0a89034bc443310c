import Foundation
import TestSupport
import Testing
@testable import TileWidgets

extension NetworkSuite {
    /// Requests through a real proxy (tinyproxy on 127.0.0.1) to the local test services: http in
    /// absolute form, https through a `CONNECT` tunnel with the server's name still checked, and
    /// each way a proxy can fail named in the error, never with its password.
    @Suite struct ProxyTests {
        static let password = "s3cret-Pa55"

        // Generous bounds: a proxy that starts slowly on two busy cores is not a failure. Only
        // the silent proxy's test waits for a bound, and it sets its own.
        static func fetcherConfiguration(
            _ environment: [String: String], connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(20)
        ) -> HTTPFetcher.Configuration {
            HTTPFetcher.Configuration(
                connectTimeout: connectTimeout, totalTimeout: totalTimeout, certificateAuthorities: TLSTestServer.authority,
                proxies: ProxySettings(environment: environment))
        }

        static func get(
            _ url: String, _ environment: [String: String], connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(20)
        ) async throws -> Result<FetchResponse, FetchError> {
            try await withFetcher(configuration: fetcherConfiguration(environment, connectTimeout: connectTimeout, totalTimeout: totalTimeout)) { fetcher in
                do throws(FetchError) {
                    return .success(try await fetcher.get(URL(string: url)!))
                } catch {
                    return .failure(error)
                }
            }
        }

        @Test func httpGoesToTheProxyInAbsoluteForm() async throws {
            let proxy = try TinyProxy()
            defer { proxy.stop() }
            try await LocalHTTPServer.with(routes: ["/quote": { _ in .json(#"{"hitokoto":"经过代理"}"#) }]) { server in
                let url = "http://127.0.0.1:\(server.port)/quote"
                let response = try await Self.get(url, ["http_proxy": "http://127.0.0.1:\(proxy.port)"]).get()
                #expect(String(decoding: response.body, as: UTF8.self).contains("经过代理"))
                #expect(proxy.log.contains("GET \(url) HTTP/1.1"), "\(proxy.log)")
                #expect(server.requests(to: "/quote").count == 1)
            }
        }

        @Test func httpsGoesThroughATunnelWithTheServersNameChecked() async throws {
            let proxy = try TinyProxy()
            defer { proxy.stop() }
            let server = try TLSTestServer()
            defer { server.stop() }
            let environment = ["https_proxy": "127.0.0.1:\(proxy.port)"]
            let hello = try await Self.get("https://localhost:\(server.port)/hello", environment).get()
            #expect(String(decoding: hello.body, as: UTF8.self) == "hello over TLS, 你好")
            #expect(proxy.log.contains("CONNECT localhost:\(server.port) HTTP/1.1"), "\(proxy.log)")
            // The certificate is checked against the server's name, not the proxy's.
            let otherName = try await Self.fetchFailure("https://127.0.0.1:\(server.port)/hello", environment)
            #expect(otherName == .certificate("certificate is for localhost, not 127.0.0.1"))
        }

        @Test func upperCaseAndAllProxyAreReadAsCurlReadsThem() {
            let proxy = HTTPProxy(host: "p", port: 3128)
            #expect(ProxySettings(environment: ["HTTPS_PROXY": "http://p:3128"]).https == proxy)
            // curl reads http_proxy in lower case only.
            #expect(ProxySettings(environment: ["HTTP_PROXY": "http://p:3128"]).http == nil)
            let all = ProxySettings(environment: ["ALL_PROXY": "p:3128", "https_proxy": "http://q:8080"])
            #expect(all.http == proxy)
            #expect(all.https == HTTPProxy(host: "q", port: 8080))
            #expect(ProxySettings(environment: ["https_proxy": "p:3128", "HTTPS_PROXY": "q:1"]).https == proxy)
            #expect(ProxySettings(environment: ["http_proxy": "p"]).http?.port == 1080)
            let socks = ProxySettings(environment: ["https_proxy": "socks5://p:1080"])
            #expect(socks.https == nil)
            #expect(socks.problems == ["https_proxy: tiles speaks to HTTP proxies only, not socks5://; going direct"])
        }

        @Test func credentialsArePercentDecodedAndNeverNamed() throws {
            let proxy = try ProxySettings.parse("http://me%40work:p%3Ass@proxy.example:8080/").get()
            #expect(proxy.host == "proxy.example" && proxy.port == 8080)
            #expect(proxy.credentials?.user == "me@work" && proxy.credentials?.password == "p:ss")
            #expect(proxy.authorization == "Basic " + Data("me@work:p:ss".utf8).base64EncodedString())
            #expect(proxy.name == "proxy proxy.example:8080")
            #expect(try ProxySettings.parse("[::1]:3128").get().name == "proxy [::1]:3128")
        }

        @Test(arguments: [
            ("*", "api.github.com", 443, true),
            ("example.com", "example.com", 443, true),
            ("example.com", "api.example.com", 443, true),
            (".example.com", "api.example.com", 443, true),
            ("*.example.com", "api.example.com", 443, true),
            ("example.com", "notexample.com", 443, false),
            ("example.com", "example.com.cn", 443, false),
            ("EXAMPLE.com.", "Api.Example.COM", 443, true),
            ("localhost, 127.0.0.1", "127.0.0.1", 80, true),
            ("10.0.0.0/8", "10.1.2.3", 80, true),
            ("10.0.0.0/8", "11.1.2.3", 80, false),
            ("192.168.1.5", "192.168.1.6", 80, false),
            ("::1", "::1", 80, true),
            ("[::1]:8080", "::1", 8080, true),
            ("fd00::/8", "fd12::1", 80, true),
            ("example.com:8080", "example.com", 8080, true),
            ("example.com:8080", "example.com", 443, false),
            ("1.2.3.4", "1.2.3.4.example.com", 443, false),
            ("example.com", "93.184.216.34", 443, false),
            ("a.com b.com", "b.com", 443, true),
            ("", "example.com", 443, false),
            ("foo,*", "example.com", 443, false),
        ])
        func noProxyMatchesAsCurlDoes(list: String, host: String, port: Int, direct: Bool) {
            #expect(NoProxyList(list).matches(host: host, port: port) == direct)
        }

        @Test func noProxyHostsGoDirect() async throws {
            let proxy = try TinyProxy()
            defer { proxy.stop() }
            try await LocalHTTPServer.with(routes: ["/quote": { _ in .json("{}") }]) { server in
                let environment = ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "localhost,127.0.0.0/8"]
                _ = try await Self.get("http://127.0.0.1:\(server.port)/quote", environment).get()
                #expect(server.requests(to: "/quote").count == 1)
                #expect(!proxy.log.contains("Request"), "\(proxy.log)")
            }
        }

        @Test func aProxyThatIsNotThereIsNamed() async throws {
            let port = try TinyProxy.freePort()
            let failure = try await Self.fetchFailure("https://localhost:1/hello", ["https_proxy": "http://u:\(Self.password)@127.0.0.1:\(port)"])
            #expect(failure == .proxy("cannot connect to proxy 127.0.0.1:\(port): connection refused"))
            let unresolvable = try await Self.fetchFailure("http://localhost:1/", ["http_proxy": "http://proxy.invalid:3128"])
            #expect(unresolvable == .proxy("cannot resolve proxy proxy.invalid:3128"))
        }

        @Test func aProxyRefusingTheTunnelSaysWhatItAnswered() async throws {
            let proxy = try TinyProxy(connectPorts: [443])
            defer { proxy.stop() }
            let server = try TLSTestServer()
            defer { server.stop() }
            let failure = try await Self.fetchFailure("https://localhost:\(server.port)/hello", ["https_proxy": "127.0.0.1:\(proxy.port)"])
            let text = failure?.description ?? ""
            #expect(text.hasPrefix("proxy 127.0.0.1:\(proxy.port) refused a tunnel to localhost:\(server.port): 403"), "\(text)")
        }

        @Test func aProxyAskingForCredentialsGetsThemFromTheURLOnly() async throws {
            let proxy = try TinyProxy(credentials: ("tiles", Self.password))
            defer { proxy.stop() }
            let server = try TLSTestServer()
            defer { server.stop() }
            try await LocalHTTPServer.with(routes: ["/quote": { _ in .json("{}") }]) { local in
                let http = "http://127.0.0.1:\(local.port)/quote"
                let https = "https://localhost:\(server.port)/hello"
                let name = "proxy 127.0.0.1:\(proxy.port)"
                for url in [http, https] {
                    let bare = "127.0.0.1:\(proxy.port)"
                    let without = try await Self.fetchFailure(url, ["http_proxy": bare, "https_proxy": bare])
                    #expect(without == .proxy("\(name) asks for credentials; put them in the proxy URL, http://user:password@host:port"))
                    let wrong = "http://tiles:wrong-\(Self.password)@127.0.0.1:\(proxy.port)"
                    let refused = try await Self.fetchFailure(url, ["http_proxy": wrong, "https_proxy": wrong])
                    let detail = refused?.detail ?? ""
                    #expect(detail.contains(Self.password) == false)
                    // tinyproxy 1.11 answers wrong credentials with a 401 rather than a 407: through a
                    // tunnel that is the proxy's, but a plain request's 401 may be the server's.
                    let expected: FetchError = url == https ? .proxy("\(name) refused the credentials in the proxy URL") : .http(status: 401, message: nil)
                    #expect(refused == expected)
                    let right = "http://tiles:\(Self.password)@127.0.0.1:\(proxy.port)"
                    let response = try await Self.get(url, ["http_proxy": right, "https_proxy": right]).get()
                    #expect(response.status == 200, "\(url)")
                }
                // The credentials went to the proxy only.
                #expect(local.requests(to: "/quote").allSatisfy { $0.header("Proxy-Authorization") == nil })
            }
        }

        @Test func aProxyThatNeverAnswersIsNamed() async throws {
            let listener = try SilentListener()
            defer { listener.stop() }
            let environment = ["http_proxy": "127.0.0.1:\(listener.port)", "https_proxy": "127.0.0.1:\(listener.port)"]
            let tunnel = try await Self.fetchFailure("https://localhost:1/hello", environment, connectTimeout: .seconds(2), totalTimeout: .seconds(5))
            #expect(tunnel == .proxy("proxy 127.0.0.1:\(listener.port) did not open a tunnel to localhost:1 in time"))
            let plain = try await Self.fetchFailure("http://localhost:1/", environment, totalTimeout: .seconds(3))
            #expect(plain == .proxy("no answer through proxy 127.0.0.1:\(listener.port) in time"))
        }

        static func failure(of result: Result<FetchResponse, FetchError>) -> FetchError? {
            if case .failure(let error) = result { return error }
            return nil
        }

        static func fetchFailure(
            _ url: String, _ environment: [String: String], connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(20)
        ) async throws -> FetchError? {
            failure(of: try await get(url, environment, connectTimeout: connectTimeout, totalTimeout: totalTimeout))
        }
    }
}
