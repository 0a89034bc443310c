import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// One entry of a widget served by a program: when it shows, how relevant it is, the URL a tap
/// opens, and what to draw (a view tree in JSON, or text with SGR colours).
public struct ExtensionEntry: TimelineEntry, Equatable {
    /// What an entry draws.
    public enum Content: Codable, Sendable, Equatable {
        /// A view tree, as canonical JSON text (checked when the timeline was read).
        case view(String)
        /// A text widget's output: printable text and SGR sequences only.
        case text(String)
        /// Nothing yet: the placeholder.
        case placeholder
    }

    public var date: Date
    public var relevance: TimelineEntryRelevance?
    /// The entry's widgetURL (tapping the tile opens it).
    public var url: String?
    public var content: Content
    /// What to tell the user when the entry becomes current.
    public var alert: WidgetAlert?

    public init(date: Date, relevance: TimelineEntryRelevance? = nil, url: String? = nil, content: Content, alert: WidgetAlert? = nil) {
        self.date = date
        self.relevance = relevance
        self.url = url
        self.content = content
        self.alert = alert
    }
}
