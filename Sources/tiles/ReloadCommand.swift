import ArgumentParser
import FoundationEssentials
import TileBoard
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// `tiles reload [KIND]`: every running board reloads those widgets' timelines now.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: L("help.reload.abstract"),
        discussion: L("help.reload.discussion")
    )

    @Argument(help: ArgumentHelp(L("help.reload.kind")), completion: Completions.kinds)
    var kind: String?

    func run() throws {
        if let kind {
            let services = WidgetServices(environment: [:], directories: nil, version: Tiles.version, offline: true)
            let builtins = BuiltinWidgets.all(services: services)
            let declared = (try? RunDashboard.loadConfig(path: nil, environment: ProcessInfo.processInfo.environment, widgets: builtins))??.extensionWidgets ?? []
            let kinds = (builtins + declared).map(\.kind)
            guard kinds.contains(kind) else {
                throw UsageError(message: "unknown widget '\(kind)'; widgets: \(kinds.joined(separator: ", "))")
            }
        }
        let directory: URL
        do {
            directory = try BoardChannel.directory(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw UsageError(message: String(describing: error))
        }
        let reached = BoardChannel.send(.reload(kind: kind), directory: directory)
        guard reached > 0 else {
            Console.printError("tiles: no board is running")
            Glibc.exit(1)
        }
        Console.print("asked \(reached) board\(reached == 1 ? "" : "s") to reload \(kind ?? "every widget")")
    }
}
