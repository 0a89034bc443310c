import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One tile's timeline state and the pure decisions about it: which entry shows, when the
/// provider is due, what a result or a failure changes.
struct InstanceState {
    var instance: WidgetInstance
    /// The current timeline's entries, stable-sorted by date (B3.5).
    private(set) var entries: [AnyTimelineEntry] = []
    private(set) var policy: TimelineReloadPolicy = .never
    /// The next provider call and why; nil when none is planned (`.never`).
    private(set) var plannedReload: (date: Date, reason: ReloadReason)?
    /// For a planned retry: the moment it was planned for, and the earliest it may join another
    /// call (its back-off's fixed half passed, `RetryPolicy.shortestDelay`). Stale once
    /// `plannedReload` is anything else.
    private var retryWindow: (planned: Date, opens: Date)?
    /// When the explicit request behind the planned call was made (`TimelineContext.freshSince`).
    private(set) var requestedAt: Date?
    private var ledger: ReloadLedger
    private(set) var inFlight: (token: UInt64, reason: ReloadReason, started: Date, deadline: Date)?
    /// When the last attempt began, while attempts fail: a retry takes no data older than it.
    private(set) var failedAttemptStart: Date?
    /// A configuration edit that arrived during a call: one more call follows it.
    private var followUp: ReloadReason?
    private var failures = 0
    private var failure: (reason: String, since: Date)?
    var liveTextTick: Date?
    /// The press of one of the tile's controls being performed, and until when it may run.
    private(set) var action: (token: UInt64, press: WidgetAction, deadline: Date, timeout: TimeInterval)?
    /// Presses whose result the tile does not show yet: performing, or waiting for the reload
    /// after (`PendingActions`).
    private(set) var pendingPresses: [WidgetAction] = []
    /// When the last press finished performing: a call started at or after it brings its result.
    private var pressesDoneAt: Date?
    /// A press sent to a streaming program, and when its answer (the program's next update) is
    /// overdue: the press's own deadline, as a one-shot program's run has.
    private(set) var awaitedUpdate: (press: WidgetAction, deadline: Date, timeout: TimeInterval)?
    /// What was last reported as drawn, to detect entry switches.
    private var shown = EntryRevision(timeline: 0, index: nil)
    /// The current timeline's number: unique among all timelines any tile accepts in this
    /// process, so that a revision never names two different entries.
    private var generation: UInt64 = 0
    private static let timelines = Atomic<UInt64>(0)

    init(instance: WidgetInstance, budget: ReloadBudget) {
        self.instance = instance
        self.ledger = ReloadLedger(budget: budget)
    }

    // MARK: Entries

    /// The entry shown at `now`: the last one dated at or before it, else the first (B3.5).
    func entry(at now: Date) -> AnyTimelineEntry? {
        entryIndex(at: now).map { entries[$0] }
    }

    /// Which entry shows at `now`, of which timeline.
    func revision(at now: Date) -> EntryRevision {
        EntryRevision(timeline: generation, index: entryIndex(at: now))
    }

    private func entryIndex(at now: Date) -> Int? {
        guard !entries.isEmpty else { return nil }
        return entries.lastIndex(where: { $0.date <= now }) ?? 0
    }

    /// Replaces the timeline (an empty one keeps the current entries) and plans the next reload
    /// from its policy (B3.6).
    mutating func accept(_ timeline: AnyTimeline, now: Date) {
        if !timeline.entries.isEmpty {
            entries = timeline.sortedEntries
            generation = Self.timelines.add(1, ordering: .relaxed).newValue
        }
        policy = timeline.policy
        switch timeline.policy {
        case .atEnd:
            let end = timeline.entries.map(\.date).max() ?? now
            plannedReload = (max(end, now), .policy)
        case .after(let date):
            plannedReload = (max(date, now), .policy)
        case .never:
            plannedReload = nil
        }
    }

    // MARK: Reloads

    /// Plans a provider call for `reason` at `date`, merging with what is planned or running.
    /// `requestedAt` is when an explicit request was made (`date` when not given).
    mutating func request(_ reason: ReloadReason, at date: Date, requestedAt: Date? = nil) {
        if inFlight != nil {
            // A call is under way and will bring a fresh timeline; only new parameters need
            // another, and an update pushed during the call (which may have missed it).
            if reason == .configuration { followUp = .configuration }
            if reason == .widgetCenter, instance.widget.pushesUpdates, followUp == nil { followUp = .widgetCenter }
            // The call under way may have read the state before the action changed it.
            if reason == .action, followUp != .configuration { followUp = .action }
            return
        }
        if let planned = plannedReload, planned.date <= date, !isBudgeted(planned.reason) {
            // Two explicit requests merge into one call that answers the later.
            if planned.reason.isExplicit, reason.isExplicit, let earlier = self.requestedAt {
                self.requestedAt = max(earlier, requestedAt ?? date)
            }
            return
        }
        plannedReload = (date, reason)
        self.requestedAt = reason.isExplicit ? requestedAt ?? date : nil
    }

    /// Whether a call for `reason` spends the reload budget: the policy's calls do, except for a
    /// widget that computes locally (`computedLocally()`): the budget spares services and
    /// batteries, and reading this machine costs neither.
    private func isBudgeted(_ reason: ReloadReason) -> Bool {
        reason.isBudgeted && !instance.computesLocally
    }

    /// The reason to call the provider now, if a call is due and the budget allows it.
    func dueReason(at now: Date) -> ReloadReason? {
        guard inFlight == nil, let planned = plannedReload else { return nil }
        return effectiveDate(of: planned) <= now ? planned.reason : nil
    }

    /// Whether a retry planned for later may start at `now` with another call: its back-off's
    /// fixed half has passed (and any date the error gave).
    func retryMayJoin(at now: Date) -> Bool {
        guard inFlight == nil, let planned = plannedReload, planned.reason == .retry,
              let window = retryWindow, window.planned == planned.date else { return false }
        return window.opens <= now
    }

    /// When a planned call may really happen: budgeted calls wait for the budget.
    private func effectiveDate(of planned: (date: Date, reason: ReloadReason)) -> Date {
        isBudgeted(planned.reason) ? ledger.earliestAllowed(atOrAfter: planned.date) : planned.date
    }

    mutating func begin(reason: ReloadReason, token: UInt64, now: Date, timeout: TimeInterval) {
        if isBudgeted(reason) { ledger.record(now) }
        plannedReload = nil
        requestedAt = nil
        // A provider that ends every call itself has no deadline here.
        inFlight = (token, reason, now, timeout.isFinite ? now.addingTimeInterval(timeout) : .distantFuture)
    }

    /// Applies a provider's result: a timeline resets failures; an error keeps the entries, marks
    /// the tile stale and plans a retry with back-off (no sooner than the error's own retry date).
    mutating func finish(_ result: Result<AnyTimeline, any Error>, now: Date, retry: RetryPolicy) {
        let started = inFlight?.started ?? now
        inFlight = nil
        if action == nil, let done = pressesDoneAt, started >= done {
            pendingPresses = []
            pressesDoneAt = nil
            awaitedUpdate = nil
        }
        switch result {
        case .success(let timeline):
            failures = 0
            failure = nil
            failedAttemptStart = nil
            accept(timeline, now: now)
        case .failure(let error):
            if let fallback = (error as? TimelineFailure)?.fallback, !fallback.entries.isEmpty {
                accept(fallback, now: now)
            }
            failures += 1
            failedAttemptStart = started
            let reason = String(describing: error)
            failure = (reason, failure?.since ?? now)
            var date = now.addingTimeInterval(retry.delay(afterFailures: failures))
            var opens = now.addingTimeInterval(retry.shortestDelay(afterFailures: failures))
            if let hinted = (error as? any RetryAfterProviding)?.retryAfter {
                date = max(date, hinted)
                opens = max(opens, hinted)
            }
            plannedReload = (date, .retry)
            retryWindow = (date, opens)
        }
        if let followUp {
            self.followUp = nil
            plannedReload = (now, followUp)
        }
    }

    mutating func cancel() {
        inFlight = nil
        followUp = nil
    }

    // MARK: Actions

    mutating func beginAction(_ press: WidgetAction, token: UInt64, now: Date, timeout: TimeInterval) {
        action = (token, press, timeout.isFinite ? now.addingTimeInterval(timeout) : .distantFuture, timeout)
        pendingPresses.append(press)
    }

    /// Applies what performing a press gave: a reload now (outside the budget), the program's
    /// own timeline, or an error that keeps the content and marks the tile stale with it.
    /// Returns that stale reason (`power: timed out after 10 s`), nil when the press was done.
    @discardableResult
    mutating func finishAction(_ result: Result<ActionOutcome, any Error>, now: Date) -> String? {
        guard let (_, press, deadline, timeout) = action else { return nil }
        action = nil
        switch result {
        case .success(.reload):
            pressesDoneAt = now
            request(.action, at: now, requestedAt: now)
        case .success(.awaitsUpdate):
            // The update the program pushes reloads the tile, and that call settles the press;
            // without one by the deadline, `expireAwaitedUpdate` fails it.
            pressesDoneAt = now
            awaitedUpdate = (press, deadline, timeout)
        case .success(.timeline(let timeline)):
            failures = 0
            failure = nil
            accept(timeline, now: now)
            pendingPresses = []
            pressesDoneAt = nil
        case .failure(let error):
            let reason = "\(press.name): \(error)"
            failure = (reason, failure?.since ?? now)
            pendingPresses = []
            pressesDoneAt = nil
            return reason
        }
        return nil
    }

    /// Fails a press whose streaming program has not answered by its deadline: the optimistic
    /// state goes, and the tile is stale with the reason. Returns the reason; nil when no press
    /// is overdue.
    mutating func expireAwaitedUpdate(now: Date) -> String? {
        guard let awaited = awaitedUpdate, now >= awaited.deadline else { return nil }
        awaitedUpdate = nil
        pendingPresses = []
        pressesDoneAt = nil
        let reason = "\(awaited.press.name): the program sent no update in answer (\(ProviderTimeout(seconds: awaited.timeout)))"
        failure = (reason, failure?.since ?? now)
        return reason
    }

    // MARK: Waking

    /// The earliest date after `now` at which this tile needs the scheduler (leaving out its live
    /// text's tick unless `includingLiveText`).
    func nextWakeDate(after now: Date, includingLiveText: Bool = true) -> Date? {
        var next: Date? = includingLiveText ? liveTextTick.flatMap { $0 > now ? $0 : now } : nil
        if let inFlight, inFlight.deadline != .distantFuture { next = earliest(next, inFlight.deadline) }
        if let action, action.deadline != .distantFuture { next = earliest(next, action.deadline) }
        if let awaitedUpdate, awaitedUpdate.deadline != .distantFuture { next = earliest(next, awaitedUpdate.deadline) }
        if inFlight == nil, let planned = plannedReload { next = earliest(next, effectiveDate(of: planned)) }
        if let upcoming = entries.first(where: { $0.date > now }) { next = earliest(next, upcoming.date) }
        return next
    }

    /// Whether the drawing changed since the last call: another entry, a new timeline, a tick.
    mutating func takeDisplayChange(now: Date) -> Bool {
        var changed = false
        let current = revision(at: now)
        if current != shown {
            shown = current
            changed = true
        }
        if let tick = liveTextTick, tick <= now {
            liveTextTick = nil
            changed = true
        }
        return changed
    }

    /// Whether the tile waits for content: a call is under way, and the tile is not a streaming
    /// one already showing updates (its calls only pick up what the program printed).
    private var isLoading: Bool {
        inFlight != nil && !(instance.widget.pushesUpdates && !entries.isEmpty)
    }

    func status(now: Date) -> InstanceStatus {
        InstanceStatus(
            isStale: failure != nil, reason: failure?.reason, since: failure?.since,
            nextAttempt: plannedReload.map(effectiveDate(of:)), isLoading: isLoading,
            isPlaceholder: entries.isEmpty)
    }
}

/// The earlier of two optional dates.
func earliest(_ a: Date?, _ b: Date?) -> Date? {
    switch (a, b) {
    case let (a?, b?): min(a, b)
    case let (a?, nil): a
    case let (nil, b): b
    }
}

/// Names the entry a tile shows: which timeline, and which of its entries (nil: none, the
/// placeholder). Another entry or a new timeline gives another revision.
public struct EntryRevision: Hashable, Sendable {
    let timeline: UInt64
    let index: Int?
}
