import CSignalDoorbell
import Glibc

/// The process-wide signal set-up of docs/platform.md: ncurses must not catch SIGINT/SIGTERM/SIGHUP
/// (it would exit 1 without letting tiles save) nor SIGTSTP, and SIGWINCH stays with ncurses
/// (`KEY_RESIZE`), whose handler also rings the loop's doorbell (`resizeSignal`).
enum SignalHandling {
    /// The signals the event loop reports as `.signal` that end the board.
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The signal that suspends the board (`kill -TSTP`; Ctrl-Z is a key in raw mode), also
    /// reported as `.signal`. ncurses' own handler would redraw its idea of the screen on resume,
    /// which is blank: tiles draws its frames itself (`TerminalWriter`).
    static let suspendSignal: Int32 = SIGTSTP

    /// The signal ncurses turns into `KEY_RESIZE`. Its handler stays; the doorbell rings after
    /// it, so that the loop reads the key at once and need not look for it before each sleep.
    static let resizeSignal: Int32 = SIGWINCH

    /// Stops the process as an uncaught `suspendSignal` would, returning once it is continued.
    /// Give the terminal back first.
    static func suspendProcess() {
        _ = tiles_signals_suspend(suspendSignal)
    }

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
