import Glibc

/// Why a link did not open, worded for the status line.
public enum OpenError: Error, Equatable, CustomStringConvertible {
    /// The URL's scheme is not one tiles opens (only http, https and mailto are).
    case refusedScheme(url: String, scheme: String)
    /// No opener program was found; `tried` lists what was looked for, in order.
    case noOpener(url: String, tried: [String])
    /// The opener could not be started.
    case spawnFailed(program: String, errno: Int32)
    /// The opener ran and exited with a non-zero status.
    case exitStatus(program: String, status: Int32)
    /// The opener was killed by a signal.
    case killed(program: String, signal: Int32)

    /// A one-line message, e.g. "opener failed: xdg-open exited with status 3".
    public var description: String {
        switch self {
        case .refusedScheme(let url, let scheme):
            return "not opening \(url): tiles only opens http, https and mailto links, not \(scheme.isEmpty ? "links without a scheme" : "\(scheme):")"
        case .noOpener(let url, let tried):
            return "no program to open \(url) (tried \(tried.joined(separator: ", "))); set TILES_OPENER or BROWSER"
        case .spawnFailed(let program, let errno):
            return "opener failed: could not start \(program): \(String(cString: strerror(errno)))"
        case .exitStatus(let program, let status):
            return "opener failed: \(program) exited with status \(status)"
        case .killed(let program, let signal):
            return "opener failed: \(program) was killed by signal \(signal)"
        }
    }
}
