import FoundationEssentials
import Synchronization
import TileBase
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The one queue into the board from other threads and from the descriptors its loop serves:
/// every item is a `DashboardEvent` (a message for the status line, a gallery preview, the
/// config file or a live activity changed), taken by the board's loop after it is woken and
/// handed to the state's `update` in the order posted.
final class MessageInbox: Sendable {
    private let events = TakeAllQueue<DashboardEvent>()

    /// Posts `event` for the board's state.
    func post(_ event: DashboardEvent) { events.append(event) }
    /// Posts a message for the status line.
    func post(message: String) { events.append(.message(message)) }

    /// Everything posted so far, oldest first; news that something changed on disk is kept
    /// once (reading the file or the store again once covers every change before it).
    func takeAll() -> [DashboardEvent] {
        var seenConfig = false, seenActivities = false
        return events.takeAll().filter { event in
            switch event {
            case .configFileChanged:
                defer { seenConfig = true }
                return !seenConfig
            case .activitiesChanged:
                defer { seenActivities = true }
                return !seenActivities
            default:
                return true
            }
        }
    }
}

/// Watches the board's config file, once there is one to reload and its folder exists, and
/// posts its changes to the inbox (waking the loop).
final class ConfigFileWatch {
    private let file: URL?
    private let loop: EventLoop
    private let inbox: MessageInbox
    private var watcher: ConfigWatcher?

    /// A watch of `file`; nil, or a board that cannot reload its file, watches nothing.
    init(file: URL?, reloads: Bool, loop: EventLoop, inbox: MessageInbox) {
        self.file = reloads ? file : nil
        self.loop = loop
        self.inbox = inbox
    }

    /// Starts watching, unless it already does or the file's folder does not exist yet.
    func start() {
        guard watcher == nil, let file, let watcher = ConfigWatcher(file: file) else { return }
        self.watcher = watcher
        let inbox = self.inbox, waker = loop.waker
        loop.watch(watcher.descriptor) {
            guard watcher.takeChanges() else { return }
            inbox.post(.configFileChanged)
            waker.wakeUp()
        }
    }
}
