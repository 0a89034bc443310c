import FoundationEssentials
import Synchronization
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Messages for the status line posted from other threads (an opener that failed after it
/// started), and news of the config file, taken by the main loop after it is woken.
final class MessageInbox: Sendable {
    private let messages = TakeAllQueue<String>()
    private let events = TakeAllQueue<DashboardEvent>()
    private let configChanged = Mutex(false)
    private let activitiesChanged = Mutex(false)

    /// Notes that the config file changed.
    func postConfigChange() { configChanged.withLock { $0 = true } }
    /// Whether the config file changed since the last call.
    func takeConfigChange() -> Bool { configChanged.withLock { changed in defer { changed = false }; return changed } }

    /// Notes that a live activity changed (the board channel said so).
    func postActivityChange() { activitiesChanged.withLock { $0 = true } }
    /// Whether a live activity changed since the last call.
    func takeActivityChange() -> Bool { activitiesChanged.withLock { changed in defer { changed = false }; return changed } }

    func post(_ message: String) { messages.append(message) }
    /// Posts an event for the board's state (a gallery preview drawn on another thread).
    func post(event: DashboardEvent) { events.append(event) }
    func takeEvents() -> [DashboardEvent] { events.takeAll() }
    func takeAll() -> [String] { messages.takeAll() }
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
            inbox.postConfigChange()
            waker.wakeUp()
        }
    }
}
