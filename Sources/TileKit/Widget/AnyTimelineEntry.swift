import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A timeline entry of any widget, as the scheduler and the board hold them.
public struct AnyTimelineEntry: Sendable {
    /// The widget's own entry value.
    public let base: any TimelineEntry

    public init(_ base: any TimelineEntry) {
        self.base = base
    }

    public var date: Date { base.date }
    public var relevance: TimelineEntryRelevance? { base.relevance }
    public var alert: WidgetAlert? { base.alert }
}

/// A timeline of any widget.
public struct AnyTimeline: Sendable {
    public var entries: [AnyTimelineEntry]
    public var policy: TimelineReloadPolicy

    public init(entries: [AnyTimelineEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// The entries stable-sorted by date (B3.5: equal dates keep their order).
    public var sortedEntries: [AnyTimelineEntry] {
        entries.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
    }

    /// The entry shown at `date` (B3.5): the last dated at or before it, else the first; nil when empty.
    public func entry(at date: Date) -> AnyTimelineEntry? {
        let sorted = sortedEntries
        return sorted.last(where: { $0.date <= date }) ?? sorted.first
    }

    public init<Entry: TimelineEntry>(_ timeline: Timeline<Entry>) {
        self.init(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy)
    }
}
