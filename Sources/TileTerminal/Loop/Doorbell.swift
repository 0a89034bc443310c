import Glibc
import Synchronization

/// The self-pipe that wakes the event loop, and what the wake-ups were for.
///
/// Rung from any thread (background tasks) and from the signal queue; the pending signals and
/// wake flag live behind a mutex, so a full pipe never loses one: the byte is only a doorbell.
final class Doorbell: Sendable {
    /// The end the event loop polls; non-blocking, close-on-exec.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let pending = Mutex(Pending())

    /// What has rung since the loop last looked.
    struct Pending: Equatable {
        var signals: [Int32] = []
        var woken = false
    }

    /// Creates the pipe, or throws when the process is out of descriptors.
    init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .systemCallFailed(call: "pipe", errno: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Records a wake-up and rings.
    func wake() {
        pending.withLock { $0.woken = true }
        ring()
    }

    /// Records `signal` (once, however often it arrives before the loop looks) and rings.
    func signal(_ signal: Int32) {
        pending.withLock { if !$0.signals.contains(signal) { $0.signals.append(signal) } }
        ring()
    }

    /// Empties the pipe and returns what rang, clearing it.
    func take() -> Pending {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        return pending.withLock { state in
            defer { state = Pending() }
            return state
        }
    }

    private func ring() {
        var byte: UInt8 = 1
        // EAGAIN means the pipe is full, so the loop will wake anyway.
        while Glibc.write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }
}
