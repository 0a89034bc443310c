import Foundation
import Glibc

/// Sleeps until something happens: input, a quit signal, a wake-up from another thread, or the
/// caller's deadline. Nothing wakes it at a fixed rate, so an idle dashboard costs no CPU.
///
/// Each `wait` polls the terminal's input and a self-pipe with the time left to the deadline as
/// timeout, then drains ncurses' input without blocking (docs/platform.md "Signals and the event loop").
/// Use it from the thread that owns the terminal; hand `waker` to other threads.
public final class EventLoop {
    private let input: (any InputReading)?
    private let doorbell: Doorbell
    private let decoder = InputDecoder()
    private var catchesSignals = false
    /// Descriptors other parts of the board need read when ready, instead of a thread each.
    private var watched: [(descriptor: Int32, onReadable: () -> Void)] = []
    private var inputOpen: Bool

    /// A loop over `input` (the `Terminal`), or over the self-pipe alone when nil.
    public init(input: (any InputReading)?) throws(TerminalError) {
        self.input = input
        inputOpen = input != nil
        doorbell = try Doorbell()
    }

    /// Unblocks every signal in the calling thread. Call first thing in `main`: a parent (a test
    /// runner's `Process`, say) may have left signals blocked, and then SIGWINCH and the quit
    /// signals never arrive.
    public static func resetSignalMask() {
        SignalHandling.resetSignalMask()
    }

    /// Reports SIGINT, SIGTERM and SIGHUP as `.signal` instead of letting them (or ncurses)
    /// end the process, and SIGTSTP instead of letting ncurses suspend it. SIGWINCH is left to
    /// ncurses, which turns it into a resize event.
    public func installSignalHandlers() {
        guard !catchesSignals else { return }
        catchesSignals = SignalHandling.install(SignalHandling.quitSignals + [SignalHandling.suspendSignal], ringing: doorbell)
    }

    /// Calls `onReadable` on the loop's thread, inside `wait`, whenever `descriptor` is readable
    /// (a listening socket, an inotify descriptor): what would otherwise be a thread blocked on
    /// it. The handler reads what is there without blocking, and wakes the loop (`wakeUp`) if
    /// the board has something to do. A descriptor that is closed or fails is dropped.
    public func watch(_ descriptor: Int32, onReadable: @escaping () -> Void) {
        watched.append((descriptor, onReadable))
    }

    /// Stops watching `descriptor` (before it is closed).
    public func unwatch(_ descriptor: Int32) {
        watched.removeAll { $0.descriptor == descriptor }
    }

    /// A handle any thread can use to wake this loop.
    public var waker: Waker { Waker(doorbell: doorbell) }

    /// Wakes the loop from any thread (see `waker` for handing this to a task).
    public func wakeUp() {
        doorbell.wake()
    }

    /// Blocks until at least one event, then returns all that are ready, in this order: signals,
    /// one `.input` with every input read, `.inputClosed`, `.wake`, and `.deadline` once
    /// `deadline` has passed. A nil deadline waits for ever.
    public func wait(until deadline: Date?) -> [LoopEvent] {
        // Input ncurses already holds (or a resize flagged between two waits) does not make the
        // descriptor readable, so look before sleeping.
        var inputs = readInput()
        var closed = false
        while true {
            var descriptors = [pollfd(fd: doorbell.readDescriptor, events: Int16(POLLIN), revents: 0)]
            let polledInput = inputOpen && input != nil
            if polledInput, let input {
                descriptors.append(pollfd(fd: input.inputDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let firstWatched = descriptors.count
            descriptors += watched.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let timeout = inputs.isEmpty ? Self.timeout(until: deadline) : 0
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR {
                preconditionFailure("EventLoop: poll failed: \(String(cString: strerror(errno)))")
            }
            // EINTR (-1): most likely SIGWINCH, which ncurses turns into KEY_RESIZE on the next
            // read, so input is read then too.
            if ready != 0 {
                closed = polledInput && Self.hasHungUp(descriptors[1])
                inputs += readInput()
                if closed { inputOpen = false }
            }
            if ready > 0 { serveWatched(descriptors[firstWatched...]) }
            let rang = doorbell.take(drainingPipe: ready > 0 && descriptors[0].revents != 0)
            var events = rang.signals.map(LoopEvent.signal)
            if !inputs.isEmpty { events.append(.input(inputs)) }
            if closed { events.append(.inputClosed) }
            if rang.woken { events.append(.wake) }
            if let deadline, Date() >= deadline { events.append(.deadline) }
            if !events.isEmpty { return events }
        }
    }

    /// Calls the handlers of the watched descriptors that poll found ready; drops the failed ones.
    private func serveWatched(_ polled: ArraySlice<pollfd>) {
        for entry in polled where entry.revents != 0 {
            if entry.revents & Int16(POLLERR | POLLNVAL) != 0 {
                unwatch(entry.fd)
            } else if let handler = watched.first(where: { $0.descriptor == entry.fd })?.onReadable {
                handler()
            }
        }
    }

    /// Decoded input ready now.
    private func readInput() -> [InputEvent] {
        guard inputOpen, let input else { return [] }
        return decoder.decode(input.readPendingInput())
    }

    /// Whether the terminal is gone: an error or hang-up, or "readable" with nothing to read (EOF),
    /// which would otherwise make every poll return at once.
    private static func hasHungUp(_ descriptor: pollfd) -> Bool {
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        guard descriptor.revents & Int16(POLLIN) != 0 else { return false }
        var pending: Int32 = 0
        return ioctl(descriptor.fd, UInt(FIONREAD), &pending) == 0 && pending == 0
    }

    /// poll()'s timeout in milliseconds: -1 without a deadline, rounded up so the loop never
    /// wakes just before the deadline and spins.
    static func timeout(until deadline: Date?, now: Date = Date()) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = (deadline.timeIntervalSince(now) * 1000).rounded(.up)
        return Int32(max(0, min(milliseconds, Double(Int32.max))))
    }
}
