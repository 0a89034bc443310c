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

    /// Catches each of `signals` and reports it through `doorbell`; false when it cannot.
    static func install(_ signals: [Int32], ringing doorbell: Doorbell) -> Bool {
        doorbell.catchSignals(signals)
    }
}
