import CSignalDoorbell
import FoundationEssentials
import Glibc
import TileBase

/// Sleeps until something happens: input, a quit signal, a wake-up from another thread, or the
/// caller's deadline. Nothing wakes it at a fixed rate, so an idle dashboard costs no CPU.
///
/// Each `wait` runs turns of the board's `Reactor` (epoll on the terminal's input, the
/// doorbell's self-pipe and the watched descriptors, with the time left to the deadline as
/// timeout), then drains ncurses' input without blocking (docs/platform.md "Signals and the
/// event loop"). The descriptors stay registered between waits: a wake-up costs one system call
/// to sleep again. Use it from the thread that owns the terminal; hand `waker` to other threads.
public final class EventLoop {
    private let input: (any InputReading)?
    private let doorbell: Doorbell
    private let decoder = InputDecoder()
    /// The board thread's reactor: the terminal, the doorbell and the watched descriptors.
    public let reactor = Reactor(name: "tiles.board")
    private var catchesSignals = false
    /// Whether a resize rings the doorbell (`installSignalHandlers`). Until it does, ncurses may
    /// hold a `KEY_RESIZE` that no descriptor shows, so each wait reads input before sleeping.
    private var resizeRings = false
    /// Whether ncurses may hold input that no descriptor shows: until the first read, and
    /// whenever the last read found something.
    private var inputMayBeHeld = true
    private var inputOpen: Bool
    // What the current turn's handlers saw.
    private var rang = false
    private var inputEvents: Reactor.Events = []

    /// A loop over `input` (the `Terminal`), or over the self-pipe alone when nil.
    public init(input: (any InputReading)?) throws(TerminalError) {
        self.input = input
        doorbell = try Doorbell()
        inputOpen = false
        guard reactor.watch(doorbell.readDescriptor, for: .readable, { [unowned self] _ in rang = true }) else {
            throw .systemCallFailed(call: "epoll_ctl", errno: errno)
        }
        if let input {
            inputOpen = reactor.watch(input.inputDescriptor, for: .readable) { [unowned self] events in inputEvents = events }
        }
    }

    /// Unblocks every signal in the calling thread. Call first thing in `main`: a parent (a test
    /// runner's `Process`, say) may have left signals blocked, and then SIGWINCH and the quit
    /// signals never arrive.
    public static func resetSignalMask() {
        SignalHandling.resetSignalMask()
    }

    /// Reports SIGINT, SIGTERM and SIGHUP as `.signal` instead of letting them (or ncurses)
    /// end the process, and SIGTSTP instead of letting ncurses suspend it. SIGWINCH is left to
    /// ncurses, which turns it into a resize event; call this after the terminal has started, so
    /// that the doorbell rings after ncurses' handler and the resize is read at once.
    public func installSignalHandlers() {
        guard !catchesSignals else { return }
        catchesSignals = SignalHandling.install(SignalHandling.quitSignals + [SignalHandling.suspendSignal], ringing: doorbell)
        if catchesSignals { ringOnResize() }
    }

    /// Rings the doorbell after the handler of the resize signal (ncurses'), so that a resize is
    /// read at once, whichever thread the signal lands on, and a wait need not read input before
    /// it sleeps (one system call fewer per wake-up: the 1 Hz tick is write and wait, as in C).
    func ringOnResize() {
        resizeRings = resizeRings || doorbell.ringAfter(SignalHandling.resizeSignal)
    }

    /// Calls `onReadable` on the loop's thread, inside `wait`, whenever `descriptor` is readable
    /// (a listening socket, an inotify descriptor): what would otherwise be a thread blocked on
    /// it. The handler reads what is there without blocking, and wakes the loop (`wakeUp`) if
    /// the board has something to do. A descriptor that is not open, or later fails, is dropped.
    public func watch(_ descriptor: Int32, onReadable: @escaping () -> Void) {
        guard !reactor.isWatching(descriptor) else { return }
        reactor.watch(descriptor, for: .readable) { [unowned self] events in
            if events.contains(.readable) {
                onReadable()
            } else {
                unwatch(descriptor)  // an error or hang-up with nothing left to read
            }
        }
    }

    /// Stops watching `descriptor` (before it is closed).
    public func unwatch(_ descriptor: Int32) {
        reactor.unwatch(descriptor)
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
        // Input ncurses already holds (or a resize flagged before the doorbell rang for it) does
        // not make a descriptor readable, so look before sleeping while that can be.
        var inputs = inputMayBeHeld || !resizeRings ? readInput() : []
        var closed = false
        while true {
            rang = false
            inputEvents = []
            let due = inputs.isEmpty ? deadline.map { Self.instant(of: $0) } : Reactor.now
            let wait = reactor.runTurn(until: due)
            // Interrupted: most likely SIGWINCH, which ncurses turns into KEY_RESIZE on the next
            // read, so input is read then too; so it is when the doorbell rang (it rings for one).
            if wait != .timedOut {
                closed = !inputEvents.isEmpty && Self.hasHungUp(inputEvents, input!.inputDescriptor)
                inputs += readInput()
                if closed { closeInput() }
            }
            // A wait that a signal cut short empties the pipe too: the signal's handler rang it
            // (a resize does), and the byte left there would wake the next wait for nothing.
            let taken = doorbell.take(drainingPipe: rang || wait == .interrupted)
            var events = taken.signals.map(LoopEvent.signal)
            if !inputs.isEmpty { events.append(.input(inputs)) }
            if closed { events.append(.inputClosed) }
            if taken.woken { events.append(.wake) }
            if let deadline, Date() >= deadline { events.append(.deadline) }
            if !events.isEmpty { return events }
        }
    }

    /// The reactor's instant for a wall-clock `deadline`: the board's timers are dates (its
    /// clock is injected), the reactor's are monotonic.
    static func instant(of deadline: Date, now: Date = Date()) -> Reactor.Instant {
        let seconds = deadline.timeIntervalSince(now)
        return Reactor.now.advanced(by: seconds <= 0 ? .zero : .seconds(min(seconds, 1e9)))
    }

    /// Decoded input ready now.
    private func readInput() -> [InputEvent] {
        guard inputOpen, let input else { return [] }
        let raw = input.readPendingInput()
        inputMayBeHeld = !raw.isEmpty
        return decoder.decode(raw)
    }

    /// Stops reading a terminal that is gone.
    private func closeInput() {
        guard inputOpen, let input else { return }
        inputOpen = false
        reactor.unwatch(input.inputDescriptor)
    }

    /// Whether the terminal is gone: an error or hang-up, or "readable" with nothing to read (EOF),
    /// which would otherwise make every wait return at once.
    private static func hasHungUp(_ events: Reactor.Events, _ descriptor: Int32) -> Bool {
        if !events.isDisjoint(with: [.hangUp, .error]) { return true }
        guard events.contains(.readable) else { return false }
        var pending: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &pending) == 0 && pending == 0
    }
}
