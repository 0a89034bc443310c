#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Waits on a reactor until a condition on a folder's entries holds (a socket appears, a file is
/// gone): checked at the start, whenever an entry of the folder is created, removed or renamed
/// (inotify), and whenever ``recheck()`` is called; given up at the timeout. It costs no thread
/// and no wake-up while nothing changes, where a loop of short sleeps would tick.
public final class FolderWait: @unchecked Sendable {
    private let folder: String
    private let reactor: Reactor
    // The reactor thread's own state.
    private var condition: (@Sendable () -> Bool)?
    private var continuation: CheckedContinuation<Bool, Never>?
    private var descriptor: Int32 = -1
    private var timer: Reactor.TimerID?

    public init(folder: String, on reactor: Reactor = .network) {
        self.folder = folder
        self.reactor = reactor
    }

    /// Returns true once `condition` holds, false when `timeout` passes first. One wait at a time.
    public func wait(until condition: @escaping @Sendable () -> Bool, within timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            reactor.execute { [self] in start(condition, within: timeout, continuation) }
        }
    }

    /// Checks the condition again soon (from any thread): for a change the folder does not show.
    public func recheck() {
        reactor.execute { [self] in check() }
    }

    private func start(_ condition: @escaping @Sendable () -> Bool, within timeout: Duration, _ continuation: CheckedContinuation<Bool, Never>) {
        self.condition = condition
        self.continuation = continuation
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        if descriptor >= 0 {
            let mask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF)
            if inotify_add_watch(descriptor, folder, mask) < 0 || !reactor.watch(descriptor, for: .readable, { [unowned self] _ in drain(); check() }) {
                close(descriptor)
                descriptor = -1
            }
        }
        // Without inotify (out of watches), the condition is looked at on a short timer instead.
        timer = reactor.schedule(after: timeout) { [unowned self] in finish(false) }
        if descriptor < 0 { lookAgainLater() }
        check()
    }

    private func lookAgainLater() {
        guard continuation != nil else { return }
        reactor.schedule(after: .milliseconds(50)) { [self] in
            check()
            lookAgainLater()
        }
    }

    private func drain() {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &buffer, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    private func check() {
        if let condition, condition() { finish(true) }
    }

    private func finish(_ held: Bool) {
        guard let continuation else { return }
        self.continuation = nil
        condition = nil
        if let timer { reactor.cancel(timer) }
        timer = nil
        if descriptor >= 0 {
            reactor.unwatch(descriptor)
            close(descriptor)
            descriptor = -1
        }
        continuation.resume(returning: held)
    }
}
