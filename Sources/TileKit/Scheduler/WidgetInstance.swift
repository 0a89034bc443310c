import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One tile on a board: which widget, in which family, with which parameters. `id` is stable
/// across restarts (it names the tile's cache file).
public struct WidgetInstance: Sendable {
    public var id: String
    public var widget: WidgetDescriptor
    public var family: WidgetFamily
    /// Every parameter's value, as `WidgetDescriptor.resolveParameters` returns them.
    public var parameters: [String: ParameterValue]

    public init(id: String, widget: WidgetDescriptor, family: WidgetFamily, parameters: [String: ParameterValue] = [:]) {
        self.id = id
        self.widget = widget
        self.family = family
        self.parameters = parameters
    }

    /// Whether this tile's widget computes locally with its parameters.
    public var computesLocally: Bool { widget.computesLocally(with: parameters) }
}

/// Why a tile's provider is asked for a timeline. Only `.policy` reloads count against the
/// budget (B3.7); retries are bounded by back-off instead.
public enum ReloadReason: Sendable, Hashable {
    /// The first timeline after the tile is added.
    case initial
    /// The reload policy's date came.
    case policy
    /// A retry after a failure.
    case retry
    /// The user pressed `r` or ran `tiles reload`.
    case user
    /// The tile's parameters changed.
    case configuration
    /// `WidgetCenter.reloadTimelines(ofKind:)` or `reloadAllTimelines()`.
    case widgetCenter
    /// The user pressed one of the tile's controls, here or on another board: WidgetKit reloads
    /// the timeline at once after an intent, outside the budget.
    case action

    var isBudgeted: Bool { self == .policy }
    /// Someone asked for fresh data: the user, a configuration edit, WidgetCenter.
    var isExplicit: Bool { self == .user || self == .configuration || self == .widgetCenter || self == .action }
}

/// Whether a tile's content is current, and if not, why and since when.
public struct InstanceStatus: Sendable, Hashable {
    /// True when the last attempt failed; the entries shown are older content.
    public var isStale: Bool
    /// Why the last attempt failed ("offline", "rate limited until 14:05", "timed out").
    public var reason: String?
    /// When the tile first failed in the current run of failures.
    public var since: Date?
    /// When the next attempt is planned.
    public var nextAttempt: Date?
    /// Whether a provider call is under way.
    public var isLoading: Bool
    /// True while the tile shows its placeholder (no real entry yet).
    public var isPlaceholder: Bool

    public init(isStale: Bool, reason: String? = nil, since: Date? = nil, nextAttempt: Date? = nil, isLoading: Bool = false, isPlaceholder: Bool = false) {
        self.isStale = isStale
        self.reason = reason
        self.since = since
        self.nextAttempt = nextAttempt
        self.isLoading = isLoading
        self.isPlaceholder = isPlaceholder
    }
}

/// The result of one provider call, posted from its task to the scheduler's inbox.
struct Completion: Sendable {
    let id: String
    let token: UInt64
    let result: Result<AnyTimeline, any Error>
}

/// A finished press, as the performing task reports it.
struct ActionCompletion: Sendable {
    let id: String
    let token: UInt64
    let result: Result<ActionOutcome, any Error>
}
