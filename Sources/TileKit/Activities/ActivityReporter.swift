import FoundationEssentials

/// Keeps a live activity's file in the store and the running boards up to date while its
/// command runs: each change is written and announced on the board channel, at most one every
/// ``interval``, so a command printing thousands of lines a second costs the boards a few frames.
public final class ActivityReporter {
    /// The activity as last reported.
    public private(set) var activity: LiveActivity
    private let store: ActivityStore
    private let channel: URL
    private let log: @Sendable (String) -> Void
    /// When a change waits for its turn: the moment it may be written.
    public private(set) var pendingSince: Date?
    private var lastWritten = Date.distantPast

    /// The shortest time between two writes.
    public static let interval: TimeInterval = 0.25

    /// Reports `activity` in `store`, announcing it to the boards listening in `channel`.
    public init(activity: LiveActivity, store: ActivityStore, channel: URL, log: @escaping @Sendable (String) -> Void) {
        self.activity = activity
        self.store = store
        self.channel = channel
        self.log = log
    }

    /// When the change waiting should be written; nil when none waits.
    public var nextWrite: Date? {
        pendingSince.map { _ in lastWritten.addingTimeInterval(Self.interval) }
    }

    /// Changes the activity with `change` at `now`, and writes it when its turn has come.
    public func update(at now: Date, _ change: (inout LiveActivity) -> Void) {
        let before = activity
        change(&activity)
        guard activity != before else { return }
        pendingSince = pendingSince ?? now
        writeIfDue(at: now)
    }

    /// Writes the waiting change if its turn has come.
    public func writeIfDue(at now: Date) {
        guard let due = nextWrite, now >= due else { return }
        write(at: now)
    }

    /// Writes the change waiting, if any, now, whatever the interval (the end).
    public func flush(at now: Date) {
        if pendingSince != nil { write(at: now) }
    }

    /// Writes the activity now, whatever the interval.
    public func write(at now: Date) {
        pendingSince = nil
        lastWritten = now
        do {
            try store.save(activity)
        } catch {
            log("activity \(activity.id): cannot save: \(error)")
            return
        }
        BoardChannel.send(.activityChanged(id: activity.id), directory: channel, at: now)
    }
}
