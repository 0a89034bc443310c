import Dispatch
import Glibc

/// The process-wide signal set-up of docs/platform.md: ncurses must not catch SIGINT/SIGTERM/SIGHUP
/// (it would exit 1 without letting tiles save), and SIGWINCH stays with ncurses (`KEY_RESIZE`).
enum SignalHandling {
    /// The signals the event loop reports as `.signal`.
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Unblocks every signal in the calling thread. Call first thing in `main`: a parent (a test
    /// runner's `Process`, say) may have left most signals blocked, and then SIGWINCH and the
    /// quit signals never arrive.
    static func resetSignalMask() {
        var empty = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, nil)
    }

    /// Ignores each of `signals` and delivers it to `doorbell` from a dispatch source instead.
    static func install(_ signals: [Int32], ringing doorbell: Doorbell) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "tiles.signals")
        return signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // @Sendable: a closure formed in main-actor code would otherwise inherit the actor and
            // trap when the source fires off the main thread (docs/platform.md).
            source.setEventHandler { @Sendable in doorbell.signal(number) }
            source.resume()
            return source
        }
    }
}
