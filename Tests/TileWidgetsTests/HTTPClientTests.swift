import Foundation
import Synchronization
import Testing
import TileBase
import TileUISamples
@testable import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// The fetcher's own HTTP/1.1 client against real sockets: framings a server chooses,
/// redirects, names resolved through /etc/hosts, IPv6, TLS with a test authority, requests
/// that cannot be sent, and fuzzed responses over a real connection.
extension NetworkSuite {
    @Suite struct HTTPClientTests {
        @Test func theRequestIsOneGetWithHostUserAgentAndConnectionClose() async throws {
            let peer = try ScriptedPeer { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 2\n\nok") }
            defer { peer.stop() }
            let url = try #require(URL(string: "http://127.0.0.1:\(peer.port)/a%20b/c?x=1&y=%E4%BD%A0"))
            let response = try await withFetcher { fetcher in
                try await fetcher.get(url, headers: [("Accept", "application/json")])
            }
            #expect(response.body == Array("ok".utf8))
            let head = try #require(peer.requestHeads.first)
            #expect(head == "GET /a%20b/c?x=1&y=%E4%BD%A0 HTTP/1.1\r\nHost: 127.0.0.1:\(peer.port)\r\nAccept: application/json\r\n"
                + "User-Agent: tiles/9.9.9 (+https://github.com/tiles)\r\nConnection: close\r\n\r\n")
        }

        @Test func aBodyArrivingAByteAtATimeIsWhole() async throws {
            let body = String(repeating: "你好, world. ", count: 50)
            let peer = try ScriptedPeer(pieceSize: 7) { _ in
                ScriptedPeer.crlf("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n") + Self.chunked(Array(body.utf8), size: 100)
            }
            defer { peer.stop() }
            let response = try await withFetcher { fetcher in try await fetcher.get(URL(string: "http://127.0.0.1:\(peer.port)/")!) }
            #expect(String(decoding: response.body, as: UTF8.self) == body)
        }

        @Test func aResponseCutShortIsAClosedConnectionAndAGarbledOneMalformed() async throws {
            let cut = try ScriptedPeer { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 100\n\nonly this") }
            defer { cut.stop() }
            let garbled = try ScriptedPeer { _ in Array("SSH-2.0-OpenSSH_9.2\r\n".utf8) }
            defer { garbled.stop() }
            try await withFetcher { fetcher in
                let cutError = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "http://127.0.0.1:\(cut.port)/")!) }
                #expect(cutError == .cannotConnect("connection closed by the server"))
                let garbledError = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "http://127.0.0.1:\(garbled.port)/")!) }
                #expect(garbledError == .cannotConnect("connection closed by the server") || garbledError == .malformed("not an HTTP/1.x status line"),
                        "\(String(describing: garbledError))")
            }
        }

        @Test func redirectsAreFollowedRelativeAndAbsoluteAndCredentialsStayAtTheirOrigin() async throws {
            let other = try ScriptedPeer { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 4\n\ndone") }
            defer { other.stop() }
            let first = try ScriptedPeer { head in
                if head.hasPrefix("GET /start ") {
                    return ScriptedPeer.crlf("HTTP/1.1 301 Moved\nLocation: /next?q=1\nContent-Length: 0\n\n")
                }
                return ScriptedPeer.crlf("HTTP/1.1 307 Temporary\nLocation: http://localhost:\(other.port)/final\nContent-Length: 0\n\n")
            }
            defer { first.stop() }
            let response = try await withFetcher { fetcher in
                try await fetcher.get(URL(string: "http://127.0.0.1:\(first.port)/start")!, headers: [("Authorization", "Bearer secret")])
            }
            #expect(response.body == Array("done".utf8))
            #expect(first.requestHeads.count == 2)
            #expect(first.requestHeads.allSatisfy { $0.contains("Authorization: Bearer secret") })
            #expect(first.requestHeads.last?.hasPrefix("GET /next?q=1 HTTP/1.1") == true)
            // localhost, resolved through /etc/hosts on a thread of its own; another origin.
            let last = try #require(other.requestHeads.first)
            #expect(last.hasPrefix("GET /final HTTP/1.1\r\nHost: localhost:\(other.port)\r\n"))
            #expect(!last.contains("Authorization"))
        }

        @Test func redirectLoopsLongChainsAndOtherSchemesAreMalformed() async throws {
            let peer = try ScriptedPeer { head in
                let path = head.split(separator: " ")[1]
                switch path {
                case "/loop": return ScriptedPeer.crlf("HTTP/1.1 302 Found\nLocation: /loop2\n\n")
                case "/loop2": return ScriptedPeer.crlf("HTTP/1.1 302 Found\nLocation: /loop\n\n")
                case "/file": return ScriptedPeer.crlf("HTTP/1.1 302 Found\nLocation: file:///etc/passwd\n\n")
                default:
                    let step = Int(path.dropFirst(2)) ?? 0
                    return ScriptedPeer.crlf("HTTP/1.1 308 Permanent\nLocation: /c\(step + 1)\n\n")
                }
            }
            defer { peer.stop() }
            try await withFetcher { fetcher in
                let base = "http://127.0.0.1:\(peer.port)"
                let loop = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: base + "/loop")!) }
                #expect(loop == .malformed("redirect loop at \(base)/loop"))
                let chain = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: base + "/c0")!) }
                #expect(chain == .malformed("more than 5 redirects from \(base)/c0"))
                let file = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: base + "/file")!) }
                #expect(file == .malformed("redirect to a location that is not an http(s) URL: file:///etc/passwd"))
            }
        }

        @Test func anIPv6AddressIsConnectedToAndNamedInHost() async throws {
            let peer: ScriptedPeer
            do {
                peer = try ScriptedPeer(ipv6: true) { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 2\n\nv6") }
            } catch {
                // A machine without IPv6 on its loopback: nothing to connect to.
                return
            }
            defer { peer.stop() }
            let response = try await withFetcher { fetcher in try await fetcher.get(URL(string: "http://[::1]:\(peer.port)/six")!) }
            #expect(response.body == Array("v6".utf8))
            #expect(peer.requestHeads.first?.contains("\r\nHost: [::1]:\(peer.port)\r\n") == true)
        }

        @Test func aRequestsHostIsWhatDNSKnowsAndItsTargetIsAsWritten() throws {
            func target(_ text: String, relativeTo base: String? = nil) throws -> HTTPExchange.Target {
                let url = try #require(URL(string: text, relativeTo: base.flatMap { URL(string: $0) }))
                return try HTTPRequest.target(url, headers: [])
            }
            func head(_ target: HTTPExchange.Target) -> String { String(decoding: target.request, as: UTF8.self) }
            // A name in another script is sent in IDNA's ASCII form, as DNS knows it.
            let unicode = try target("http://例え.jp/パス?q=値")
            #expect(unicode.host == "xn--r8jz45g.jp")
            #expect(head(unicode).hasPrefix("GET /%E3%83%91%E3%82%B9?q=%E5%80%A4 HTTP/1.1\r\nHost: xn--r8jz45g.jp\r\n"))
            #expect(try target("https://xn--r8jz45g.jp").host == "xn--r8jz45g.jp")
            let six = try target("http://[::1]:8080/p")
            #expect(six.host == "::1" && six.port == 8080 && head(six).contains("\r\nHost: [::1]:8080\r\n"))
            let relative = try target("/next?a=1", relativeTo: "https://h.example:444/x")
            #expect(relative.host == "h.example" && relative.port == 444 && relative.usesTLS)
            #expect(head(relative).hasPrefix("GET /next?a=1 HTTP/1.1\r\nHost: h.example:444\r\n"))
            #expect(head(try target("http://h.example")).hasPrefix("GET / HTTP/1.1\r\nHost: h.example\r\n"))
            #expect(throws: FetchError.malformed("port 99999 out of range in http://h:99999/")) { try target("http://h:99999/") }
        }

        @Test func anUnknownNameSaysItCannotBeResolved() async throws {
            let error = try await withFetcher { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "http://no-such-host.invalid/")!) }
            }
            #expect(error == .cannotResolve(host: "no-such-host.invalid"))
            #expect(error?.description == "cannot resolve no-such-host.invalid")
        }

        @Test func headersThatWouldSplitTheRequestAreNotSent() async throws {
            let peer = try ScriptedPeer { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 0\n\n") }
            defer { peer.stop() }
            try await withFetcher { fetcher in
                let url = URL(string: "http://127.0.0.1:\(peer.port)/")!
                let value = await fetchError { () async throws(FetchError) in try await fetcher.get(url, headers: [("X-A", "1\r\nX-Injected: 1")]) }
                #expect(value == .malformed("header X-A with a line break"))
                let name = await fetchError { () async throws(FetchError) in try await fetcher.get(url, headers: [("X A", "1")]) }
                #expect(name == .malformed("header name \"X A\""))
            }
            #expect(peer.requestHeads.isEmpty)
        }

        @Test func tlsWithATrustedAuthorityReadsTheResponse() async throws {
            let server = try TLSTestServer()
            defer { server.stop() }
            let configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(2), totalTimeout: .seconds(5), certificateAuthorities: TLSTestServer.authority)
            try await withFetcher(configuration: configuration) { fetcher in
                let hello = try await fetcher.get(URL(string: "https://localhost:\(server.port)/hello")!)
                #expect(String(decoding: hello.body, as: UTF8.self) == "hello over TLS, 你好")
                let chunked = try await fetcher.get(URL(string: "https://localhost:\(server.port)/chunked")!)
                #expect(chunked.body == Array("chunked!".utf8))
            }
        }

        @Test func tlsRefusesAnUntrustedCertificateAndOneForAnotherName() async throws {
            let server = try TLSTestServer()
            defer { server.stop() }
            // The system's authorities do not know the test authority.
            let untrusted = try await withFetcher { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "https://localhost:\(server.port)/hello")!) }
            }
            #expect(untrusted == .certificate("certificate not trusted: localhost is signed by an unknown authority"), "\(String(describing: untrusted))")
            // Trusted, but the certificate names localhost, not 127.0.0.1.
            let configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(2), totalTimeout: .seconds(5), certificateAuthorities: TLSTestServer.authority)
            let otherName = try await withFetcher(configuration: configuration) { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "https://127.0.0.1:\(server.port)/hello")!) }
            }
            #expect(otherName == .certificate("certificate is for localhost, not 127.0.0.1"), "\(String(describing: otherName))")
        }

        @Test func tlsToAServerThatSpeaksPlainHTTPFailsAtOnce() async throws {
            let peer = try ScriptedPeer(answersAtOnce: true) { _ in ScriptedPeer.crlf("HTTP/1.1 400 Bad Request\nContent-Length: 0\n\n") }
            defer { peer.stop() }
            let started = ContinuousClock.now
            let error = try await withFetcher { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "https://127.0.0.1:\(peer.port)/")!) }
            }
            guard case .cannotConnect(let reason) = error else {
                Issue.record("expected .cannotConnect, got \(String(describing: error))")
                return
            }
            #expect(reason.hasPrefix("TLS") || reason.contains("closed"), "\(reason)")
            #expect(ContinuousClock.now - started < .seconds(1))
        }

        @Test func aServerThatNeverAnswersTheTLSHandshakeWaitsForTheConnectTimeout() async throws {
            // Accepts the connection and reads the client's hello, but says nothing back.
            let peer = try ScriptedPeer(holdOpen: true) { _ in [] }
            defer { peer.stop() }
            let configuration = HTTPFetcher.Configuration(connectTimeout: .milliseconds(600), totalTimeout: .seconds(5))
            let started = ContinuousClock.now
            let error = try await withFetcher(configuration: configuration) { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "https://127.0.0.1:\(peer.port)/")!) }
            }
            let elapsed = ContinuousClock.now - started
            #expect(error == .cannotConnect("TLS handshake with 127.0.0.1 timed out"))
            #expect(elapsed >= .milliseconds(550) && elapsed < .seconds(3), "elapsed \(elapsed)")
        }

        /// Damaged responses over a real connection, delivered in small pieces: each request
        /// ends in a response or a FetchError, never hangs (a bounded budget: 150).
        @Test func fuzzedResponsesOverARealConnectionEndInAResultOrAnError() async throws {
            let replies = Mutex<[[UInt8]]>([])
            let peer = try ScriptedPeer(pieceSize: 13) { _ in replies.withLock { $0.isEmpty ? [] : $0.removeFirst() } }
            defer { peer.stop() }
            var random = SplitMix64(seed: 0x7469_6C65)
            let sample = ScriptedPeer.crlf("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\nETag: \"x\"\n\n5\nhello\n0\n\n")
            let configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(1), totalTimeout: .seconds(2), maxBodyBytes: 1000)
            var ended = 0
            try await withFetcher(configuration: configuration) { fetcher in
                for _ in 0..<150 {
                    var bytes = sample
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    if Bool.random(using: &random) { bytes[at] = UInt8.random(in: 0...255, using: &random) } else { bytes.removeSubrange(at...) }
                    replies.withLock { $0.append(bytes) }
                    let started = ContinuousClock.now
                    _ = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "http://127.0.0.1:\(peer.port)/")!) }
                    // Well before a hang: the deadline is 2 s; the margin is for a machine busy with
                    // the other tests (a CI run once took 4.7 s for one request).
                    #expect(ContinuousClock.now - started < .seconds(8))
                    ended += 1
                }
            }
            #expect(ended == 150)
        }

        @Test func theNetworkThreadKeepsNoTimerOnceRequestsHaveEnded() async throws {
            let peer = try ScriptedPeer { _ in ScriptedPeer.crlf("HTTP/1.1 200 OK\nContent-Length: 0\n\n") }
            defer { peer.stop() }
            try await withFetcher { fetcher in
                _ = try await fetcher.get(URL(string: "http://127.0.0.1:\(peer.port)/")!)
                _ = await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "http://127.0.0.1:9/")!) }
            }
            // Nothing due: the thread sleeps in epoll_wait without a timeout until the next job.
            #expect(await Reactor.network.timerCount() == 0)
        }

        static func chunked(_ body: [UInt8], size: Int) -> [UInt8] {
            var out: [UInt8] = []
            var offset = 0
            while offset < body.count {
                let piece = body[offset..<min(body.count, offset + size)]
                out += Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
                offset += piece.count
            }
            return out + Array("0\r\n\r\n".utf8)
        }
    }
}


/// `Fixtures/tls/serve.py`: a TLS server with a certificate for localhost from a test authority.
final class TLSTestServer {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tls")
    /// The test authority's certificate, which signed the server's.
    static var authority: String { directory.appendingPathComponent("ca.pem").path }

    let port: Int
    private let process = Process()
    private let input = Pipe()

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.directory.appendingPathComponent("serve.py").path,
                             Self.directory.appendingPathComponent("server.pem").path, Self.directory.appendingPathComponent("server.key").path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError("TLS test server printed no port")
        }
        self.port = port
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
