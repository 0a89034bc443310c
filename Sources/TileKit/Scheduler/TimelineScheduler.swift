import FoundationEssentials
import Synchronization
import TileBase
#if canImport(Glibc)
import Glibc
#endif

// One file, longer than most: every path of a tile's timeline (a reload's start, its end, a
// failure's back-off, a press and its reload) changes the same per-tile state, which nothing
// outside this file may touch; split, each part would need that state opened to the others.

/// Runs every tile's timeline on a board (docs/rules.md B3, B6): which entry shows now, when to ask
/// each provider again within its budget, retries with back-off, timeouts, merging of requests.
///
/// Nothing in it sleeps or polls. The event loop asks `nextWakeDate()`, sleeps until then (or
/// until `wake` is called because a provider finished), and calls `processDue()`. Owned by one
/// thread; provider calls run as tasks and report back through a locked inbox.
public final class TimelineScheduler {
    /// Tunables: budget, provider timeout, back-off.
    public struct Configuration: Sendable {
        public var budget: ReloadBudget
        /// How long a provider may take before its call counts as failed (default 15 s), unless
        /// its widget sets a longer `WidgetDescriptor.callTimeout`.
        public var timeout: TimeInterval
        public var retry: RetryPolicy

        public init(budget: ReloadBudget = ReloadBudget(), timeout: TimeInterval = 15, retry: RetryPolicy = RetryPolicy()) {
            self.budget = budget
            self.timeout = timeout
            self.retry = retry
        }

        /// How long a call to `widget`'s provider may take: `timeout`, or the widget's own when it
        /// sets a longer one (a program's `timeout`).
        public func callTimeout(for widget: WidgetDescriptor) -> TimeInterval {
            max(timeout, widget.callTimeout ?? 0)
        }
    }

    public let configuration: Configuration
    private let clock: any WallClock
    private let cache: EntryCache?
    private let center: WidgetCenter
    private let subscription: WidgetCenter.Subscription
    private let wake: @Sendable () -> Void
    private let log: @Sendable (String) -> Void
    /// Finished provider calls waiting for the scheduler's thread.
    private let inbox = TakeAllQueue<Completion>()
    /// Finished presses waiting for the scheduler's thread.
    private let actionInbox = TakeAllQueue<ActionCompletion>()
    /// The store intents see (`IntentContext.store`).
    public var sharedStore: SharedStore?
    /// Presses that finished since `takeFinishedActions()` was last called.
    private var finishedActions: [FinishedAction] = []
    /// Presses performed whose result comes with the tile's next call (a reload, a streaming
    /// program's update), by tile: each is reported finished when that call ends, with its error.
    private var settling: [String: (press: WidgetAction, performedAt: Date)] = [:]

    /// A press that finished: performed (the tile reloads), or failed with the reason shown.
    public struct FinishedAction: Sendable, Equatable {
        public var id: String
        public var kind: String
        public var action: WidgetAction
        /// Why it failed; nil when it was performed.
        public var failure: String?
        /// When it was performed: the moment the tile's reload asks data to be fresh from, which
        /// other boards reloading the widget use too, so that they share what this board fetches.
        /// A press whose result comes with the tile's next call is reported when that call ends.
        public var finishedAt: Date
    }
    /// Each tile's state, boxed so that it is read and changed in place: through a dictionary of
    /// the structs themselves, reading one field copied the whole state (its entries, ledger and
    /// strings) and every change wrote a copy back, on every tick.
    private var instances: [String: StateBox] = [:]

    private final class StateBox {
        var state: InstanceState
        init(_ state: InstanceState) { self.state = state }

        /// Runs `body` on the state in place. A method called on `state` itself works on a copy
        /// of the whole struct (the access to the class's property ends before the call), which
        /// the tick's lookups paid for four times a tile.
        func inPlace<Result>(_ body: (inout InstanceState) -> Result) -> Result { body(&state) }
    }
    /// Tile ids in the order they were added.
    private var order: [String] = []
    private var nextToken: UInt64 = 1
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// How many times each tile's provider has been called (for tests and the benchmark).
    public private(set) var providerCalls: [String: Int] = [:]
    /// Whether new timelines wait in memory for `writeHeldCache()` instead of being written to
    /// the entry cache as they are applied. The board holds them while it builds its first frame,
    /// which writing a timeline (encoding it, writing a file) would delay by a million
    /// instructions (docs/performance.md).
    public var holdsCacheWrites = false
    /// The tiles whose timelines wait to be written, in the order they came, with when.
    private var heldCacheWrites: [(id: String, at: Date)] = []

    /// A scheduler reading time from `clock`, persisting timelines in `cache`, taking requests from
    /// `center`, and calling `wake` (from any thread) when a provider finishes.
    public init(
        clock: any WallClock, configuration: Configuration = Configuration(), cache: EntryCache? = nil,
        center: WidgetCenter = .shared, wake: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.log = log
        self.clock = clock
        self.configuration = configuration
        self.cache = cache
        self.center = center
        self.wake = wake
        self.subscription = center.subscribe(wake: wake)
    }

    deinit {
        for task in tasks.values { task.cancel() }
        center.unsubscribe(subscription)
    }

    // MARK: Tiles

    /// Adds a tile. Its cached timeline, if any, shows at once; otherwise its placeholder. The first
    /// timeline is requested now (free), or at the cached reload date when that is still ahead.
    public func add(_ instance: WidgetInstance) {
        let now = clock.now()
        var state = InstanceState(instance: instance, budget: configuration.budget)
        if let record = cache?.load(instance), !record.entries.isEmpty {
            state.accept(AnyTimeline(entries: record.entries, policy: record.policy), now: now)
            state.request(.initial, at: max(now, record.nextReload ?? now))
        } else {
            state.request(.initial, at: now)
        }
        if instances[instance.id] == nil { order.append(instance.id) }
        cancelCall(of: instance.id)
        instances[instance.id] = StateBox(state)
        publishConfigurations()
    }

    /// Removes a tile and cancels its provider call.
    public func remove(id: String) {
        cancelCall(of: id)
        instances[id] = nil
        order.removeAll { $0 == id }
        publishConfigurations()
    }

    /// Shows a tile in another family: the current entry is drawn again, and the provider is not
    /// called unless the widget lays out each family itself, when it is asked at once, free of budget.
    public func setFamily(_ family: WidgetFamily, for id: String) {
        guard let box = instances[id], box.state.instance.family != family else { return }
        box.state.instance.family = family
        if box.state.instance.widget.timelinePerFamily { box.state.request(.configuration, at: clock.now()) }
        publishConfigurations()
    }

    /// New parameters for a tile (a configuration edit): its cache no longer applies and the
    /// provider is asked at once, free of budget (B3.7 [T]).
    public func setParameters(_ parameters: [String: ParameterValue], for id: String) {
        guard let box = instances[id], box.state.instance.parameters != parameters else { return }
        box.state.instance.parameters = parameters
        box.state.request(.configuration, at: clock.now())
        publishConfigurations()
    }

    /// The board's appearance, passed to providers. Widgets that lay out each family themselves
    /// are asked again when it changes, free of budget.
    public private(set) var colorScheme: ColorScheme = .light

    /// Sets the appearance providers are told about.
    public func setColorScheme(_ scheme: ColorScheme) {
        guard scheme != colorScheme else { return }
        colorScheme = scheme
        for id in order where instances[id]?.state.instance.widget.timelinePerFamily == true {
            instances[id]?.state.request(.configuration, at: clock.now())
        }
    }

    /// The terminal's size class, passed to providers. Widgets that lay out each family
    /// themselves are asked again when it changes (their grids changed), free of budget.
    public private(set) var sizeClass: SizeClass = .regular

    /// Sets the size class providers are told about.
    public func setSizeClass(_ sizeClass: SizeClass) {
        guard sizeClass != self.sizeClass else { return }
        self.sizeClass = sizeClass
        for id in order where instances[id]?.state.instance.widget.timelinePerFamily == true {
            instances[id]?.state.request(.configuration, at: clock.now())
        }
    }

    /// Asks a tile's provider again now. A request made while a call is under way merges into it.
    public func reload(id: String, reason: ReloadReason = .user) {
        reload(id: id, reason: reason, requestedAt: clock.now())
    }

    private func reload(id: String, reason: ReloadReason, requestedAt: Date) {
        instances[id]?.state.request(reason, at: clock.now(), requestedAt: requestedAt)
    }

    /// Performs a press of one of tile `id`'s controls off the loop, with the provider timeout;
    /// when it is done the tile reloads at once, free of budget. One press runs at a time per
    /// tile: a second is refused, since it would act on a state the first is changing.
    public func perform(_ press: WidgetAction, for id: String) -> Result<Void, ActionError> {
        guard let box = instances[id] else { return .failure(ActionError("no tile \(id)")) }
        let widget = box.state.instance.widget
        guard widget.hasActions else { return .failure(ActionError("\(id) has no actions")) }
        if let running = box.state.action {
            return .failure(ActionError("\(id) is still running \"\(running.press.name)\"; press again when it is done"))
        }
        let now = clock.now()
        let token = nextToken
        nextToken += 1
        box.state.beginAction(press, token: token, now: now, timeout: configuration.callTimeout(for: widget))
        let instance = box.state.instance
        let tile = TimelineContext(
            family: instance.family, now: now, reason: .action, freshSince: now, colorScheme: colorScheme, sizeClass: sizeClass)
        let context = IntentContext(kind: widget.kind, parameters: instance.parameters, tile: tile, store: sharedStore)
        let post: @Sendable (ActionCompletion) -> Void = { [actionInbox, wake] completion in
            actionInbox.append(completion)
            wake()
        }
        tasks[token] = Task(executorPreference: ProviderExecutor.shared) {
            do {
                let outcome = try await widget.perform(press, in: context)
                post(ActionCompletion(id: id, token: token, result: .success(outcome)))
            } catch {
                post(ActionCompletion(id: id, token: token, result: .failure(error)))
            }
        }
        return .success(())
    }

    /// The presses that finished since the last call, in order.
    public func takeFinishedActions() -> [FinishedAction] {
        defer { finishedActions = [] }
        return finishedActions
    }

    /// The presses of tile `id` whose result it does not show yet.
    public func pendingActions(for id: String) -> PendingActions {
        PendingActions(instances[id]?.state.pendingPresses ?? [])
    }

    /// Reloads every tile of `kind`.
    public func reload(kind: String, reason: ReloadReason = .user) {
        for id in order where instances[id]?.state.instance.widget.kind == kind { reload(id: id, reason: reason) }
    }

    /// Reloads every tile.
    public func reloadAll(reason: ReloadReason = .user) {
        for id in order { reload(id: id, reason: reason) }
    }

    /// Tells the scheduler when a tile's live text next changes (from the last render), so the
    /// wake-up date includes it while the tile is visible; nil when nothing ticks.
    public func setLiveTextTick(_ date: Date?, for id: String, visible: Bool = true) {
        instances[id]?.state.liveTextTick = visible ? date : nil
    }

    // MARK: What to show

    /// The tiles, in the order they were added.
    public var instanceIDs: [String] { order }

    /// The tile's instance as it is now (family and parameters included).
    public func instance(_ id: String) -> WidgetInstance? { instances[id]?.state.instance }

    /// The entry a tile shows now (B3.5), and whether it is the placeholder.
    public func currentEntry(for id: String) -> (entry: AnyTimelineEntry, isPlaceholder: Bool)? {
        currentEntryAndRevision(for: id).map { ($0.entry, $0.isPlaceholder) }
    }

    /// The entry a tile shows now, whether it is the placeholder, and which entry of which
    /// timeline it is: two drawings of one revision draw the same entry. Nil for the placeholder,
    /// which is made anew for each moment.
    public func currentEntryAndRevision(
        for id: String
    ) -> (entry: AnyTimelineEntry, isPlaceholder: Bool, revision: EntryRevision?)? {
        guard let box = instances[id] else { return nil }
        let now = clock.now()
        let sizeClass = sizeClass
        return box.inPlace { state in
            if let entry = state.entry(at: now) { return (entry, false, state.revision(at: now)) }
            let context = TimelineContext(family: state.instance.family, now: now, sizeClass: sizeClass)
            return (state.instance.widget.placeholder(in: context), true, nil)
        }
    }

    /// The entries a tile holds (for Smart Stack relevance and tests).
    public func entries(for id: String) -> [AnyTimelineEntry] { instances[id]?.state.entries ?? [] }

    /// Whether a tile is stale, loading or showing its placeholder.
    public func status(for id: String) -> InstanceStatus? {
        let now = clock.now()
        return instances[id]?.inPlace { $0.status(now: now) }
    }

    // MARK: Driving

    /// The earliest date at which `processDue()` has work: an entry's date, a reload, a retry, a
    /// provider timeout, a live-text tick. Nil when nothing is due ever (the loop sleeps until input).
    public func nextWakeDate() -> Date? {
        nextWakeDate(includingLiveText: true)
    }

    /// The earliest date at which `processDue()` has work besides live-text ticks: until then,
    /// with no provider call finishing (which wakes the loop), a tick changes nothing here but
    /// the tile's next tick (``setLiveTextTick(_:for:visible:)``).
    public func nextWorkDate() -> Date? {
        nextWakeDate(includingLiveText: false)
    }

    private func nextWakeDate(includingLiveText: Bool) -> Date? {
        let now = clock.now()
        return instances.values.reduce(nil as Date?) {
            earliest($0, $1.inPlace { $0.nextWakeDate(after: now, includingLiveText: includingLiveText) })
        }
    }

    /// Does everything due now: applies finished provider calls, times out slow ones, starts due
    /// reloads (of the widgets `starting` accepts: the others stay due for a later call), and
    /// switches entries whose date came. When a call starts, planned retries whose back-off has
    /// passed its fixed half start with it (`RetryPolicy`): tiles that failed together (the
    /// network down) retry together, at the first one's random moment, and the board wakes once
    /// for them, not once a tile. Returns the ids of tiles whose drawing may have changed (new
    /// entry, status change, live-text tick).
    @discardableResult
    public func processDue(starting: (WidgetInstance) -> Bool = { _ in true }) -> Set<String> {
        let now = clock.now()
        var changed: Set<String> = []
        applyRequests(from: center, now: now)
        for completion in inbox.takeAll() {
            tasks[completion.token] = nil
            guard let box = instances[completion.id], box.state.inFlight?.token == completion.token else { continue }
            box.state.finish(completion.result, now: now, retry: configuration.retry)
            if case .failure(let error) = completion.result { log("\(completion.id): \(error)") }
            if let (press, performedAt) = settling[completion.id], box.state.pendingPresses.isEmpty {
                settling[completion.id] = nil
                var failure: String?
                if case .failure(let error) = completion.result { failure = "\(press.name): \(error)" }
                finishedActions.append(FinishedAction(
                    id: completion.id, kind: box.state.instance.widget.kind, action: press, failure: failure, finishedAt: performedAt))
            }
            if case .success = completion.result, let cache {
                if holdsCacheWrites {
                    heldCacheWrites.removeAll { $0.id == completion.id }
                    heldCacheWrites.append((completion.id, now))
                } else {
                    save(box.state, to: cache, now: now)
                }
            }
            changed.insert(completion.id)
        }
        for completion in actionInbox.takeAll() {
            tasks[completion.token] = nil
            guard let box = instances[completion.id], box.state.action?.token == completion.token else { continue }
            finishAction(of: completion.id, in: box, completion.result, now: now)
            changed.insert(completion.id)
        }
        var started = false
        for id in order {
            guard let box = instances[id] else { continue }
            if let action = box.state.action, now >= action.deadline {
                tasks[action.token]?.cancel()
                tasks[action.token] = nil
                let timeout = ProviderTimeout(seconds: configuration.callTimeout(for: box.state.instance.widget))
                finishAction(of: id, in: box, .failure(timeout), now: now)
                changed.insert(id)
            }
            if let awaited = box.state.awaitedUpdate,
               let failure = box.state.expireAwaitedUpdate(now: now) {
                settling[id] = nil
                log("\(id): action \(failure)")
                finishedActions.append(FinishedAction(
                    id: id, kind: box.state.instance.widget.kind, action: awaited.press, failure: failure, finishedAt: now))
                changed.insert(id)
            }
            if let inFlight = box.state.inFlight, now >= inFlight.deadline {
                tasks[inFlight.token]?.cancel()
                tasks[inFlight.token] = nil
                let seconds = inFlight.deadline.timeIntervalSince(inFlight.started)
                box.state.finish(.failure(ProviderTimeout(seconds: seconds)), now: now, retry: configuration.retry)
                log("\(id): \(ProviderTimeout(seconds: seconds))")
                changed.insert(id)
            }
            if box.state.inFlight == nil, let due = box.inPlace({ $0.dueReason(at: now) }), starting(box.state.instance) {
                start(&box.state, reason: due, now: now)
                changed.insert(id)
                started = true
            }
            if box.state.takeDisplayChange(now: now) { changed.insert(id) }
        }
        if started {
            for id in order {
                guard let box = instances[id], box.inPlace({ $0.retryMayJoin(at: now) }), starting(box.state.instance) else { continue }
                start(&box.state, reason: .retry, now: now)
                changed.insert(id)
            }
        }
        return changed
    }

    /// Waits until every provider call under way has finished and posted its result; the next
    /// `processDue()` applies them. For tests with a virtual clock and for one-shot renders.
    public func waitForProviders() async {
        for task in tasks.values { await task.value }
    }

    /// Whether any provider call is under way.
    public var hasProvidersRunning: Bool { instances.values.contains { $0.state.inFlight != nil } }

    /// The executor providers of widgets that compute locally (`computedLocally()`) start on,
    /// instead of ``ProviderExecutor/shared``: the board's first frame runs them on its own
    /// thread (``DrainedExecutor``). Nil: the shared one.
    public var localProviderExecutor: (any TaskExecutor)?

    // MARK: Internals

    private func cancelCall(of id: String) {
        if let token = instances[id]?.state.inFlight?.token {
            tasks[token]?.cancel()
        }
        instances[id]?.state.cancel()
    }

    private func start(_ state: inout InstanceState, reason: ReloadReason, now: Date) {
        let token = nextToken
        nextToken += 1
        let freshSince = reason.isExplicit ? state.requestedAt : reason == .retry ? state.failedAttemptStart : nil
        state.begin(reason: reason, token: token, now: now, timeout: configuration.callTimeout(for: state.instance.widget))
        let instance = state.instance
        providerCalls[instance.id, default: 0] += 1
        let context = TimelineContext(
            family: instance.family, now: now, reason: reason, freshSince: freshSince, colorScheme: colorScheme,
            sizeClass: sizeClass)
        let wake = self.wake
        let post: @Sendable (Completion) -> Void = { [inbox] completion in
            inbox.append(completion)
            wake()
        }
        let executor = instance.computesLocally ? localProviderExecutor ?? ProviderExecutor.shared : ProviderExecutor.shared
        tasks[token] = Task(executorPreference: executor) {
            do {
                let timeline = try await instance.widget.timeline(in: context, parameters: instance.parameters)
                post(Completion(id: instance.id, token: token, result: .success(timeline)))
            } catch {
                post(Completion(id: instance.id, token: token, result: .failure(error)))
            }
        }
    }

    private func applyRequests(from center: WidgetCenter, now: Date) {
        for request in center.takeRequests(for: subscription) {
            let requestedAt = request.requestedAt ?? now
            for id in order {
                guard let kind = instances[id]?.state.instance.widget.kind else { continue }
                if case .kind(let wanted) = request.target, wanted != kind { continue }
                reload(id: id, reason: .widgetCenter, requestedAt: requestedAt)
            }
        }
    }

    /// Applies what tile `id`'s press came to, and keeps it for `takeFinishedActions()`.
    private func finishAction(of id: String, in box: StateBox, _ result: Result<ActionOutcome, any Error>, now: Date) {
        guard let press = box.state.action?.press else { return }
        let failure = box.state.finishAction(result, now: now)
        if let failure { log("\(id): action \(failure)") }
        switch result {
        case .success(.reload), .success(.awaitsUpdate):
            // Done when the call that brings its result ends.
            settling[id] = (press, now)
            return
        case .success(.timeline), .failure:
            break
        }
        finishedActions.append(FinishedAction(
            id: id, kind: box.state.instance.widget.kind, action: press, failure: failure, finishedAt: now))
    }

    /// Writes the timelines held while `holdsCacheWrites` was on, each as its tile has it now.
    public func writeHeldCache() {
        let held = heldCacheWrites
        heldCacheWrites = []
        guard let cache else { return }
        for (id, at) in held {
            guard let box = instances[id] else { continue }
            save(box.state, to: cache, now: at)
        }
    }

    private func save(_ state: InstanceState, to cache: EntryCache, now: Date) {
        let record = EntryCache.Record(entries: state.entries, policy: state.policy, nextReload: state.plannedReload?.date, savedAt: now)
        do {
            try cache.save(record, for: state.instance)
        } catch {
            log("entry cache: cannot save \(state.instance.id): \(error)")
        }
    }

    private func publishConfigurations() {
        center.publish(from: subscription, order.compactMap { id in
            instances[id].map { WidgetInfo(id: id, kind: $0.state.instance.widget.kind, family: $0.state.instance.family, parameters: $0.state.instance.parameters) }
        })
    }
}

/// A provider that did not answer within the scheduler's timeout.
public struct ProviderTimeout: Error, CustomStringConvertible {
    public var seconds: TimeInterval
    public var description: String { "timed out after \(Int(seconds)) s" }
}

