import CSignalDoorbell
import FoundationEssentials
import Glibc

/// Sleeps until something happens: input, a quit signal, a wake-up from another thread, or the
/// caller's deadline. Nothing wakes it at a fixed rate, so an idle dashboard costs no CPU.
///
/// Each `wait` sleeps in `epoll_wait` on the terminal's input, a self-pipe and the watched
/// descriptors, with the time left to the deadline as timeout, then drains ncurses' input
/// without blocking (docs/platform.md "Signals and the event loop"). The descriptors stay
/// registered between waits: a wake-up costs one system call to sleep again, where `poll` set up
/// and tore down a wait on each descriptor every time.
/// Use it from the thread that owns the terminal; hand `waker` to other threads.
public final class EventLoop {
    private let input: (any InputReading)?
    private let doorbell: Doorbell
    private let decoder = InputDecoder()
    private let epoll: Int32
    private var catchesSignals = false
    /// Whether a resize rings the doorbell (`installSignalHandlers`). Until it does, ncurses may
    /// hold a `KEY_RESIZE` that no descriptor shows, so each wait reads input before sleeping.
    private var resizeRings = false
    /// Whether ncurses may hold input that no descriptor shows: until the first read, and
    /// whenever the last read found something.
    private var inputMayBeHeld = true
    /// Descriptors other parts of the board need read when ready, instead of a thread each.
    private var watched: [(descriptor: Int32, onReadable: () -> Void)] = []
    private var inputOpen: Bool

    /// A loop over `input` (the `Terminal`), or over the self-pipe alone when nil.
    public init(input: (any InputReading)?) throws(TerminalError) {
        self.input = input
        doorbell = try Doorbell()
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .systemCallFailed(call: "epoll_create1", errno: errno) }
        guard Self.register(doorbell.readDescriptor, in: epoll) else {
            let failure = errno
            close(epoll)
            throw .systemCallFailed(call: "epoll_ctl", errno: failure)
        }
        let epoll = epoll
        inputOpen = input.map { Self.register($0.inputDescriptor, in: epoll) } ?? false
    }

    deinit {
        close(epoll)
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
        guard !watched.contains(where: { $0.descriptor == descriptor }), Self.register(descriptor, in: epoll) else { return }
        watched.append((descriptor, onReadable))
    }

    /// Stops watching `descriptor` (before it is closed).
    public func unwatch(_ descriptor: Int32) {
        guard watched.contains(where: { $0.descriptor == descriptor }) else { return }
        watched.removeAll { $0.descriptor == descriptor }
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused)
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
        var ready = (
            epoll_event(), epoll_event(), epoll_event(), epoll_event(),
            epoll_event(), epoll_event(), epoll_event(), epoll_event()
        )
        while true {
            let timeout = inputs.isEmpty ? Self.timeout(until: deadline) : 0
            let count = withUnsafeMutableBytes(of: &ready) { buffer in
                epoll_wait(epoll, buffer.baseAddress!.assumingMemoryBound(to: epoll_event.self), 8, timeout)
            }
            if count < 0 && errno != EINTR {
                preconditionFailure("EventLoop: epoll_wait failed: \(String(cString: strerror(errno)))")
            }
            var rang = false, inputReady: UInt32 = 0
            var readable: [Int32] = []
            withUnsafeBytes(of: &ready) { buffer in
                for event in buffer.bindMemory(to: epoll_event.self).prefix(max(0, Int(count))) {
                    let descriptor = event.data.fd
                    if descriptor == doorbell.readDescriptor {
                        rang = true
                    } else if inputOpen, let input, descriptor == input.inputDescriptor {
                        inputReady = event.events
                    } else if event.events & EPOLLIN.rawValue != 0 {
                        readable.append(descriptor)
                    } else {
                        unwatch(descriptor)  // an error or hang-up with nothing left to read
                    }
                }
            }
            // EINTR (-1): most likely SIGWINCH, which ncurses turns into KEY_RESIZE on the next
            // read, so input is read then too; so it is when the doorbell rang (it rings for one).
            if count != 0 {
                closed = inputReady != 0 && Self.hasHungUp(inputReady, input!.inputDescriptor)
                inputs += readInput()
                if closed { closeInput() }
            }
            serveWatched(readable)
            // A wait that a signal cut short (EINTR) empties the pipe too: the signal's handler
            // rang it (a resize does), and the byte left there would wake the next wait for nothing.
            let taken = doorbell.take(drainingPipe: rang || count < 0)
            var events = taken.signals.map(LoopEvent.signal)
            if !inputs.isEmpty { events.append(.input(inputs)) }
            if closed { events.append(.inputClosed) }
            if taken.woken { events.append(.wake) }
            if let deadline, Date() >= deadline { events.append(.deadline) }
            if !events.isEmpty { return events }
        }
    }

    /// Calls the handlers of the watched descriptors that were found ready and are still watched.
    private func serveWatched(_ descriptors: [Int32]) {
        for descriptor in descriptors {
            watched.first(where: { $0.descriptor == descriptor })?.onReadable()
        }
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
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, input.inputDescriptor, &unused)
    }

    /// Adds `descriptor` to `epoll` for reading; false when it cannot be (not open, say).
    private static func register(_ descriptor: Int32, in epoll: Int32) -> Bool {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = descriptor
        return epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0
    }

    /// Whether the terminal is gone: an error or hang-up, or "readable" with nothing to read (EOF),
    /// which would otherwise make every wait return at once.
    private static func hasHungUp(_ events: UInt32, _ descriptor: Int32) -> Bool {
        if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { return true }
        guard events & EPOLLIN.rawValue != 0 else { return false }
        var pending: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &pending) == 0 && pending == 0
    }

    /// epoll_wait's timeout in milliseconds: -1 without a deadline, rounded up so the loop never
    /// wakes just before the deadline and spins.
    static func timeout(until deadline: Date?, now: Date = Date()) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = (deadline.timeIntervalSince(now) * 1000).rounded(.up)
        return Int32(max(0, min(milliseconds, Double(Int32.max))))
    }
}
