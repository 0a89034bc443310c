import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads one HTTP/1.1 response to a GET from the bytes a connection delivers, in pieces of any
/// size: the head, then the body framed by `Transfer-Encoding: chunked`, `Content-Length`, or
/// the end of the connection (RFC 9112 §6.3). Interim responses (1xx) are skipped.
///
/// Whatever the peer sends, it ends in a response or a ``Failure``, never a trap: the head is
/// limited to ``maximumHeadBytes``, a chunk-size line to 1 KiB, and the body to the limit given.
/// A success body over the limit fails with `.tooLarge`; an error body over it is dropped (it
/// is only wanted for its message) and the response kept.
struct HTTPResponseParser {
    /// Why a response could not be read.
    enum Failure: Error, Equatable {
        /// Not HTTP/1.x, or framed in a way the RFC forbids.
        case malformed(String)
        /// A success body over the limit.
        case tooLarge
        /// The connection ended before the response did.
        case truncated
    }

    /// The most bytes a response's head (status line and header fields) may take.
    static let maximumHeadBytes = 64 * 1024
    /// The most header fields a response may have.
    static let maximumFields = 256

    private enum Framing {
        case length(Int)
        case chunked
        case untilClose
    }

    private enum State {
        case head
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
        case done
    }

    private let limit: Int
    private var state = State.head
    private var pending: [UInt8] = []
    private var status = 0
    private var fields: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    private var discardsBody = false

    /// A parser for a response whose body may be at most `maximumBodyBytes`.
    init(maximumBodyBytes: Int) {
        limit = maximumBodyBytes
    }

    /// The response, once ``isComplete``.
    var response: FetchResponse? {
        guard case .done = state else { return nil }
        return FetchResponse(status: status, headers: fields, body: discardsBody ? [] : body)
    }

    /// Whether the whole response has been read.
    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Takes the next bytes from the connection; returns whether the response is now complete
    /// (bytes after its end are ignored: the client sends `Connection: close`).
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Bool {
        var input = bytes[...]
        while !input.isEmpty {
            switch state {
            case .head:
                try takeHead(&input)
            case .body(let remaining):
                let left = try takeBody(&input, remaining: remaining)
                state = left == 0 ? .done : .body(remaining: left)
            case .chunkSize:
                guard let line = try takeLine(&input, limit: 1024, what: "chunk size line") else { break }
                let size = try Self.chunkSize(line)
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let left = try takeBody(&input, remaining: remaining)
                state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
            case .chunkDataEnd:
                guard let line = try takeLine(&input, limit: 2, what: "end of chunk") else { break }
                guard line.isEmpty else { throw .malformed("chunk longer than its size") }
                state = .chunkSize
            case .trailers:
                // Trailer fields are read and ignored, within the head's limit.
                guard let line = try takeLine(&input, limit: Self.maximumHeadBytes, what: "trailer") else { break }
                if line.isEmpty { state = .done }
            case .untilClose:
                try appendBody(input)
                input = input.dropFirst(input.count)
            case .done:
                return true
            }
        }
        return isComplete
    }

    /// The connection has ended: completes a response read to the end of the connection;
    /// any other unfinished response was cut short.
    mutating func finish() throws(Failure) {
        switch state {
        case .done:
            return
        case .untilClose:
            state = .done
        default:
            throw .truncated
        }
    }

    // MARK: The head

    private mutating func takeHead(_ input: inout Slice<UnsafeRawBufferPointer>) throws(Failure) {
        let before = pending.count
        guard let end = Self.endOfHead(in: input, after: pending) else {
            guard pending.count + input.count <= Self.maximumHeadBytes else {
                throw .malformed("response head over \(Self.maximumHeadBytes / 1024) KiB")
            }
            pending.append(contentsOf: input)
            input = input.dropFirst(input.count)
            return
        }
        // `end` counts bytes of `input` up to and including the blank line.
        guard before + end <= Self.maximumHeadBytes else {
            throw .malformed("response head over \(Self.maximumHeadBytes / 1024) KiB")
        }
        pending.append(contentsOf: input.prefix(end))
        input = input.dropFirst(end)
        let head = pending
        pending = []
        try readHead(head)
    }

    /// How many bytes of `input` end the head (through its blank line, CRLF or bare LF), given
    /// the `earlier` bytes of it; nil when the head has not ended yet.
    private static func endOfHead(in input: Slice<UnsafeRawBufferPointer>, after earlier: [UInt8]) -> Int? {
        // The last two bytes before `input` decide a blank line split across pieces.
        var previous: UInt8 = earlier.last ?? 0
        var beforePrevious: UInt8 = earlier.count >= 2 ? earlier[earlier.count - 2] : 0
        // A head starts with a status line, so an LF as the very first byte ends nothing.
        var offset = 0
        for byte in input {
            offset += 1
            if byte == 0x0A {
                let total = earlier.count + offset
                if total > 1 && (previous == 0x0A || (previous == 0x0D && beforePrevious == 0x0A)) {
                    return offset
                }
            }
            beforePrevious = previous
            previous = byte
        }
        return nil
    }

    private mutating func readHead(_ head: [UInt8]) throws(Failure) {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw .malformed("empty response head") }
        status = try Self.status(in: statusLine)
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let first = line.first, !Self.isWhitespace(first) else {
                throw .malformed("folded or empty header field line")
            }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                throw .malformed("header field without a name")
            }
            let name = line[..<colon]
            guard name.allSatisfy(HTTPRequest.isTokenByte) else { throw .malformed("header field name with a forbidden byte") }
            let value = line[line.index(after: colon)...].drop(while: Self.isWhitespace)
            let trimmed = value.reversed().drop(while: Self.isWhitespace).reversed()
            guard !trimmed.contains(where: { $0 == 0x00 || $0 == 0x0D }) else {
                throw .malformed("header field value with a forbidden byte")
            }
            fields.append((String(decoding: name, as: UTF8.self), String(decoding: trimmed, as: UTF8.self)))
            guard fields.count <= Self.maximumFields else { throw .malformed("more than \(Self.maximumFields) header fields") }
        }
        // An interim response: the real one follows.
        if (100..<200).contains(status) {
            guard status != 101 else { throw .malformed("the server switched protocols") }
            status = 0
            state = .head
            return
        }
        self.fields = fields
        switch try Self.framing(status: status, fields: fields) {
        case .length(let length):
            if length > limit { try overLimit() }
            state = length == 0 ? .done : .body(remaining: length)
        case .chunked:
            state = .chunkSize
        case .untilClose:
            state = .untilClose
        }
    }

    /// The code of a status line `HTTP/1.x NNN reason`.
    private static func status(in line: ArraySlice<UInt8>) throws(Failure) -> Int {
        let prefix = Array("HTTP/1.".utf8)
        let bytes = Array(line)
        guard bytes.count >= 12, Array(bytes[0..<7]) == prefix, (0x30...0x39).contains(bytes[7]), bytes[8] == 0x20,
              bytes[9...11].allSatisfy({ (0x30...0x39).contains($0) }), bytes.count == 12 || bytes[12] == 0x20
        else {
            throw .malformed("not an HTTP/1.x status line")
        }
        let code = bytes[9...11].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard code >= 100 else { throw .malformed("status code \(code)") }
        return code
    }

    /// HTTP's optional whitespace: a space or a tab (RFC 9110 §5.6.3).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// A list element without the optional whitespace around it (RFC 9110 §5.6.1).
    private static func withoutWhitespace(_ element: Substring) -> String {
        let bytes = element.utf8
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isWhitespace($0) })!
        return String(element[first...last])
    }

    /// How the body is delimited (RFC 9112 §6.3).
    private static func framing(status: Int, fields: [(name: String, value: String)]) throws(Failure) -> Framing {
        if status == 204 || status == 304 { return .length(0) }
        let codings = fields.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { withoutWhitespace($0).lowercased() }
        if !codings.isEmpty {
            guard codings.last == "chunked" else { return .untilClose }
            guard codings.filter({ $0 == "chunked" }).count == 1 else { throw .malformed("chunked twice") }
            return .chunked
        }
        let lengths = fields.filter { $0.name.lowercased() == "content-length" }
            .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
            .map { withoutWhitespace($0) }
        guard let first = lengths.first else { return .untilClose }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
              first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first)
        else {
            throw .malformed("bad Content-Length")
        }
        return .length(length)
    }

    // MARK: The body

    /// Takes up to `remaining` body bytes from `input`; how many are still to come.
    private mutating func takeBody(_ input: inout Slice<UnsafeRawBufferPointer>, remaining: Int) throws(Failure) -> Int {
        let count = min(remaining, input.count)
        try appendBody(input.prefix(count))
        input = input.dropFirst(count)
        return remaining - count
    }

    private mutating func appendBody(_ bytes: Slice<UnsafeRawBufferPointer>) throws(Failure) {
        guard !discardsBody else { return }
        if body.count + bytes.count > limit {
            try overLimit()
            return
        }
        body.append(contentsOf: bytes)
    }

    /// Over the limit: an error response keeps its status and loses its body; any other fails.
    private mutating func overLimit() throws(Failure) {
        guard status >= 400 else { throw .tooLarge }
        discardsBody = true
        body = []
    }

    /// Takes a line ending in LF (its CR dropped) from `input`, or keeps what there is for the
    /// next piece and returns nil. A line over `limit` bytes is malformed.
    private mutating func takeLine(_ input: inout Slice<UnsafeRawBufferPointer>, limit: Int, what: String) throws(Failure) -> [UInt8]? {
        guard let newline = input.firstIndex(of: 0x0A) else {
            guard pending.count + input.count <= limit + 1 else { throw .malformed("\(what) too long") }
            pending.append(contentsOf: input)
            input = input.dropFirst(input.count)
            return nil
        }
        var line = pending + input[..<newline]
        pending = []
        input = input[input.index(after: newline)...]
        if line.last == 0x0D { line.removeLast() }
        guard line.count <= limit else { throw .malformed("\(what) too long") }
        return line
    }

    /// The size of a chunk-size line: hexadecimal, then optional `;extensions`.
    private static func chunkSize(_ line: [UInt8]) throws(Failure) -> Int {
        let digits = line.prefix { $0 != 0x3B && $0 != 0x20 && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 15 else { throw .malformed("bad chunk size") }
        var size = 0
        for digit in digits {
            guard let value = hexValue(digit) else { throw .malformed("bad chunk size") }
            size = size * 16 + value
        }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
