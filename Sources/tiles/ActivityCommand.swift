import ArgumentParser
import FoundationEssentials
import TileKit
import TileTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `tiles activity`: live activities, shown on every running board while they run.
struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: L("help.activity.abstract"),
        discussion: L("help.activity.discussion", ["linger": "\(Int(LiveActivity.linger / 60))"]),
        subcommands: [Run.self, Start.self, Update.self, End.self, List.self]
    )

    /// The store of this user's runtime folder, and that folder (where boards listen).
    static func store() throws -> (ActivityStore, URL) {
        let directory: URL
        do {
            directory = try BoardChannel.directory(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure(message: "live activities: \(error)")
        }
        return (ActivityStore(runtimeDirectory: directory, log: { Console.printError("tiles: \($0)") }), directory)
    }

    /// Writes `activity` and tells the running boards.
    static func save(_ activity: LiveActivity) throws {
        let (store, directory) = try store()
        store.removeGone(at: Date())
        try store.save(activity)
        BoardChannel.send(.activityChanged(id: activity.id), directory: directory)
    }

    /// Changes the running activity `id` with `change` (given the time), writes it under the
    /// store's lock and tells the running boards; refuses one that is missing or has ended.
    static func change(_ id: String, _ change: (inout LiveActivity, Date) -> Void) throws {
        guard LiveActivity.isValidID(id) else { throw ValidationError(idRule(id)) }
        let (store, directory) = try store()
        let now = Date()
        let changed = try store.update(id) { activity in
            guard activity.end == nil else { throw CommandFailure(message: "activity '\(id)' has ended") }
            change(&activity, now)
            activity.updatedAt = now
        }
        guard changed != nil else { throw CommandFailure(message: "no activity '\(id)' (see `tiles activity list`)") }
        BoardChannel.send(.activityChanged(id: id), directory: directory)
    }

    static func idRule(_ id: String) -> String {
        "'\(id)' cannot name an activity: use 1 to 64 letters, digits, '.', '_' or '-' (not starting with '.')"
    }

    /// `tiles activity run`.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: L("help.activity.run.abstract"),
            discussion: L("help.activity.run.discussion")
        )

        @Option(help: ArgumentHelp(L("help.activity.run.title")))
        var title: String?

        @Option(help: ArgumentHelp(L("help.activity.run.id")))
        var id: String?

        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(L("help.activity.run.command")))
        var command: [String] = []

        private var commandLine: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

        func validate() throws {
            guard !commandLine.isEmpty else { throw ValidationError("name the command to run: tiles activity run -- COMMAND …") }
            if let id, !LiveActivity.isValidID(id) { throw ValidationError(ActivityCommand.idRule(id)) }
        }

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            // Without a title, the program's name (`make`, not `sh -c …` whole), as the id is made.
            let title = title ?? String(commandLine[0].split(separator: "/").last ?? "activity")
            let activity = LiveActivity(
                id: id ?? LiveActivity.makeID(title: title, number: getpid()), title: title, startedAt: Date(), owner: getpid())
            var reporter: ActivityReporter?
            do {
                let (store, directory) = try ActivityCommand.store()
                store.removeGone(at: Date())
                reporter = ActivityReporter(activity: activity, store: store, channel: directory, log: { Console.printError("tiles: \($0)") })
            } catch {
                Console.printError("tiles: \(error); running the command without showing it")
            }
            let runner = ActivityRunner(command: commandLine, environment: environment, reporter: reporter)
            switch runner.run() {
            case .exited(let status):
                Glibc.exit(status)
            case .signaled(let number):
                // Ended as the command did, so that a shell sees the interrupt (and stops a loop).
                signal(number, SIG_DFL)
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, number)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                raise(number)
                Glibc.exit(128 + number)
            case .notStarted(let code):
                Console.printError("tiles: cannot run '\(commandLine[0])': \(String(cString: strerror(code)))")
                Glibc.exit(code == ENOENT ? 127 : 126)
            }
        }
    }

    /// `tiles activity start`.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: L("help.activity.start.abstract"),
            discussion: L("help.activity.start.discussion")
        )

        @Option(help: ArgumentHelp(L("help.activity.start.title")))
        var title: String?

        @Option(help: ArgumentHelp(L("help.activity.start.id")))
        var id: String?

        @Option(help: ArgumentHelp(L("help.activity.start.line")))
        var line: String?

        @Option(help: ArgumentHelp(L("help.activity.start.progress")))
        var progress: String?

        func validate() throws {
            guard title != nil || id != nil else { throw ValidationError("give the activity a --title (or an --id)") }
            if let id, !LiveActivity.isValidID(id) { throw ValidationError(ActivityCommand.idRule(id)) }
            if let progress, ActivityProgress(argument: progress) == nil { throw ValidationError(Update.progressRule(progress)) }
        }

        func run() throws {
            let title = title ?? id!
            let now = Date()
            var activity = LiveActivity(id: id ?? LiveActivity.makeID(title: title, number: getpid()), title: title, startedAt: now)
            if let line { activity.report(line: line, at: now) }
            if let progress { activity.progress = ActivityProgress(argument: progress) }
            try ActivityCommand.save(activity)
            Console.print(activity.id)
        }
    }

    /// `tiles activity update`.
    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: L("help.activity.update.abstract"),
            discussion: L("help.activity.update.discussion")
        )

        @Option(help: ArgumentHelp(L("help.activity.update.id")))
        var id: String

        @Option(help: ArgumentHelp(L("help.activity.update.line")))
        var line: String?

        @Option(help: ArgumentHelp(L("help.activity.update.progress")))
        var progress: String?

        @Option(help: ArgumentHelp(L("help.activity.update.title")))
        var title: String?

        static func progressRule(_ progress: String) -> String {
            "--progress '\(progress)' is not a progress: give a percentage (42%) or a count of a total (3/7)"
        }

        func validate() throws {
            guard line != nil || progress != nil || title != nil else {
                throw ValidationError("nothing to update: give --line, --progress or --title")
            }
            if let progress, ActivityProgress(argument: progress) == nil { throw ValidationError(Self.progressRule(progress)) }
        }

        func run() throws {
            try ActivityCommand.change(id) { activity, now in
                if let line { activity.report(line: line, at: now) }
                if let progress { activity.progress = ActivityProgress(argument: progress) }
                if let title { activity.title = WidgetAlert.clean(title, limit: LiveActivity.titleLimit) }
            }
        }
    }

    /// `tiles activity end`.
    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end",
            abstract: L("help.activity.end.abstract"),
            discussion: L("help.activity.end.discussion")
        )

        @Option(help: ArgumentHelp(L("help.activity.end.id")))
        var id: String

        @Option(help: ArgumentHelp(L("help.activity.end.status")))
        var status: Int32 = 0

        @Option(help: ArgumentHelp(L("help.activity.end.line")))
        var line: String?

        func run() throws {
            try ActivityCommand.change(id) { activity, now in
                if let line { activity.report(line: line, at: now) }
                activity.end = LiveActivity.Ending(at: now, status: status)
            }
        }
    }

    /// `tiles activity list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: L("help.activity.list.abstract"),
            discussion: L("help.activity.list.discussion")
        )

        func run() throws {
            let now = Date()
            let activities = try ActivityCommand.store().0.all().compactMap { $0.shown(at: now, isAlive: ActivityStore.isAlive) }
            for activity in activities {
                let state = activity.end.map { $0.succeeded ? "✓ \($0.summary)" : "✗ \($0.summary)" } ?? "● \(L("activity.running"))"
                let fields = [activity.id, state, activity.title, activity.progress?.text ?? "", LiveActivity.clock(activity.elapsed(at: now)), activity.line]
                Console.print(fields.filter { !$0.isEmpty }.map { $0.escapingControlCharacters() }.joined(separator: "  "))
            }
        }
    }
}
