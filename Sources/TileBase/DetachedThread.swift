#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for a loop that runs for good (the network, the programs, the providers):
/// a POSIX thread, started detached. Foundation's `Thread` would bring Foundation's ICU-linked
/// half into the binary with it.
public enum DetachedThread {
    /// Starts `body` on a new thread named `name` (the kernel keeps 15 bytes of it).
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, runDetachedThread, context)
        precondition(status == 0, "cannot start the thread \(name): \(String(cString: strerror(status)))")
        pthread_detach(thread)
    }

    /// Names the calling thread, as `ps -L` and `top -H` show it: through `/proc/thread-self/comm`,
    /// as Swift does not see glibc's `pthread_setname_np`. Best effort.
    public static func nameCurrent(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    fileprivate final class Work {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}

/// The start routine of every `DetachedThread`: names the thread, then runs its work.
private func runDetachedThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let work = Unmanaged<DetachedThread.Work>.fromOpaque(context!).takeRetainedValue()
    DetachedThread.nameCurrent(work.name)
    work.body()
    return nil
}

/// A lock with a condition to wait on, as `NSCondition` is, on a POSIX mutex and condition
/// variable: `lock()`, then `wait()` until `signal()` or `broadcast()`, then `unlock()`.
public final class ThreadCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits, with the lock held, until signalled (or woken spuriously: wait in a loop).
    public func wait() { pthread_cond_wait(condition, mutex) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
