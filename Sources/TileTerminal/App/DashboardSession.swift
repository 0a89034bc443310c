import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The dashboard's shell (docs/design.md, "The board's shell"): the event loop. It turns what
/// happens (keys, signals, wake-ups, the clock, what the scheduler and the activities' store
/// hold) into `DashboardEvent`s for the board's state, hands the effects the state asks for to
/// `EffectRunner`, and frames to `BoardRenderer`. It decides nothing itself.
final class DashboardSession {
    private let options: DashboardOptions
    private let terminal: any TerminalDevice
    private let loop: EventLoop
    private let scheduler: TimelineScheduler
    private let inbox: MessageInbox
    private let renderer: BoardRenderer
    private let config: ConfigApplier
    private let effects: EffectRunner
    private var state: DashboardState
    private var frames: FrameLog
    /// Events the first frame's wait saw, for the first round of the loop.
    private var carried: [LoopEvent] = []
    /// After a frame of ticks alone, when the loop next wakes, known without asking again.
    private var tickWake: BoardRenderer.QuietWake?
    /// The live activities, when the board can hear of them.
    private let activities: ActivityFeed?

    /// A board on `terminal`, driven by `loop`; `inbox` takes what other threads post, and the
    /// board channel's news of live activities, kept in `activityStore`.
    init(
        options: DashboardOptions, setup: DashboardSetup, terminal: any TerminalDevice, loop: EventLoop, stateFile: URL,
        channelSocket: String? = nil, inbox: MessageInbox = MessageInbox(), activityStore: ActivityStore? = nil
    ) {
        self.options = options
        self.inbox = inbox
        let activities = activityStore.map(ActivityFeed.init(store:))
        self.activities = activities
        self.terminal = terminal
        self.loop = loop
        let catalog = ThemeCatalog(directories: options.directories)
        frames = FrameLog(environment: options.environment, log: options.log)
        let waker = loop.waker
        let log = options.log
        scheduler = TimelineScheduler(
            clock: options.clock,
            configuration: TimelineScheduler.Configuration(budget: options.reloadBudget ?? ReloadBudget()),
            cache: EntryCache(directory: options.directories.cache.appending(path: "entries"), log: log),
            wake: { waker.wakeUp() }, log: log)
        let (width, height) = terminal.size
        state = DashboardState(
            tiles: setup.tiles, screen: Size(width: width, height: height), scheme: setup.scheme,
            theme: setup.theme, themeName: setup.themeName, sizeClassSetting: options.sizeClass)
        state.screenReader = options.screenReader
        scheduler.setColorScheme(setup.scheme)
        scheduler.setSizeClass(state.sizeClass)
        scheduler.sharedStore = SharedStore(directory: options.directories.data)
        for instance in setup.instances { scheduler.add(instance) }
        renderer = BoardRenderer(scheduler: scheduler, terminal: terminal, clock: options.clock, timeZone: options.timeZone)
        config = ConfigApplier(options: options, catalog: catalog)
        let configWatch = ConfigFileWatch(file: options.configFile, reloads: options.reloadConfig != nil, loop: loop, inbox: inbox)
        effects = EffectRunner(
            options: options, scheduler: scheduler, terminal: terminal, renderer: renderer, config: config, catalog: catalog,
            stateFile: stateFile, inbox: inbox, wake: { waker.wakeUp() }, configWatch: configWatch, activities: activities,
            channelSocket: channelSocket)
        configWatch.start()
        _ = state.update(.catalog(config.galleryItems))
    }

    /// Draws the first frame, then runs until a quit.
    func run() {
        start()
        while step() {}
    }

    /// Draws the first frame, with what local providers computed meanwhile and the cache or
    /// placeholders for the rest.
    func start() {
        // Timelines computed for the first frame are written to the cache once it is drawn.
        scheduler.holdsCacheWrites = true
        carried = startProvidersForTheFirstFrame()
        let now = options.clock.now()
        if let activities { _ = state.update(.activities(activities.read(now: now))) }
        renderer.refreshVisibleTiles(&state)
        renderer.draw(state, changedTiles: [])
        frames.firstFrame(placeholders: frames.isEnabled ? placeholderTiles : [])
        scheduler.holdsCacheWrites = false
        scheduler.writeHeldCache()
    }

    /// One round of the loop: waits for something to happen, lets the state and the scheduler
    /// take it, and draws the frame. False once the board should quit (the state saved).
    func step() -> Bool {
        let events = carried.isEmpty ? loop.wait(until: tickWake.map(\.date) ?? nextWakeDate()) : carried
        carried = []
        tickWake = nil
        frames.startFrame()
        var reason = FrameLog.Reason.timeline
        for event in events {
            switch event {
            case .signal(let number) where number == SignalHandling.suspendSignal:
                // Like any terminal program: the shell gets its screen back until `fg`, and
                // the frame drawn at the end of this round repaints everything.
                options.log("dashboard: suspended by signal \(number)")
                terminal.restore()
                SignalHandling.suspendProcess()
            case .signal(let number):
                options.log("dashboard: quitting on signal \(number)")
                _ = effects.saveState(state)
                return false
            case .inputClosed:
                options.log("dashboard: the terminal closed")
                _ = effects.saveState(state)
                return false
            case .input(let inputs):
                let resized = inputs.contains { if case .resize = $0 { true } else { false } }
                reason = resized || reason == .resize ? .resize : .input
                for input in inputs {
                    guard feed(.input(input)) else { return false }
                }
            case .wake:
                if reason == .timeline { reason = .data }
            case .deadline:
                break
            }
        }
        // What other threads and the loop's descriptors posted: one queue, in order.
        let posted = inbox.takeAll()
        for event in posted { _ = feed(event) }
        let now = options.clock.now()
        if events == [.deadline], posted.isEmpty, let next = renderer.advanceTicksAlone(&state, now: now) {
            renderer.drawTicks(state, now: now)
            frames.endFrame(.tick, bytes: terminal.lastFrameBytes)
            tickWake = next
            return true
        }
        if reason == .timeline, renderer.hasTickDue(state, now: now) { reason = .tick }
        scheduler.processDue()
        for finished in scheduler.takeFinishedActions() {
            _ = feed(.actionFinished(id: finished.id, kind: finished.kind, failure: finished.failure, finishedAt: finished.finishedAt))
        }
        _ = feed(.observed(observation(at: now)))
        let changed = renderer.refreshVisibleTiles(&state)
        renderer.draw(state, changedTiles: changed)
        frames.endFrame(reason, bytes: terminal.lastFrameBytes)
        return true
    }

    /// What the scheduler and the activities' store hold at `now`, for the state's rules:
    /// each widget's current alert, each Smart Stack member's timeline, the activities that show.
    private func observation(at now: Date) -> BoardObservation {
        var observation = BoardObservation(now: now, activities: activities?.shown(at: now))
        for tile in state.tiles {
            for widget in tile.widgets {
                if tile.stack != nil { observation.stackEntries[widget.instanceID] = scheduler.entries(for: widget.instanceID) }
                guard let (entry, isPlaceholder) = scheduler.currentEntry(for: widget.instanceID), !isPlaceholder,
                      let alert = entry.alert, let instance = scheduler.instance(widget.instanceID) else { continue }
                let key = AlertCenter.key(kind: instance.widget.kind, parameters: instance.parameters, entryDate: entry.date, alert: alert)
                observation.alerts.append(PendingAlert(key: key, alert: alert, widget: widget.displayName, tileID: tile.id, date: entry.date))
            }
        }
        return observation
    }

    /// The longest the first frame waits for local providers (`computedLocally()`): they answer
    /// in milliseconds; this only bounds a broken one.
    static let firstFrameWait: TimeInterval = 1

    /// Starts the providers that compute locally and waits (at most ``firstFrameWait``) for
    /// those of tiles on screen that show a placeholder, so that their content (the countdown,
    /// dates) is in the first frame; tiles waiting for a service or a program show their cached
    /// data or placeholder, their providers start right after the first frame (the network
    /// thread's start does not hold it back), and their data comes in a later frame. Returns what
    /// else the loop saw meanwhile (keys, a signal, a wake-up for the inbox), for the main loop
    /// to handle right after the first frame.
    private func startProvidersForTheFirstFrame() -> [LoopEvent] {
        let deadline = Date().addingTimeInterval(Self.firstFrameWait)
        // Run here, on the board's thread, while it would wait anyway (DrainedExecutor).
        let waker = loop.waker
        let inline = DrainedExecutor(wake: { waker.wakeUp() })
        scheduler.localProviderExecutor = inline
        defer {
            scheduler.localProviderExecutor = nil
            inline.handOff(to: ProviderExecutor.shared)
        }
        scheduler.processDue(starting: \.computesLocally)
        var seen: [LoopEvent] = []
        while awaitsLocalEntries {
            if inline.drain() {
                scheduler.processDue(starting: \.computesLocally)
                continue
            }
            let events = loop.wait(until: deadline)
            scheduler.processDue(starting: \.computesLocally)
            seen += events.filter { $0 != .deadline && !seen.contains($0) }
            if events.contains(.deadline) || seen.contains(where: { $0 != .wake }) { break }
        }
        return seen
    }

    /// The tiles on screen drawn as placeholders, by id (for the frame report).
    private var placeholderTiles: [String] {
        state.visibleTileIDs.filter { id in
            state.tile(id).flatMap { scheduler.currentEntry(for: $0.instanceID)?.isPlaceholder } ?? false
        }
    }

    /// Whether a tile on screen that computes locally shows its placeholder while its provider runs.
    private var awaitsLocalEntries: Bool {
        state.visibleTileIDs.contains { id in
            guard let tile = state.tile(id), let instance = scheduler.instance(tile.instanceID),
                  instance.computesLocally, let status = scheduler.status(for: tile.instanceID) else { return false }
            return status.isPlaceholder && status.isLoading
        }
    }

    /// The earliest of the scheduler's next date, a Smart Stack's next possible rotation and the
    /// next change of a failure's age on the board (a stale badge, or the stale tile of another
    /// page that the status line names). Tells the renderer, for the ticks until then, when
    /// anything besides a live text's tick is next due (`BoardRenderer.quietUntil`).
    private func nextWakeDate() -> Date? {
        let now = options.clock.now()
        let age = DashboardView.nextAgeChange(state, now: now)
        var scheduled = [scheduler.nextWakeDate(), age].compactMap { $0 }.min()
        var quiet = [scheduler.nextWorkDate(), age].compactMap { $0 }.min()
        for next in [state.nextStackRotation(now: now), effects.nextAlertSummary, state.alertBannerUntil, ActivityRow.nextChange(state.activities, now: now)] {
            guard let next else { continue }
            scheduled = min(scheduled ?? next, next)
            quiet = min(quiet ?? next, next)
        }
        renderer.quietUntil = quiet ?? .distantFuture
        return scheduled
    }

    /// Applies `event` and runs its effects, and the events they lead to; false once the
    /// dashboard should quit.
    private func feed(_ event: DashboardEvent) -> Bool {
        var keepRunning = true
        for effect in state.update(event) {
            switch effects.perform(effect, state: state) {
            case .done: break
            case .quit: keepRunning = false
            case .then(let next):
                for event in next where !feed(event) { keepRunning = false }
            }
        }
        return keepRunning
    }

    // MARK: For tests

    /// The board's state now.
    var currentState: DashboardState { state }

    /// The loop's waker, to end a `step()` that waits.
    var waker: Waker { loop.waker }
}
