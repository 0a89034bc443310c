import Foundation

/// A timeline entry of any widget, as the scheduler and the board hold them.
public struct AnyTimelineEntry: Sendable {
    /// The widget's own entry value.
    public let base: any TimelineEntry

    public init(_ base: any TimelineEntry) {
        self.base = base
    }

    public var date: Date { base.date }
    public var relevance: TimelineEntryRelevance? { base.relevance }
}

/// A timeline of any widget.
public struct AnyTimeline: Sendable {
    public var entries: [AnyTimelineEntry]
    public var policy: TimelineReloadPolicy

    public init(entries: [AnyTimelineEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    init<Entry: TimelineEntry>(_ timeline: Timeline<Entry>) {
        self.init(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy)
    }
}
