import CSignalDoorbell
import Glibc
import Synchronization

/// The self-pipe that wakes the event loop, and what the wake-ups were for.
///
/// Rung from any thread (background tasks) and from a signal handler; the wake flag lives behind a
/// mutex and caught signals in the handler's atomic set, so a full pipe never loses one: the byte
/// is only a doorbell.
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

    /// The signals this doorbell catches (in the order `take` reports them), set once.
    private let caught = Mutex<[Int32]>([])

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
        tiles_signals_release(writeDescriptor)
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

    /// Catches `signals` in a handler that rings this doorbell, instead of letting them end the
    /// process; `take` reports them. No thread waits for them (libdispatch's signal sources need
    /// its manager thread). Returns false when a handler cannot be installed.
    func catchSignals(_ signals: [Int32]) -> Bool {
        caught.withLock { $0 = signals }
        return signals.withUnsafeBufferPointer {
            tiles_signals_install(writeDescriptor, $0.baseAddress, Int32($0.count)) == 0
        }
    }

    /// Rings whenever `signal` arrives, after the handler already installed for it (ncurses'
    /// SIGWINCH handler, which flags the resize its next read reports). Only a wake-up: `take`
    /// does not report it. False when the handler cannot be installed.
    func ringAfter(_ signal: Int32) -> Bool {
        tiles_signals_ring_after(writeDescriptor, signal) == 0
    }

    /// Returns what rang, clearing it, and empties the pipe when `drainingPipe` (the loop's poll
    /// found it readable: a wake-up from a timeout, the 1 Hz tick's, need not read it). What rang
    /// is recorded before the byte is written, so a byte left in the pipe is only a wake-up to come.
    func take(drainingPipe: Bool) -> Pending {
        if drainingPipe {
            var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            // A read that fills less than the buffer emptied the pipe: no second read to hear EAGAIN.
            while withUnsafeMutableBytes(of: &buffer, { read(readDescriptor, $0.baseAddress, $0.count) }) == MemoryLayout.size(ofValue: buffer) {}
        }
        let catching = caught.withLock { $0 }
        let set = catching.isEmpty ? 0 : tiles_signals_take()
        return pending.withLock { state in
            defer { state = Pending() }
            var taken = state
            for signal in catching where set & (1 << UInt64(signal)) != 0 && !taken.signals.contains(signal) {
                taken.signals.append(signal)
            }
            return taken
        }
    }

    private func ring() {
        var byte: UInt8 = 1
        // EAGAIN means the pipe is full, so the loop will wake anyway.
        while Glibc.write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }
}
