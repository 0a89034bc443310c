import Foundation

/// Exponential back-off with jitter after failed timelines: the delay doubles from `base` with each
/// failure, is capped at `cap`, and a random half of it is added or left out ("equal jitter"), so
/// many tiles failing together do not retry together.
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
        let exponent = min(max(failures - 1, 0), 30)
        let full = min(cap, base * pow(2, Double(exponent)))
        return full / 2 + full / 2 * random()
    }
}

/// An error that says when trying again makes sense (a rate limit's reset time).
public protocol RetryAfterProviding: Error {
    var retryAfter: Date? { get }
}
