import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A provider's failure that still has something to show: the timeline built from the provider's
/// last good data (or its defaults). The scheduler shows `fallback`, marks the tile stale with
/// `reason`, and retries with back-off, so dates keep turning over while a service is down.
public struct TimelineFailure: Error, CustomStringConvertible, RetryAfterProviding {
    /// Why the provider failed; its description is the tile's stale reason.
    public var reason: any Error
    /// What to show meanwhile.
    public let fallback: AnyTimeline

    /// A failure for `reason`, showing `fallback` meanwhile (its policy is ignored: retries follow back-off).
    public init<Entry: TimelineEntry>(_ reason: any Error, fallback: Timeline<Entry>) {
        self.reason = reason
        self.fallback = AnyTimeline(fallback)
    }

    public var description: String { String(describing: reason) }
    public var retryAfter: Date? { (reason as? any RetryAfterProviding)?.retryAfter }
}
