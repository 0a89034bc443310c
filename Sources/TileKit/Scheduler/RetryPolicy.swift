import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Exponential back-off with jitter after failed timelines: the delay doubles from `base` with each
/// failure, is capped at `cap`, and a random half of it is added or left out ("equal jitter"), so
/// that boards and machines that failed together do not retry together. Within one board the
/// scheduler gathers them again: a retry may start as soon as its fixed half has passed, with
/// another call that starts then (`TimelineScheduler.processDue`), so that tiles failing together
/// retry at one moment, the first one's.
public struct RetryPolicy: Sendable {
    public var base: TimeInterval
    public var cap: TimeInterval
    /// A number in [0, 1) per retry; injectable so tests are deterministic.
    public var random: @Sendable () -> Double

    public init(base: TimeInterval = 30, cap: TimeInterval = 30 * 60, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.base = base
        self.cap = cap
        self.random = random
    }

    /// Seconds to wait after the `failures`-th failure in a row (1-based).
    public func delay(afterFailures failures: Int) -> TimeInterval {
        let full = fullDelay(afterFailures: failures)
        return full / 2 + full / 2 * random()
    }

    /// The least `delay(afterFailures:)` can be: its fixed half.
    public func shortestDelay(afterFailures failures: Int) -> TimeInterval {
        fullDelay(afterFailures: failures) / 2
    }

    private func fullDelay(afterFailures failures: Int) -> TimeInterval {
        let exponent = min(max(failures - 1, 0), 30)
        return min(cap, base * pow(2, Double(exponent)))
    }
}

/// An error that says when trying again makes sense (a rate limit's reset time).
public protocol RetryAfterProviding: Error {
    var retryAfter: Date? { get }
}
