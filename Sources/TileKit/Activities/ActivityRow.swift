import FoundationEssentials
import TileBase
import TileUI

/// One row of the banner every board shows above its tiles, like the Dynamic Island: a live
/// activity's (or the alerts', or the rest's) mark, title, detail, progress and timer or ending.
/// Pure: a function of the activity and the time, shared by the terminal's banner and the web page.
public struct ActivityRow: Codable, Equatable, Sendable {
    /// `🔔` an alert, `●` running, `✓` done, `✗` failed or stopped, `+` more.
    public var mark: String
    public var title: String
    /// The last line the command printed, or the alert's body.
    public var detail: String
    /// How far it is, when it says.
    public var progress: ActivityProgress?
    /// The live timer while it runs; how it ended and how long it ran once it ended; for an
    /// alert, the key that lists them.
    public var trailing: String
    /// Whether it ended in failure (drawn in the stale colour).
    public var failed: Bool

    public init(mark: String, title: String, detail: String, progress: ActivityProgress?, trailing: String, failed: Bool) {
        self.mark = mark
        self.title = title
        self.detail = detail
        self.progress = progress
        self.trailing = trailing
        self.failed = failed
    }

    /// `activity`'s row at `now`.
    public init(_ activity: LiveActivity, now: Date) {
        let clock = LiveActivity.clock(activity.elapsed(at: now))
        guard let end = activity.end else {
            self.init(mark: "●", title: activity.title, detail: Self.detail(activity.line, showing: activity.progress),
                      progress: activity.progress, trailing: clock, failed: false)
            return
        }
        let progress = end.succeeded ? activity.progress : nil
        self.init(mark: end.succeeded ? "✓" : "✗", title: activity.title, detail: Self.detail(activity.line, showing: progress),
                  progress: progress, trailing: "\(end.summary) · \(clock)", failed: !end.succeeded)
    }

    /// The line without the progress the bar shows (`66% building` beside `━━━ 66%` reads
    /// `building`), so that the progress shows once.
    public static func detail(_ line: String, showing progress: ActivityProgress?) -> String {
        guard let progress else { return line }
        var words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let index = words.firstIndex(where: { $0 == progress.text }) else { return line }
        words.remove(at: index)
        return words.joined(separator: " ")
    }

    /// When the rows of `activities` next change by themselves: a running activity's timer ticks
    /// each second; an ended one leaves ``LiveActivity/linger`` after its end. Nil without activities.
    public static func nextChange(_ activities: [LiveActivity], now: Date) -> Date? {
        activities.map { activity -> Date in
            guard let end = activity.end else {
                return DateTextFormatter.nextTick(after: max(now, activity.startedAt), alignedTo: activity.startedAt, step: 1)
            }
            return end.at.addingTimeInterval(LiveActivity.linger)
        }.min()
    }
}
