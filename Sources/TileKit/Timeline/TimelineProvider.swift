import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What a provider knows about the tile it serves, as WidgetKit's `TimelineProviderContext`.
public struct TimelineContext: Sendable {
    /// The family the tile is shown in.
    public var family: WidgetFamily
    /// The terminal's size class, which with the family decides the tile's grid.
    public var sizeClass: SizeClass
    /// The tile's grid in cells.
    public var gridSize: (columns: Int, rows: Int) { family.gridSize(in: sizeClass) }
    /// The tile's size in points (columns × 8, rows × 16), for code ported from SwiftUI.
    public var displaySize: (width: Double, height: Double) { family.displaySize(in: sizeClass) }
    /// True in previews and `tiles render --offline`: answer quickly, sample data is fine.
    public var isPreview: Bool
    /// Now, from the board's clock; providers never read the system clock themselves.
    public var now: Date
    /// Why the provider is asked. After an explicit request (the user, a configuration edit,
    /// WidgetCenter) a provider should not answer from data fetched before the request.
    public var reason: ReloadReason
    /// The board's appearance, for providers that lay out their own views (widgets from programs).
    public var colorScheme: ColorScheme
    /// Only data fetched at or after this moment, by this board or another, answers this call
    /// without asking the service; nil when data of any age within its freshness will do.
    /// After an explicit request: when it was made (`tiles reload` reaches every board with the
    /// same moment, so boards sharing a source fetch it once between them). On a retry: when the
    /// attempt that failed began, so that data known before the failure is not taken for a
    /// success and the tile stays stale until the service answers.
    public var freshSince: Date?
    /// The language the board speaks, for providers whose text is their own (a program's answer).
    public var language: Language

    public init(
        family: WidgetFamily, isPreview: Bool = false, now: Date, reason: ReloadReason = .policy,
        freshSince: Date? = nil, colorScheme: ColorScheme = .light, sizeClass: SizeClass = .regular,
        language: Language = Localization.language
    ) {
        self.language = language
        self.family = family
        self.sizeClass = sizeClass
        self.isPreview = isPreview
        self.now = now
        self.reason = reason
        self.freshSince = freshSince
        self.colorScheme = colorScheme
    }

    /// Whether someone explicitly asked for fresh data (`r`, `tiles reload`, an edit).
    public var isExplicitReload: Bool { reason.isExplicit }
}

/// Supplies a static widget's entries over time, as WidgetKit's `TimelineProvider` in its async form.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry

    /// An entry drawn at once, redacted, before any real data exists. Must not do slow work.
    func placeholder(in context: TimelineContext) -> Entry
    /// One entry for previews; sample data is fine when `context.isPreview`.
    func snapshot(in context: TimelineContext) async -> Entry
    /// The entries to show from now on and when to ask again. Throwing keeps the entries on
    /// screen, marks the tile stale and retries with back-off.
    func timeline(in context: TimelineContext) async throws -> Timeline<Entry>
}

/// Supplies a configurable widget's entries, as WidgetKit's `IntentTimelineProvider`: every call
/// receives the tile's current parameters.
public protocol IntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetIntent

    func placeholder(in context: TimelineContext) -> Entry
    func snapshot(for configuration: Intent, in context: TimelineContext) async -> Entry
    func timeline(for configuration: Intent, in context: TimelineContext) async throws -> Timeline<Entry>
}
