import FoundationEssentials
import TileKit

/// What the board's sources hold as a frame begins, read by the shell and handed to `update` as
/// `.observed`: the rules that choose from it (which alerts to give, which activities show, which
/// Smart Stack member is on top) are then functions of the state, tested without a terminal.
public struct BoardObservation: Sendable {
    /// The moment it was read.
    public var now: Date
    /// The alert of each widget's current entry (not a placeholder), with its tile.
    public var alerts: [PendingAlert]
    /// Each Smart Stack member's timeline, by scheduler id.
    public var stackEntries: [String: [AnyTimelineEntry]]
    /// The live activities that show now; nil when the board hears of none.
    public var activities: [LiveActivity]?

    public init(now: Date, alerts: [PendingAlert] = [], stackEntries: [String: [AnyTimelineEntry]] = [:], activities: [LiveActivity]? = nil) {
        self.now = now
        self.alerts = alerts
        self.stackEntries = stackEntries
        self.activities = activities
    }
}
