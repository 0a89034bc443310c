import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// tiles-parse: the parsers tiles runs in a process of their own. Debian builds libical and
/// libxml2 with ICU, which tiles keeps out of its own binary (docs/design.md, "Parsers in a
/// helper"); a child process also bounds what a hostile document can cost: this process limits
/// its own memory and CPU time before it reads a byte.
///
///     tiles-parse feed                          RSS or Atom on stdin, a ParsedFeed as JSON on stdout
///     tiles-parse calendar FROM TO              iCalendar on stdin, a ParsedCalendar of the window
///
/// A document it cannot read exits 1 with the reason on stderr, as one line.

/// Input is at most this many bytes (tiles' own fetch limit is lower).
let maxInput = 16 << 20

func limit(_ resource: Int32, _ value: rlim_t) {
    var bound = rlimit(rlim_cur: value, rlim_max: value)
    _ = setrlimit(__rlimit_resource_t(UInt32(resource)), &bound)
}

func fail(_ message: String) -> Never {
    writeAll(Array((String(message.map { $0.isNewline ? " " : $0 }) + "\n").utf8), to: 2)
    exit(1)
}

func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { exit(1) }
        offset += written
    }
}

func readInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = read(0, &buffer, buffer.count)
        if count < 0 { if errno == EINTR { continue }; fail("cannot read stdin: \(String(cString: strerror(errno)))") }
        if count == 0 { return bytes }
        bytes += buffer[0..<count]
        if bytes.count > maxInput { fail("the document is larger than \(maxInput >> 20) MiB") }
    }
}

func write<T: Encodable>(_ value: T) {
    guard let data = try? JSONEncoder().encode(value) else { fail("cannot encode the result") }
    writeAll(Array(data), to: 1)
}

limit(Int32(RLIMIT_AS.rawValue), 1 << 30)
limit(Int32(RLIMIT_CPU.rawValue), 5)

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "feed":
    do { write(try FeedReader.read(readInput())) } catch { fail(error.description) }
case "calendar":
    guard arguments.count == 3, let from = Double(arguments[1]), let to = Double(arguments[2]) else {
        fail("usage: tiles-parse calendar FROM TO (seconds since 1970)")
    }
    let text = String(decoding: readInput(), as: UTF8.self)
    do { write(try CalendarReader(from: from, to: to).read(text)) } catch { fail(error.description) }
default:
    fail("usage: tiles-parse feed | tiles-parse calendar FROM TO")
}
