import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Why a fetch from a remote service failed, in terms a widget's status line can show.
///
/// The fetcher never retries; the scheduler reads ``retryAfter`` and the case to decide when
/// to try again. No case ever carries a request header, so a token cannot leak through one.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no network to reach the server over: no route to it, or no answer from DNS at
    /// all. The string names the cause.
    case offline(String)
    /// The host name has no address (`cannot resolve api.github.com`).
    case cannotResolve(host: String)
    /// The server was reached but refused the connection, dropped it, did not answer in time,
    /// or failed TLS for another reason than its certificate; the string says which.
    case cannotConnect(String)
    /// The server's certificate was refused; the string says why in a person's words
    /// (`certificate expired`, `certificate is for example.com, not 127.0.0.1`).
    case certificate(String)
    /// The proxy the request went through failed it: could not be reached, refused the tunnel,
    /// asked for credentials or did not answer. The string names the proxy, never its password.
    case proxy(String)
    /// The whole request (connect, head and body) did not finish within the total timeout.
    case timedOut
    /// The service asked us to slow down (429, or 403 with `x-ratelimit-remaining: 0`);
    /// `until` is when it says to try again, when it said.
    case rateLimited(until: Date?)
    /// Any other 4xx/5xx (or unexpected) status, with the service's own message if it sent one.
    case http(status: Int, message: String?)
    /// The body was larger than the configured maximum, so reading it was abandoned.
    case tooLarge
    /// The response (or, for a non-http(s) URL, the request) could not be understood; the
    /// string says which part was wrong.
    case malformed(String)
    /// The response arrived whole but is not the document it should be (a feed that is not
    /// well-formed XML, a calendar libical cannot read); the string says why, as the tile shows it.
    case unreadable(String)
    /// The task waiting for the response was cancelled.
    case cancelled

    /// A short status-line text such as "offline", "cannot resolve api.github.com", "certificate
    /// expired", "rate limited until 14:05", "HTTP 500" or a 4xx message like "branch not found:
    /// o/r@main", with times in the current time zone.
    public var description: String {
        description(in: SystemTimeZone.process)
    }

    /// A short status-line text, showing a rate-limit end time as HH:mm in `timeZone`.
    public func description(in timeZone: Zone) -> String {
        switch self {
        case .offline:
            return "offline"
        case .cannotResolve(let host):
            return "cannot resolve \(host)"
        case .cannotConnect(let reason), .certificate(let reason), .proxy(let reason):
            return reason
        case .timedOut:
            return "timed out"
        case .rateLimited(let until):
            guard let until else { return "rate limited" }
            return "rate limited until \(timeZone.localTime(for: until).hourMinute)"
        case .http(let status, let message):
            // A 4xx message says what the user got wrong; a 5xx one rarely helps on a status line.
            guard let message, (400..<500).contains(status) else { return "HTTP \(status)" }
            return message
        case .tooLarge:
            return "response too large"
        case .malformed:
            return "bad response"
        case .unreadable(let reason):
            return reason
        case .cancelled:
            return "cancelled"
        }
    }

    /// A longer text for logs: the status-line text plus the detail the case carries.
    public var detail: String {
        switch self {
        case .offline(let reason): return "offline: \(reason)"
        case .http(let status, let message): return "HTTP \(status)" + (message.map { ": \($0)" } ?? "")
        case .malformed(let reason): return "bad response: \(reason)"
        default: return description
        }
    }

    /// When the service said it is worth trying again, if it said; `nil` leaves the choice
    /// to the scheduler's back-off.
    public var retryAfter: Date? {
        if case .rateLimited(let until) = self {
            return until
        }
        return nil
    }
}
