import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One moment of a widget's content, as WidgetKit's `TimelineEntry`: the date it becomes current
/// and how relevant it is for Smart Stack rotation. Entries are `Codable` so the last timeline
/// survives a restart (the entry cache).
public protocol TimelineEntry: Codable, Sendable {
    /// When this entry becomes the one shown.
    var date: Date { get }
    /// How relevant the entry is compared with this widget's other entries; nil means unscored.
    var relevance: TimelineEntryRelevance? { get }
    /// What to tell the user, once, when the entry becomes current; nil for most entries.
    var alert: WidgetAlert? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
    public var alert: WidgetAlert? { nil }
}

/// How relevant an entry is (docs/rules.md B6.2): a score compared only with the same widget's other
/// scores, and how many seconds after the entry's date the score applies (0: until the next entry).
public struct TimelineEntryRelevance: Codable, Hashable, Sendable {
    public var score: Float
    public var duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// When to ask the provider for the next timeline (docs/rules.md B3.6).
public enum TimelineReloadPolicy: Codable, Hashable, Sendable {
    /// After the last entry's date.
    case atEnd
    /// At the given date, whether or not entries remain.
    case after(Date)
    /// Only when something asks: WidgetCenter, a configuration edit, the user.
    case never
}

/// The entries a provider returns and when to ask again, as WidgetKit's `Timeline`.
public struct Timeline<Entry: TimelineEntry>: Sendable {
    public var entries: [Entry]
    public var policy: TimelineReloadPolicy

    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
