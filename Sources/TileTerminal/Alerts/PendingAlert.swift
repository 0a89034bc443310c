import FoundationEssentials
import TileKit

/// An alert a board could give: a current entry's, or a live activity's end. `key` makes it
/// once-only across the user's boards (`AlertCenter.key`).
public struct PendingAlert: Equatable, Sendable {
    public var key: String
    public var alert: WidgetAlert
    /// The widget's display name, for the banner and the history.
    public var widget: String
    /// The tile it is on; nil for a live activity's.
    public var tileID: String?
    /// When it became news: the entry's date, or when the activity ended.
    public var date: Date

    public init(key: String, alert: WidgetAlert, widget: String, tileID: String?, date: Date) {
        self.key = key
        self.alert = alert
        self.widget = widget
        self.tileID = tileID
        self.date = date
    }

    /// The alerts to give at `now` of `sightings` (current entries') and of `activities` that
    /// ended: entries current for less than ``AlertCenter/maximumAge``, activities ended less
    /// than ``activityNewsAge`` ago (older ones ended when the user was not there to be told).
    public static func choose(_ sightings: [PendingAlert], activities: [LiveActivity], now: Date) -> [PendingAlert] {
        var chosen = sightings.filter { now.timeIntervalSince($0.date) < AlertCenter.maximumAge }
        for activity in activities {
            guard let end = activity.end, let alert = activity.endAlert, now.timeIntervalSince(end.at) < activityNewsAge else { continue }
            chosen.append(PendingAlert(key: AlertCenter.key(activity: activity.id, endedAt: end.at), alert: alert, widget: activity.title, tileID: nil, date: end.at))
        }
        return chosen
    }

    /// An activity that ended longer ago than this, when the board first sees it, ended
    /// without an alert.
    public static let activityNewsAge: TimeInterval = 60
}
