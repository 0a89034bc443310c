import Foundation
import Testing
@testable import TileWidgets
#if canImport(Glibc)
import Glibc
import TileUI
import TileBase
#endif

extension NetworkSuite {
    @Suite struct HTTPFetcherTests {
        @Test func successReturnsStatusHeadersAndBodyAndSendsUserAgent() async throws {
            try await LocalHTTPServer.with(routes: [
                "/hello": { _ in .respond(status: 200, headers: [("X-Thing", "1")], body: Array("hi".utf8)) },
            ]) { server in
                let response = try await withFetcher { fetcher in
                    try await fetcher.get(server.baseURL.appendingPathComponent("hello"))
                }
                #expect(response.status == 200)
                #expect(response.body == Array("hi".utf8))
                #expect(response.header("x-thing") == "1")
                #expect(!response.isNotModified)
                #expect(!response.wasRevalidated)
                let seen = try #require(server.requests(to: "/hello").first)
                #expect(seen.header("User-Agent") == "tiles/9.9.9 (+https://github.com/tiles)")
            }
        }

        @Test func notModifiedReturnsTheStoredBody() async throws {
            try await LocalHTTPServer.with(routes: [
                "/data": { request in
                    if request.header("If-None-Match") == #""v1""# {
                        return .respond(status: 304, headers: [("ETag", #""v1""#)], body: [])
                    }
                    return .respond(status: 200, headers: [("ETag", #""v1""#)], body: Array("payload".utf8))
                },
            ]) { server in
                let url = server.baseURL.appendingPathComponent("data")
                let (first, second) = try await withFetcher { fetcher in
                    (try await fetcher.get(url), try await fetcher.get(url))
                }
                #expect(first.status == 200 && !first.wasRevalidated)
                #expect(second.isNotModified)
                #expect(second.wasRevalidated)
                #expect(second.body == Array("payload".utf8))
                let requests = server.requests(to: "/data")
                #expect(requests.count == 2)
                #expect(requests.first?.header("If-None-Match") == nil)
                #expect(requests.last?.header("If-None-Match") == #""v1""#)
            }
        }

        @Test func connectionRefusedSaysSoAtOnceNotAfterTheConnectTimeout() async throws {
            let port = try await LocalHTTPServer.unusedPort()
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/quote"))
            try await withFetcher(configuration: .init()) { fetcher in
                // Twice: the first request also builds the connection pool.
                for _ in 0..<2 {
                    let started = ContinuousClock.now
                    let error = await fetchError { () async throws(FetchError) in try await fetcher.get(url) }
                    let elapsed = ContinuousClock.now - started
                    #expect(error?.description == "cannot connect to 127.0.0.1:\(url.port ?? 0): connection refused")
                    // The default connect timeout is 3 s; a refusal must not wait for it (the bound
                    // leaves room for a loaded 2-core machine running the whole suite).
                    #expect(elapsed < .milliseconds(2500), "elapsed \(elapsed)")
                }
            }
        }

        @Test func aPeerThatNeverCompletesTheHandshakeWaitsForTheConnectTimeout() async throws {
            let peer = try SilentPeer()
            defer { peer.close() }
            let url = try #require(URL(string: "http://127.0.0.1:\(peer.port)/quote"))
            let configuration = HTTPFetcher.Configuration(connectTimeout: .milliseconds(700), totalTimeout: .seconds(5))
            let started = ContinuousClock.now
            let error = try await withFetcher(configuration: configuration) { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(url) }
            }
            let elapsed = ContinuousClock.now - started
            #expect(error == .cannotConnect("cannot connect to 127.0.0.1:\(peer.port): timed out"), "\(String(describing: error))")
            #expect(elapsed >= .milliseconds(650) && elapsed < .seconds(4), "elapsed \(elapsed)")
        }

        @Test func silentServerTimesOutAtTheTotalTimeoutWithoutSpinning() async throws {
            try await LocalHTTPServer.with(routes: ["/slow": { _ in .hang }]) { server in
                let url = server.baseURL.appendingPathComponent("slow")
                let configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(1), totalTimeout: .milliseconds(1500))
                try await withFetcher(configuration: configuration) { fetcher in
                    // Another suite's work can land in the same process window; a spinning
                    // client fails every attempt, interference does not repeat each time.
                    var ratios: [Double] = []
                    for _ in 0..<3 {
                        let cpuBefore = processCPUSeconds()
                        let started = ContinuousClock.now
                        let error = await fetchError { () async throws(FetchError) in try await fetcher.get(url) }
                        let elapsed = ContinuousClock.now - started
                        let cpu = processCPUSeconds() - cpuBefore
                        #expect(error == .timedOut)
                        #expect(elapsed >= .milliseconds(1400) && elapsed < .seconds(4), "elapsed \(elapsed)")
                        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                        ratios.append(cpu / wall)
                        if cpu / wall < 0.2 { break }
                    }
                    #expect(ratios.contains { $0 < 0.2 }, "CPU/wall ratios while waiting: \(ratios)")
                }
            }
        }

        @Test func bodyThatStallsTimesOut() async throws {
            try await LocalHTTPServer.with(routes: [
                "/stall": { _ in .stallBody(partialBody: Array(repeating: 65, count: 100)) },
            ]) { server in
                let configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(1), totalTimeout: .seconds(1))
                let started = ContinuousClock.now
                let error = try await withFetcher(configuration: configuration) { fetcher in
                    await fetchError { () async throws(FetchError) in
                        try await fetcher.get(server.baseURL.appendingPathComponent("stall"))
                    }
                }
                #expect(error == .timedOut)
                #expect(ContinuousClock.now - started < .seconds(4))
            }
        }

        @Test func serverErrorIsHTTPWithTheJSONMessage() async throws {
            try await LocalHTTPServer.with(routes: [
                "/boom": { _ in .json(#"{"message":"database \u001b[31mdown"}"#, status: 500) },
                "/bare": { _ in .respond(status: 502, headers: [], body: Array("<html>bad gateway</html>".utf8)) },
                "/reason": { _ in .json(#"{"error":true,"reason":"Cannot initialize WeatherVariable"}"#, status: 400) },
            ]) { server in
                try await withFetcher { fetcher in
                    let boom = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("boom")) }
                    #expect(boom == .http(status: 500, message: "database down"))
                    #expect(boom?.description == "HTTP 500")
                    #expect(boom?.detail == "HTTP 500: database down")
                    let bare = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("bare")) }
                    #expect(bare == .http(status: 502, message: nil))
                    #expect(bare?.description == "HTTP 502")
                    let reason = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("reason")) }
                    #expect(reason == .http(status: 400, message: "Cannot initialize WeatherVariable"))
                }
            }
        }

        @Test func tooManyRequestsHonoursRetryAfterSecondsFromTheInjectedClock() async throws {
            try await LocalHTTPServer.with(routes: [
                "/limited": { _ in .json(#"{"message":"slow down"}"#, status: 429, headers: [("Retry-After", "120")]) },
                "/dated": { _ in .json("{}", status: 429, headers: [("Retry-After", "Wed, 01 May 2024 06:30:00 GMT")]) },
            ]) { server in
                try await withFetcher { fetcher in
                    let error = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("limited")) }
                    #expect(error == .rateLimited(until: testNow.addingTimeInterval(120)))
                    #expect(error?.retryAfter == testNow.addingTimeInterval(120))
                    #expect(error?.description(in: Zone(identifier: "Asia/Shanghai")!) == "rate limited until 14:02")
                    let dated = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("dated")) }
                    #expect(dated == .rateLimited(until: testNow.addingTimeInterval(30 * 60)))
                }
            }
        }

        @Test func forbiddenWithNoRemainingQuotaIsRateLimitedUntilTheReset() async throws {
            let reset = 1_714_546_800
            try await LocalHTTPServer.with(routes: [
                "/quota": { _ in
                    .json(#"{"message":"API rate limit exceeded"}"#, status: 403, headers: [
                        ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", String(reset)),
                    ])
                },
                "/forbidden": { _ in .json(#"{"message":"Resource not accessible"}"#, status: 403, headers: [("x-ratelimit-remaining", "42")]) },
            ]) { server in
                try await withFetcher { fetcher in
                    let quota = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("quota")) }
                    #expect(quota == .rateLimited(until: Date(timeIntervalSince1970: TimeInterval(reset))))
                    #expect(quota?.description(in: Zone(identifier: "UTC")!) == "rate limited until 07:00")
                    let forbidden = await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("forbidden")) }
                    #expect(forbidden == .http(status: 403, message: "Resource not accessible"))
                }
            }
        }

        @Test(arguments: [true, false])
        func bodyOverTheLimitIsTooLarge(declareLength: Bool) async throws {
            try await LocalHTTPServer.with(routes: [
                "/huge": { _ in .stream(chunk: Array(repeating: 0x41, count: 64 * 1024), repeats: 160, declareLength: declareLength) },
            ]) { server in
                let error = try await withFetcher { fetcher in
                    await fetchError { () async throws(FetchError) in try await fetcher.get(server.baseURL.appendingPathComponent("huge")) }
                }
                #expect(error == .tooLarge)
            }
        }

        @Test func cancellingTheWaitingTaskIsCancelled() async throws {
            try await LocalHTTPServer.with(routes: ["/slow": { _ in .hang }]) { server in
                let error = try await withFetcher { fetcher in
                    let task = Task {
                        await fetchError { () async throws(FetchError) in
                            try await fetcher.get(server.baseURL.appendingPathComponent("slow"))
                        }
                    }
                    let deadline = ContinuousClock.now + .seconds(4)
                    while server.requests(to: "/slow").isEmpty && ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    task.cancel()
                    return await task.value
                }
                #expect(server.requests(to: "/slow").count == 1)
                #expect(error == .cancelled)
            }
        }

        @Test func nonHTTPURLIsRejectedBeforeConnecting() async throws {
            let error = try await withFetcher { fetcher in
                await fetchError { () async throws(FetchError) in try await fetcher.get(URL(string: "file:///etc/passwd")!) }
            }
            guard case .malformed(let reason) = error else {
                Issue.record("expected .malformed, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("file:///etc/passwd"))
        }
    }
}

@Suite struct FetchErrorTests {
    @Test func descriptionsAreShortStatusTexts() {
        #expect(FetchError.offline("cannot connect to x:1: connection refused").description == "offline")
        #expect(FetchError.timedOut.description == "timed out")
        #expect(FetchError.rateLimited(until: nil).description == "rate limited")
        #expect(FetchError.http(status: 500, message: nil).description == "HTTP 500")
        #expect(FetchError.http(status: 404, message: "branch not found: a/b@main").description == "branch not found: a/b@main")
        #expect(FetchError.tooLarge.description == "response too large")
        #expect(FetchError.malformed("x").detail == "bad response: x")
        #expect(FetchError.timedOut.retryAfter == nil)
    }

    @Test func retryAfterAcceptsSecondsAndHTTPDates() {
        #expect(FetchError.retryDate(from: " 60 ", now: testNow) == testNow.addingTimeInterval(60))
        #expect(FetchError.retryDate(from: "Wed, 01 May 2024 06:00:10 GMT", now: testNow) == testNow.addingTimeInterval(10))
        #expect(FetchError.retryDate(from: "soon", now: testNow) == nil)
    }
}

@Suite struct FileETagStoreTests {
    @Test func entriesSurviveANewStoreAndLeaveNoTemporaryFiles() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiles-etag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try #require(URL(string: "https://api.github.com/repos/a/b/branches/main"))
        let other = try #require(URL(string: "https://api.github.com/repos/a/b/branches/dev"))

        FileETagStore(directory: directory).store(url: url, etag: #"W/"1""#, body: [1, 2, 3])
        FileETagStore(directory: directory).store(url: url, etag: #"W/"2""#, body: [4, 5])

        let reopened = FileETagStore(directory: directory)
        let entry = try #require(reopened.lookup(url: url))
        #expect(entry.etag == #"W/"2""#)
        #expect(entry.body == [4, 5])
        #expect(reopened.lookup(url: other) == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        #expect(files.allSatisfy { $0.hasSuffix(".json") && !$0.hasPrefix(".") })
    }

    @Test func aRemovedEntryIsForgottenForGood() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiles-etag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try #require(URL(string: "https://api.github.com/repos/a/b/branches/main"))
        FileETagStore(directory: directory).store(url: url, etag: #""1""#, body: [1])
        FileETagStore(directory: directory).remove(url: url)
        #expect(FileETagStore(directory: directory).lookup(url: url) == nil)
        FileETagStore(directory: directory).remove(url: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func unreadableEntryIsAMiss() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiles-etag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileETagStore(directory: directory)
        let url = try #require(URL(string: "https://example.com/x"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: store.fileURL(for: url))
        #expect(store.lookup(url: url) == nil)
    }
}

/// A listening socket on 127.0.0.1 that never accepts, its backlog filled: the kernel drops any
/// further SYN, so a new connection neither opens nor fails until the client gives up.
private final class SilentPeer {
    let port: Int
    private var descriptors: [Int32] = []

    init() throws {
        let (listener, port) = try Loopback.listen(backlog: 0)
        descriptors.append(listener)
        self.port = port
        // Connect until one connection stays pending: from then on the accept queue is full.
        for _ in 0..<16 {
            let filler = Loopback.startConnecting(to: port)
            descriptors.append(filler)
            var poll = pollfd(fd: filler, events: Int16(POLLOUT), revents: 0)
            if Glibc.poll(&poll, 1, 300) == 0 { return }
        }
        throw ServerError("silent peer: every connection completed; the backlog never filled")
    }

    func close() {
        for descriptor in descriptors { Glibc.close(descriptor) }
        descriptors = []
    }
}

/// HTTP dates read by hand: the three forms of RFC 9110, the same instants Foundation's
/// DateFormatter reads with the patterns tiles used before, and nothing else.
@Suite struct HTTPDateTests {
    @Test func readsTheThreeForms() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("  Thu, 29 Feb 2024 23:59:59 GMT ") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test func refusesOthers() {
        for text in ["", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
                     "Sun, 06 Nox 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT", "Thu, 29 Feb 2023 00:00:00 GMT",
                     "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov -994 08:49:37 GMT",
                     "Sun Nov  6 08:49:37 94", "2026-11-24T08:00:00Z"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    /// Mutations of valid dates (bytes changed, dropped, doubled) for a bounded budget: refused
    /// or read as a real instant, never a trap.
    @Test func damagedDatesNeverTrap() {
        var state: UInt64 = 7231
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let valid = ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"]
        for _ in 0..<20_000 {
            var bytes = Array(valid[next() % 3].utf8)
            for _ in 0..<(1 + next() % 3) where !bytes.isEmpty {
                let index = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[index], at: index)
                }
            }
            if let date = HTTPDate.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(date.timeIntervalSince1970.isFinite)
            }
        }
    }

    /// Random instants from 1950 to 2044 written in each form: read as Foundation's DateFormatter
    /// reads them.
    @Test func readsWhatFoundationReads() {
        let patterns = ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"]
        let formatters = patterns.map { pattern in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = pattern
            return formatter
        }
        var state: UInt64 = 9110
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let date = Date(timeIntervalSince1970: Double(Int(state >> 20) % 2_997_972_000 - 631_152_000))
            for formatter in formatters {
                let text = formatter.string(from: date).replacingOccurrences(of: #"^(\w+) (\w+) (\d) "#, with: "$1 $2  $3 ", options: .regularExpression)
                #expect(HTTPDate.parse(text) == date, "\(text)")
                #expect(formatter.date(from: text.replacingOccurrences(of: "  ", with: " ")) == date)
            }
        }
    }
}
