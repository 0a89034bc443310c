import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why the terminal front end cannot start or keep running, worded for the person at the keyboard.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// The named standard stream ("stdout" or "stdin") is not connected to a terminal.
    case notATerminal(stream: String)
    /// `TERM` is unset or empty.
    case termNotSet
    /// `TERM` names no terminfo entry on this machine.
    case unknownTerminal(String)
    /// `TERM` names a terminal that cannot move the cursor (such as `dumb`).
    case dumbTerminal(String)
    /// Neither the user's locale nor `C.UTF-8` gives UTF-8, so wide text would be garbled.
    case noUTF8Locale(String)
    /// ncurses refused to start on this terminal.
    case setupFailed(term: String)
    /// A system call the front end needs failed; `errno` is its error number.
    case systemCallFailed(call: String, errno: Int32)

    /// The message to print (on stderr, before exiting with status 2).
    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "tiles needs a terminal: \(stream) is not a TTY (try `tiles render` to print a widget instead)"
        case .termNotSet:
            return "tiles needs a terminal: TERM is not set (set it to your terminal's type, e.g. TERM=xterm-256color)"
        case .unknownTerminal(let term):
            return "tiles does not know the terminal TERM=\(term): no terminfo entry for it "
                + "(install ncurses-term, or set TERM=xterm-256color)"
        case .dumbTerminal(let term):
            return "tiles needs a terminal that can move the cursor, and TERM=\(term) cannot "
                + "(use a terminal such as xterm-256color, or `tiles render` to print a widget)"
        case .noUTF8Locale(let tried):
            return "tiles needs a UTF-8 locale: \(tried) is not UTF-8 and C.UTF-8 is not installed "
                + "(set LANG to a UTF-8 locale, e.g. LANG=C.UTF-8)"
        case .setupFailed(let term):
            return "tiles could not start ncurses on TERM=\(term) (check that TERM matches your terminal)"
        case .systemCallFailed(let call, let errno):
            return "tiles could not set up the terminal: \(call) failed: \(String(cString: strerror(errno)))"
        }
    }
}
