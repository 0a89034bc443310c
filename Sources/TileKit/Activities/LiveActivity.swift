import FoundationEssentials
import TileBase
import TileUI

/// Something running right now (ActivityKit's Live Activity): a command under `tiles activity
/// run`, or a script reporting with `tiles activity start/update/end`. Every board shows it from
/// its start until ``linger`` after its end (docs/extensions.md, "Live activities").
public struct LiveActivity: Codable, Hashable, Sendable {
    /// The activity's name in the store and on the command line (``isValidID(_:)``).
    public var id: String
    public var title: String
    public var startedAt: Date
    /// When its line, progress or end last changed.
    public var updatedAt: Date
    /// The last line its command printed, without control characters.
    public var line: String
    public var progress: ActivityProgress?
    /// The process reporting it (`tiles activity run`): when that is gone before an end was
    /// written, the activity ended without a status. Nil for scripts.
    public var owner: Int32?
    /// How it ended; nil while it runs.
    public var end: Ending?

    /// How an activity ended.
    public struct Ending: Codable, Hashable, Sendable {
        public var at: Date
        /// The command's exit status; nil when a signal ended it, or when it is not known.
        public var status: Int32?
        /// The signal that ended the command.
        public var signal: Int32?
        /// Why the end is not the command's own (its reporter vanished, no news for hours).
        public var note: String?

        public init(at: Date, status: Int32? = nil, signal: Int32? = nil, note: String? = nil) {
            self.at = at
            self.status = status
            self.signal = signal
            self.note = note
        }

        /// Whether the command succeeded (exit status 0).
        public var succeeded: Bool { status == 0 }

        /// `exit 2`, `interrupted`, `killed by signal 9`, or the note; `done` for success; in the
        /// language in use.
        public var summary: String {
            if let status { return status == 0 ? L("activity.done") : L("activity.exit", ["status": String(status)]) }
            if let signal { return Self.signalSummary(signal) }
            return note ?? L("activity.ended")
        }

        private static func signalSummary(_ signal: Int32) -> String {
            switch signal {
            case 2: L("activity.interrupted")
            case 15: L("activity.terminated")
            case 1: L("activity.hung_up")
            case 9: L("activity.killed")
            default: L("activity.killed_by", ["signal": String(signal)])
            }
        }
    }

    /// How long an ended activity stays on the boards.
    public static let linger: TimeInterval = 300
    /// A running activity with no news for this long has ended (ActivityKit's eight hours).
    public static let staleAfter: TimeInterval = 8 * 3600
    /// The longest title and line kept, in characters.
    public static let titleLimit = 60
    public static let lineLimit = 200

    public init(id: String, title: String, startedAt: Date, owner: Int32? = nil) {
        self.id = id
        self.title = WidgetAlert.clean(title, limit: Self.titleLimit)
        self.startedAt = startedAt
        updatedAt = startedAt
        line = ""
        self.owner = owner
    }

    /// Takes `line` (cleaned) as its last line, and the progress it shows if any.
    public mutating func report(line: String, at date: Date) {
        self.line = WidgetAlert.clean(line, limit: Self.lineLimit).trimmingSpaces()
        if let progress = ActivityProgress.find(in: self.line) { self.progress = progress }
        updatedAt = date
    }

    /// Whether `id` can name an activity: 1 to 64 ASCII letters, digits, `.`, `_` or `-`, not
    /// starting with `.`.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...64).contains(id.utf8.count), !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// An id made from `title` and `number` (a pid): `make-deploy-4242`.
    public static func makeID(title: String, number: Int32) -> String {
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || (scalar.value >= 0x30 && scalar.value <= 0x39) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
            if slug.utf8.count >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return (slug.isEmpty ? "activity" : slug) + "-\(number)"
    }

    /// The activity as the boards show it at `now`: ended on its own when its reporter is gone
    /// (`isAlive` says whether a process runs) or it had no news for ``staleAfter``; nil once it
    /// ended more than ``linger`` ago.
    public func shown(at now: Date, isAlive: (Int32) -> Bool) -> LiveActivity? {
        var activity = self
        if activity.end == nil {
            if let owner, !isAlive(owner) {
                activity.end = Ending(at: updatedAt, note: "its command vanished")
            } else if now.timeIntervalSince(updatedAt) >= Self.staleAfter {
                activity.end = Ending(at: updatedAt.addingTimeInterval(Self.staleAfter), note: "no news for 8 hours")
            }
        }
        if let end = activity.end, now.timeIntervalSince(end.at) >= Self.linger { return nil }
        return activity
    }

    /// How long it has run at `now` (until its end once it ended).
    public func elapsed(at now: Date) -> TimeInterval {
        max(0, (end?.at ?? now).timeIntervalSince(startedAt))
    }

    /// `0:07`, `12:30`, `1:02:03`: whole seconds of `interval`, as `Text(_:style: .timer)` shows them.
    public static func clock(_ interval: TimeInterval) -> String {
        DateTextFormatter.clock(Int(max(0, interval)), showsHours: true)
    }

    /// The alert its end gives: what ended, how, and its last line.
    public var endAlert: WidgetAlert? {
        guard let end else { return nil }
        let heading = end.succeeded ? L("activity.finished_title", ["title": title])
            : end.status != nil ? L("activity.failed_title", ["title": title, "summary": end.summary])
            : L("activity.ended_title", ["title": title, "summary": end.summary])
        let body = [LiveActivity.clock(elapsed(at: end.at)), line].filter { !$0.isEmpty }.joined(separator: " · ")
        return WidgetAlert(title: heading, body: body, sound: true)
    }
}
