import ArgumentParser
import Dispatch
import FoundationEssentials
import TileBoard
import TileConfig
import TileExtensions
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The `tiles` command: a home screen of widgets for the terminal.
@main
struct Tiles: ParsableCommand {
    static let version = tilesVersion
    /// The version with the commit it was built from as SemVer build metadata
    /// (`0.1.0+5829d37abcde`, `-dirty` for uncommitted changes); the plain version when unknown.
    /// `tiles --version` prints it, and the package and tarball are named with it.
    static let versionWithCommit = buildCommit.isEmpty ? version : "\(version)+\(buildCommit)"

    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: L("help.tiles.abstract"),
        discussion: L("help.tiles.discussion", ["md": "\(TilesDocumentation.reference("extensions.md"))"]),
        version: versionWithCommit,
        subcommands: [
            RunDashboard.self, Render.self, List.self, Check.self, ConfigCommand.self, StoreCommand.self, ReloadCommand.self,
            ActivityCommand.self, AlertsCommand.self, ServeCommand.self,
            GenerateManual.self, Gallery.self,
        ],
        defaultSubcommand: RunDashboard.self
    )

    /// Runs the command with the exit codes of the contract: 0 success, 2 usage error, 1 other.
    static func main() {
        // Every command speaks the environment's language, or --language's, from its help on;
        // the board may choose another from its config.
        Localization.use(languageArgument() ?? Language.preferred(by: ProcessEnvironment.current()))
        do {
            if CommandLine.arguments.dropFirst().first == "serve" {
                try ServeCommand.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst(2)))
            }
            // The board runs without asking `command` what it conforms to: the first such cast
            // scans every conformance record of the binary (docs/performance.md).
            if let dashboard = dashboardCommand() {
                try dashboard.run()
                return
            }
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try runAsync(&command)
            } else {
                try command.run()
            }
            // What a render or `describe` started ends with the command (docs/extensions.md).
            ProgramRunner.shutDownAllPrograms()
        } catch {
            exit(with: error)
        }
    }

    /// The language `--language NAME` or `--language=NAME` names anywhere in the arguments, so
    /// that help, printed while parsing, is in it too; nil when none (or an unknown one, which
    /// the option itself then reports).
    static func languageArgument(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Language? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument == "--language", index + 1 < arguments.count { return Language(naming: arguments[index + 1]) }
            if argument.hasPrefix("--language=") { return Language(naming: String(argument.dropFirst("--language=".count))) }
        }
        return nil
    }

    /// The dashboard's command when the arguments are only its options (`tiles`, `tiles --tiles …`),
    /// parsed without building the other subcommands: ArgumentParser reflects over every
    /// command's properties when it parses from the root, a quarter of the CPU before the board's
    /// first frame (docs/performance.md). Nil for anything else, a mistake included, which the
    /// root then parses and reports as always.
    static func dashboardCommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> RunDashboard? {
        let rootOnly: Set<String> = ["-h", "--help", "help", "--version", "--generate-completion-script", "--experimental-dump-help"]
        guard arguments.first.map({ $0.hasPrefix("-") }) ?? true,
              !arguments.contains(where: { rootOnly.contains($0) || $0.hasPrefix("--generate-completion-script=") })
        else { return nil }
        return RunDashboard.parseByHand(arguments) ?? (try? RunDashboard.parse(arguments))
    }

    /// Prints `error` as ArgumentParser would and exits with the contract's status.
    static func exit(with error: any Error) -> Never {
        ProgramRunner.shutDownAllPrograms()
        if let error = error as? UsageError {
            Console.printError("tiles: \(error.message)")
            Glibc.exit(2)
        }
        if let error = error as? ConfigError {
            Console.printError("tiles: \(error.description)")
            Glibc.exit(2)
        }
        if let error = error as? CommandFailure {
            Console.printError("tiles: \(error.message)")
            Glibc.exit(1)
        }
        if error is NotLive { Glibc.exit(NotLive.status) }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { Console.print(message) }
            Glibc.exit(0)
        }
        Console.printError(message)
        Glibc.exit(code == .validationFailure ? 2 : 1)
    }

    /// Runs an async subcommand to completion from the synchronous entry point.
    private static func runAsync(_ command: inout any AsyncParsableCommand) throws {
        nonisolated(unsafe) var command = command
        nonisolated(unsafe) var failure: (any Error)?
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await command.run() } catch { failure = error }
            done.signal()
        }
        done.wait()
        if let failure { throw failure }
    }
}

/// `tiles render` printed content that is not live (stale, or a placeholder): exit status 3,
/// the output and the note on stderr already written.
struct NotLive: Error {
    static let status: Int32 = 3
}


/// A command that could not do its work (a render, a missing activity): printed as
/// `tiles: MESSAGE`, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension ConfigError {
    /// The error as the command line reports it.
    var usageError: UsageError { UsageError(message: description) }
}

extension ColorScheme: ExpressibleByArgument {}

extension Language: ExpressibleByArgument {
    public init?(argument: String) { self.init(naming: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension SizeClassSetting: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allNames }
}

extension WidgetFamily: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.shortName) }
}
