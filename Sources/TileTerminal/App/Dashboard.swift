import FoundationEssentials
import Synchronization
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The dashboard: a board of widgets in the terminal, until `q`, Ctrl-C or a quit signal.
public enum Dashboard {
    /// Runs the dashboard and returns the process's exit status: 0 after `q`, Ctrl-C, SIGINT,
    /// SIGTERM, SIGHUP or the terminal closing (the terminal restored, the state saved); 2 with a
    /// message on stderr when the board, the theme or the terminal cannot be used, before anything
    /// is drawn.
    public static func run(_ options: DashboardOptions) -> Int32 {
        EventLoop.resetSignalMask()
        let directories = options.directories
        let stateFile = PersistedState.file(in: directories.state)
        let saved = PersistedState.load(from: stateFile, log: options.log)
        let setup: DashboardSetup
        do {
            setup = try DashboardSetup(options: options, saved: saved, catalog: ThemeCatalog(directories: directories))
        } catch {
            printError(error.description)
            return 2
        }
        let terminal: Terminal
        let loop: EventLoop
        do {
            terminal = try Terminal(environment: options.environment)
        } catch {
            printError(error.description)
            return 2
        }
        if !terminal.restoresAfterCrash { options.log("terminal: no fatal-signal handler; a crash would leave the terminal as tiles set it") }
        do {
            loop = try EventLoop(input: terminal)
        } catch {
            terminal.restore()
            printError(error.description)
            return 2
        }
        loop.installSignalHandlers()
        let inbox = MessageInbox()
        let channel = listenForRequests(options, inbox: inbox, waker: loop.waker)
        channel?.serve(on: loop.reactor)
        defer { channel?.close() }
        let activityStore = channel.map {
            ActivityStore(runtimeDirectory: URL(filePath: TilesDirectories.folder(of: $0.path), directoryHint: .isDirectory), log: options.log)
        }
        let session = DashboardSession(
            options: options, setup: setup, terminal: terminal, loop: loop, stateFile: stateFile, channelSocket: channel?.path,
            inbox: inbox, activityStore: activityStore)
        session.run()
        terminal.restore()
        return 0
    }

    /// Listens for `tiles reload` and `tiles store set` from other processes and turns them into
    /// WidgetCenter reloads (which wake the loop); store keys are named after the widget kind that
    /// reads them (`alipay.city`). News of live activities goes to `inbox`. A board that cannot
    /// listen still runs, and says why in the log.
    private static func listenForRequests(_ options: DashboardOptions, inbox: MessageInbox, waker: Waker) -> BoardChannel? {
        do {
            let directory = try BoardChannel.directory(environment: options.environment)
            return try BoardChannel(directory: directory) { request, sentAt in
                guard !BoardChannel.reload(for: request, sentAt: sentAt) else { return }
                inbox.post(.activitiesChanged)
                waker.wakeUp()
            }
        } catch {
            options.log("board channel: \(error)")
            return nil
        }
    }

    /// Writes `message` to stderr as `tiles: …`; terminal errors already start with "tiles".
    private static func printError(_ message: String) {
        let line = message.hasPrefix("tiles ") ? message : "tiles: \(message)"
        DescriptorWriting.standardError(line.escapingControlCharacters(keepingNewlines: true) + "\n")
    }
}
