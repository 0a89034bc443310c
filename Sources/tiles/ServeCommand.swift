import ArgumentParser
import FoundationEssentials
import TileBoard
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// `tiles serve`: runs `tiles-serve`, the board for browsers, in place of this process. The
/// HTTP server lives in that program alone, so that the terminal board never loads it
/// (docs/design.md, "In a browser").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: L("help.serve.abstract"),
        discussion: L("help.serve.discussion")
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(L("help.serve.arguments")))
    var arguments: [String] = []

    func run() throws {
        try Self.replaceProcess(arguments: arguments)
    }

    /// Runs tiles-serve with `arguments` in place of this process; `tiles serve …` comes here
    /// before any parsing, so that `tiles serve --help` is tiles-serve's own.
    static func replaceProcess(arguments: [String]) throws -> Never {
        guard let server = installedServer() else {
            throw CommandFailure(message: "tiles-serve is not installed beside tiles (in the same folder or ../libexec/tiles)")
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw CommandFailure(message: "cannot run \(server): \(String(cString: strerror(errno)))")
    }

    /// `tiles-serve` beside the running executable, or in `../libexec/tiles` (an installed tree).
    static func installedServer() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = TilesDirectories.folder(of: executable)
        return [folder + "/tiles-serve", folder + "/../libexec/tiles/tiles-serve"].first { access($0, X_OK) == 0 }
    }
}
