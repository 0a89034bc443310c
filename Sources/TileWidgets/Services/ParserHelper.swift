import FoundationEssentials
import TileBase
import TileExtensions
#if canImport(Glibc)
import Glibc
#endif

/// Reads feeds and calendars through `tiles-parse`, the helper installed beside tiles: libxml2
/// and libical as Debian builds them bring ICU, which stays out of tiles' own binary, and a
/// hostile document costs a child process its own limits (docs/design.md, "Parsers in a helper").
struct ParserHelper: Sendable {
    /// The helper's path; nil when it is not installed, which the tile says.
    let path: String?

    /// How long one document may take.
    static let timeout: TimeInterval = 10

    /// The helper beside the running executable (the build folder) or in `../libexec/tiles`
    /// (an installed tree); the test runner's own folder counts as the executable's.
    static func installed() -> String? {
        var folders: [String] = []
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { folders.append(parent(String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))) }
        if let first = CommandLine.arguments.first, first.contains("/") { folders.append(parent(first)) }
        for folder in folders {
            for candidate in [folder + "/tiles-parse", folder + "/../libexec/tiles/tiles-parse"] where access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The feed in `bytes` (RSS or Atom).
    func feed(_ bytes: [UInt8]) async throws(FetchError) -> ParsedFeed {
        try await run(["feed"], input: bytes, as: ParsedFeed.self)
    }

    /// The occurrences in `bytes` (iCalendar) overlapping `from` to `to`.
    func calendar(_ bytes: [UInt8], from: Date, to: Date) async throws(FetchError) -> ParsedCalendar {
        let window = [String(Int64(from.timeIntervalSince1970)), String(Int64(to.timeIntervalSince1970))]
        return try await run(["calendar"] + window, input: bytes, as: ParsedCalendar.self)
    }

    private func run<T: Decodable>(_ arguments: [String], input: [UInt8], as type: T.Type) async throws(FetchError) -> T {
        guard let path else { throw .unreadable("tiles-parse is not installed beside tiles") }
        let result = await ProgramRunner.shared.run(ProgramCommand([path] + arguments, input: input, timeout: Self.timeout, outputLimit: 8 << 20))
        guard result.status == .exited(0) else {
            let said = RemoteText.sanitize(bytes: result.errorOutput, maxLength: 200).trimmingSpacesAndNewlines()
            switch result.status {
            case .exited where !said.isEmpty: throw .unreadable(said)
            case .signaled(SIGXCPU), .timedOut: throw .unreadable("the document took too long to read")
            case .signaled(SIGSEGV), .signaled(SIGABRT): throw .unreadable("the document could not be read (tiles-parse ran out of memory or crashed)")
            default: throw .unreadable(result.failureReason ?? "tiles-parse failed")
            }
        }
        return try ServiceJSON.decode(T.self, from: result.output, service: "tiles-parse")
    }
}
