import FoundationEssentials
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The widgets of programs that describe themselves (`extension = [...]`): asked once with
/// `{"request": "describe"}`, the answer kept in the cache beside the program's size and
/// modification time, so a start reads the file and runs nothing until the program changes.
public struct ExtensionCatalog: Sendable {
    /// Where answers are kept (`$XDG_CACHE_HOME/tiles/extensions`); nil keeps none.
    public var cacheDirectory: URL?
    /// How long `describe` may take.
    public var timeout: TimeInterval = 10

    public init(cacheDirectory: URL?) {
        self.cacheDirectory = cacheDirectory
    }

    /// The declarations `command` (run in `directory`) describes. Blocks the calling thread while
    /// the program runs; the board calls it only when reading its config file.
    public func declarations(command: [String], directory: String?) throws(ExtensionError) -> [WidgetDeclaration] {
        let probe = WidgetDeclaration(kind: "describe", command: command, directory: directory)
        let program = probe.resolvedCommand
        let stamp = Self.stamp(program.first ?? "")
        let cacheFile = cacheDirectory.map { $0.appending(path: Self.fileName(program, directory: directory)) }
        if let stamp, let cacheFile, let cached = AtomicFile.contents(atPath: cacheFile.path),
           let newline = cached.firstIndex(of: 0x0A), String(decoding: cached[..<newline], as: UTF8.self) == stamp,
           let declarations = try? ExtensionDescription.declarations(from: cached[(newline + 1)...], command: command, directory: directory) {
            return declarations
        }
        let run = ProgramCommand(program, workingDirectory: directory, input: Array(ExtensionDescription.request), timeout: timeout)
        let result = Self.runBlocking(run)
        if let failure = result.failureReason { throw ExtensionError("describe: \(failure)") }
        let output = Data(result.output)
        let declarations: [WidgetDeclaration]
        do {
            declarations = try ExtensionDescription.declarations(from: output, command: command, directory: directory)
        } catch {
            throw ExtensionError("describe: \(error)")
        }
        if let stamp, let cacheFile {
            try? FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AtomicFile.write(Data((stamp + "\n").utf8) + output, to: cacheFile)
        }
        return declarations
    }

    /// The program's path, size and modification time; nil when it is not a file tiles can see
    /// (a bare name found on `PATH` is described on every read).
    static func stamp(_ path: String) -> String? {
        var status = stat()
        guard path.hasPrefix("/"), stat(path, &status) == 0 else { return nil }
        return "\(path) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    private static func fileName(_ program: [String], directory: String?) -> String {
        StableHash.hex(program.joined(separator: "\u{0}") + "\u{0}" + (directory ?? "")) + ".describe"
    }

    /// Runs `command` and waits for it on this thread. The run itself happens on the process
    /// reactor's thread and the provider executor, never on libdispatch's pool.
    static func runBlocking(_ command: ProgramCommand) -> ProgramResult {
        let box = ResultBox()
        Task(executorPreference: ProviderExecutor.shared) {
            box.put(await ProgramRunner.shared.run(command))
        }
        return box.take()
    }
}

/// One result handed from a task to a waiting thread.
private final class ResultBox: @unchecked Sendable {
    private let condition = ThreadCondition()
    // Guarded by `condition`.
    private var result: ProgramResult?

    func put(_ value: ProgramResult) {
        condition.lock()
        result = value
        condition.signal()
        condition.unlock()
    }

    func take() -> ProgramResult {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
