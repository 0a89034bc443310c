import Foundation
import Testing
import TileUISamples
@testable import TileWidgets

/// The HTTP/1.1 response reader on its own: framing, interim responses, limits, and the same
/// result however the bytes are split into reads.
@Suite struct HTTPResponseParserTests {
    /// The outcome of reading `bytes` delivered in pieces of the given sizes (the rest in one),
    /// then the end of the connection when the response is not complete by then.
    static func read(_ bytes: [UInt8], limit: Int = 1 << 20, pieces: [Int] = []) -> Result<FetchResponse, HTTPResponseParser.Failure> {
        var parser = HTTPResponseParser(maximumBodyBytes: limit)
        var offset = 0
        var sizes = pieces[...]
        do throws(HTTPResponseParser.Failure) {
            while offset < bytes.count {
                let size = min(bytes.count - offset, max(1, sizes.popFirst() ?? bytes.count))
                let outcome = bytes[offset..<offset + size].withUnsafeBytes { piece in
                    Result { () throws(HTTPResponseParser.Failure) in try parser.consume(piece) }
                }
                let complete = try outcome.get()
                offset += size
                if complete { break }
            }
            try parser.finish()
        } catch {
            return .failure(error)
        }
        return parser.response.map { .success($0) } ?? .failure(.truncated)
    }

    static func text(_ http: String) -> [UInt8] {
        ScriptedPeer.crlf(http)
    }

    /// Status, fields and body of a result, comparable.
    static func summary(_ result: Result<FetchResponse, HTTPResponseParser.Failure>) -> String {
        switch result {
        case .success(let response):
            let fields = response.headers.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
            return "\(response.status) [\(fields)] \(response.body)"
        case .failure(let failure):
            return "\(failure)"
        }
    }

    @Test func aContentLengthBodyIsReadToItsLengthAndWhatFollowsIgnored() throws {
        let response = try Self.read(Self.text("HTTP/1.1 200 OK\nContent-Length: 5\nX-A:  spaced value \t\n\nhelloEXTRA")).get()
        #expect(response.status == 200)
        #expect(response.body == Array("hello".utf8))
        #expect(response.header("x-a") == "spaced value")
    }

    @Test func aChunkedBodyIsJoinedWithExtensionsAndTrailersIgnored() throws {
        let http = "HTTP/1.1 200 OK\nTransfer-Encoding: gzip, chunked\n\n4;name=v\nWiki\n5\npedia\nE\n in\n\nchunks.\n0\nExpires: never\n\n"
        let response = try Self.read(Self.text(http)).get()
        #expect(String(decoding: response.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
    }

    /// List elements lose the spaces and tabs around them (RFC 9110 §5.6.1), and nothing else.
    @Test func listElementsAreTrimmedOfSpacesAndTabs() throws {
        let repeated = try Self.read(Self.text("HTTP/1.1 200 OK\nContent-Length: 5 ,\t5\t\n\nhello")).get()
        #expect(repeated.body == Array("hello".utf8))
        let chunked = try Self.read(Self.text("HTTP/1.1 200 OK\nTransfer-Encoding:\tgzip\t,  CHUNKED \n\n2\nok\n0\n\n")).get()
        #expect(chunked.body == Array("ok".utf8))
        // A no-break space is not HTTP's whitespace: the length is not a number.
        let error = Self.read(Self.text("HTTP/1.1 200 OK\nContent-Length: 5\u{A0}\n\nhello"))
        #expect(Self.summary(error).contains("bad Content-Length"), "\(Self.summary(error))")
    }

    @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
        let response = try Self.read(Self.text("HTTP/1.0 200 OK\n\nuntil the end")).get()
        #expect(response.body == Array("until the end".utf8))
    }

    @Test func interimResponsesAreSkippedAndBareLineFeedsAccepted() throws {
        let response = try Self.read(Array("HTTP/1.1 100 Continue\n\nHTTP/1.1 103 Early Hints\nLink: </a>\n\nHTTP/1.1 201 Created\nContent-Length: 2\n\nok".utf8)).get()
        #expect(response.status == 201)
        #expect(response.body == Array("ok".utf8))
        #expect(response.header("Link") == nil)
    }

    @Test func noContentAndNotModifiedHaveNoBodyWhateverTheyDeclare() throws {
        for status in [204, 304] {
            let response = try Self.read(Self.text("HTTP/1.1 \(status) X\nContent-Length: 10\n\n")).get()
            #expect(response.status == status && response.body.isEmpty)
        }
    }

    @Test(arguments: [
        ("HTTP/2 200 OK\n\n", "not an HTTP/1.x status line"),
        ("HTTP/1.1 20 OK\n\n", "not an HTTP/1.x status line"),
        ("HTTP/1.1 099 Low\n\n", "status code 99"),
        ("ICY 200 OK\n\n", "not an HTTP/1.x status line"),
        ("HTTP/1.1 200 OK\nContent-Length: 5\nContent-Length: 6\n\nhello", "bad Content-Length"),
        ("HTTP/1.1 200 OK\nContent-Length: -1\n\n", "bad Content-Length"),
        ("HTTP/1.1 200 OK\nContent-Length: 99999999999999999999\n\n", "bad Content-Length"),
        ("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\nzz\nab\n0\n\n", "bad chunk size"),
        ("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nabc\n0\n\n", "chunk longer than its size"),
        ("HTTP/1.1 200 OK\nTransfer-Encoding: chunked, chunked\n\n", "chunked twice"),
        ("HTTP/1.1 200 OK\nX-A: 1\n continued\n\n", "folded or empty header field line"),
        ("HTTP/1.1 200 OK\nBad Name: 1\n\n", "header field name with a forbidden byte"),
        ("HTTP/1.1 200 OK\n: no name\n\n", "header field without a name"),
        ("HTTP/1.1 101 Switching Protocols\n\n", "the server switched protocols"),
    ])
    func malformedResponsesSayWhy(http: String, reason: String) {
        #expect(Self.summary(Self.read(Self.text(http))) == "\(HTTPResponseParser.Failure.malformed(reason))")
    }

    @Test func limitsOnTheHeadHoldWhateverThePeerSends() {
        let endless = Array("HTTP/1.1 200 OK\r\nX: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000)
        #expect(Self.summary(Self.read(endless, pieces: [1000])) == "malformed(\"response head over 64 KiB\")")
        let fields = "HTTP/1.1 200 OK\n" + String(repeating: "A: b\n", count: 300) + "\n"
        #expect(Self.summary(Self.read(Self.text(fields))) == "malformed(\"more than 256 header fields\")")
        let longChunkLine = Self.text("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n1;") + Array(repeating: 0x78, count: 5000)
        #expect(Self.summary(Self.read(longChunkLine)) == "malformed(\"chunk size line too long\")")
    }

    @Test func aSuccessBodyOverTheLimitFailsAndAnErrorBodyIsDropped() {
        #expect(Self.summary(Self.read(Self.text("HTTP/1.1 200 OK\nContent-Length: 11\n\nhello world"), limit: 10)) == "tooLarge")
        #expect(Self.summary(Self.read(Self.text("HTTP/1.1 200 OK\n\nhello world"), limit: 10)) == "tooLarge")
        let error = Self.read(Self.text("HTTP/1.1 500 Oops\nTransfer-Encoding: chunked\n\nb\nhello world\n0\n\n"), limit: 10)
        #expect(Self.summary(error) == "500 [Transfer-Encoding=chunked] []")
    }

    @Test func aResponseCutShortIsTruncated() {
        for http in ["HTTP/1.1 200 OK\nContent-Length: 10\n\nhello", "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n5\nhello\n", "HTTP/1.1 200 OK\nContent-"] {
            #expect(Self.summary(Self.read(Self.text(http))) == "truncated", "\(http)")
        }
    }

    /// Random damage to valid responses, each read whole and in random pieces: never a trap, and
    /// the same outcome however the bytes arrive (a bounded budget: 4,000 cases).
    @Test func fuzzedResponsesGiveTheSameOutcomeInAnyPiecesAndNeverTrap() {
        let samples = [
            "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 17\nETag: \"v1\"\n\n{\"hitokoto\":\"一\"}",
            "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n4;x=y\nWiki\n5\npedia\n0\nT: 1\n\n",
            "HTTP/1.1 100 Continue\n\nHTTP/1.1 404 Not Found\nContent-Length: 2\n\n{}",
            "HTTP/1.0 302 Found\nLocation: /elsewhere\n\nmoved",
        ].map(Self.text)
        let insertions: [[UInt8]] = [[13, 10], [10], [13], [0], Array(": ".utf8), Array("\r\n\r\n".utf8), Array("Content-Length: 3\r\n".utf8),
                                     Array("Transfer-Encoding: chunked\r\n".utf8), Array("ffffffffffffffff\r\n".utf8), [0xFF, 0xFE], Array("HTTP/1.1 ".utf8)]
        var random = SplitMix64(seed: 0x4854_5450)
        var outcomes: [String: Int] = [:]
        for _ in 0..<4000 {
            var bytes = samples[Int.random(in: 0..<samples.count, using: &random)]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.removeSubrange(at...)
                case 1 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 2: bytes.insert(contentsOf: insertions[Int.random(in: 0..<insertions.count, using: &random)], at: at)
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
                }
            }
            let whole = Self.summary(Self.read(bytes, limit: 64))
            let pieces = (0..<8).map { _ in Int.random(in: 1...7, using: &random) }
            let split = Self.summary(Self.read(bytes, limit: 64, pieces: pieces + Array(repeating: 1, count: bytes.count)))
            #expect(whole == split, "\(bytes)")
            outcomes[String(whole.prefix(12)), default: 0] += 1
        }
        // The damage reached every kind of outcome, so the cases were not all alike.
        #expect(outcomes.keys.contains { $0.hasPrefix("200") } && outcomes.keys.contains { $0.hasPrefix("malformed") })
        #expect(outcomes.keys.contains("truncated") && outcomes.keys.contains("tooLarge"))
    }
}
