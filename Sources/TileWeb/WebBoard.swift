import FoundationEssentials
import Synchronization
import TileBase
import TileKit
import TileUI

/// The board without a terminal, for browsers (docs/design.md, "In a browser"): the same
/// scheduler, widgets, pages, Smart Stacks and theme as the terminal board, run on a `Reactor`
/// of its own. Each tile is drawn as SVG in each view (colour scheme and size class) that a
/// connected page shows, only when its drawing changes, and each change is handed once, already
/// encoded, to every page that shows that view. With no page connected nothing is drawn; with
/// nothing due the reactor sleeps.
public final class WebBoard: @unchecked Sendable {
    /// A page's connection: what it shows and where its messages go (from the reactor's thread).
    private struct Subscriber {
        var view: View
        var send: @Sendable (Message) -> Void
    }

    /// One tile of the board, on the reactor's thread.
    private struct Tile {
        var id: String
        var page: Int
        var family: WidgetFamily
        var instanceIDs: [String]
        /// Each member's widget and its parameters now, for the edit form.
        var members: [(widget: WidgetDescriptor, values: [String: ParameterValue])]
        var stack: SmartStack?
        /// What each view's last drawing was made of.
        var drawn: [View: Drawn] = [:]
        /// The targets of each view's last drawing, which presses name by index.
        var targets: [View: [TapTarget]] = [:]

        var shownInstance: String { stack?.top ?? instanceIDs[0] }
    }

    private struct Drawn {
        var key: RenderKey
        var nextChange: Date?
    }

    /// Everything a tile's drawing depends on besides the clock.
    private struct RenderKey: Equatable {
        var instanceID: String
        var revision: EntryRevision?
        var isPlaceholder: Bool
        var pendingActions: PendingActions
        var status: InstanceStatus?
    }

    /// The shortest wait for a live text's next change, as on the terminal board.
    static let minimumTickInterval: TimeInterval = 0.05

    private let options: Options
    private let reactor = Reactor(name: "tiles.web")
    private let scheduler: TimelineScheduler
    /// The reactor thread's own.
    private var tiles: [Tile]
    private var wakeTimer: (id: Reactor.TimerID, date: Date)?
    /// Where live activities are kept (the board channel's folder); nil when the board cannot hear
    /// of them. With the activities last read and those shown, the reactor thread's own.
    private var activityStore: ActivityStore?
    private var storedActivities: [LiveActivity] = []
    private var shownActivities: [LiveActivity] = []
    /// Set when the board channel brings news of an activity: the store is read at the next turn.
    private var activityNews = false
    /// The socket `tiles reload` and `tiles store set` reach the board by, kept open while it runs.
    private let requests = Mutex<BoardChannel?>(nil)
    /// Shared with the server's threads: the frames pages are sent first, and the pages.
    private let shared = Mutex(Shared())
    private struct Shared {
        var frames: [View: [String: Message]] = [:]
        var subscribers: [UInt64: Subscriber] = [:]
        var nextSubscriber: UInt64 = 0
        /// Pages that left before the board's thread took them in.
        var leftEarly: Set<UInt64> = []
        /// The banner's rows as last sent (`activities`); nil while none shows.
        var activities: Message?
    }

    /// The board of `options`; nothing runs until ``start()``.
    public init(_ options: Options) {
        self.options = options
        let reactor = reactor
        scheduler = TimelineScheduler(
            clock: options.clock, configuration: TimelineScheduler.Configuration(budget: options.reloadBudget),
            cache: options.cacheDirectory.map { EntryCache(directory: $0, log: options.log) },
            wake: { reactor.wake() }, log: options.log)
        scheduler.sharedStore = options.sharedStore
        scheduler.setColorScheme(options.scheme ?? .light)
        scheduler.setSizeClass(.regular)
        var page = 0
        tiles = []
        for (index, tile) in options.tiles.enumerated() {
            if tile.spec.startsPage, index > 0 { page += 1 }
            let family = tile.family(preferring: tile.spec.family, log: options.log)
            let instances = tile.instances(family: family)
            for instance in instances { scheduler.add(instance) }
            let ids = instances.map(\.id)
            tiles.append(Tile(
                id: tile.spec.id, page: page, family: family, instanceIDs: ids,
                members: tile.members.map { ($0.widget, $0.parameters) }, stack: ids.count > 1 ? SmartStack(members: ids) : nil))
        }
        pageCount = page + 1
    }

    /// Starts the board's thread: timelines load, and pages may connect.
    public func start() {
        reactor.startThread(afterEachTurn: { [self] in turn() })
        reactor.wake()
    }

    /// Listens, as every terminal board does, for `tiles reload`, `tiles store set` and news of
    /// live activities from other processes; a board that cannot listen still runs, and says why
    /// in the log.
    public func listenForRequests(environment: [String: String]) {
        do {
            let directory = try BoardChannel.directory(environment: environment)
            // The channel's requests are handled on the reactor's thread, which serves it.
            let channel = try BoardChannel(directory: directory) { [self] request, sentAt in
                if !BoardChannel.reload(for: request, sentAt: sentAt) { activityNews = true }
            }
            requests.withLock { $0 = channel }
            let store = ActivityStore(runtimeDirectory: directory, log: options.log)
            reactor.execute { [self] in
                activityStore = store
                activityNews = true
                channel.serve(on: reactor)
            }
        } catch {
            options.log("board channel: \(error)")
        }
    }

    /// The pages of the board, for the page's first message (read from any thread, so kept
    /// apart from the tiles, which the board's thread changes).
    public let pageCount: Int

    /// The scheme a page that prefers `preferred` is shown: the board's own, if it fixes one.
    public func scheme(preferring preferred: ColorScheme) -> ColorScheme { options.scheme ?? preferred }

    /// Connects a page shown in `view`: `send` gets every tile's frame at once, then each
    /// change, on the board's thread (it must not block). Returns the id ``disconnect(_:)`` takes.
    public func connect(view: View, send: @escaping @Sendable (Message) -> Void) -> UInt64 {
        let id = shared.withLock { shared in
            shared.nextSubscriber += 1
            return shared.nextSubscriber
        }
        reactor.execute { [self] in
            let needsFrames = shared.withLock { $0.frames[view] == nil }
            if needsFrames { refresh(views: [view], force: true) }
            let frames = shared.withLock { shared -> [Message]? in
                guard shared.leftEarly.remove(id) == nil else { return nil }
                shared.subscribers[id] = Subscriber(view: view, send: send)
                let frames = shared.frames[view] ?? [:]
                return tiles.compactMap { frames[$0.id] }
            }
            guard let frames else { return }
            for frame in frames { send(frame) }
            if let activities = shared.withLock({ $0.activities }) { send(activities) }
            send(Message(event: "ready", data: "{}"))
        }
        return id
    }

    /// Forgets a page; a view no page shows any more is no longer drawn.
    public func disconnect(_ id: UInt64) {
        shared.withLock { shared in
            guard let gone = shared.subscribers.removeValue(forKey: id) else {
                shared.leftEarly.insert(id)
                return
            }
            if !shared.subscribers.values.contains(where: { $0.view == gone.view }) {
                shared.frames[gone.view] = nil
            }
        }
    }

    /// The pages connected now.
    public var connectionCount: Int { shared.withLock { $0.subscribers.count } }

    /// Presses target `index` (from 1) of tile `tileID`'s drawing in `view`, through the same
    /// action path as a key on the terminal board: one press runs the action once.
    public func press(tile tileID: String, target index: Int, in view: View) async -> PressOutcome {
        await withCheckedContinuation { continuation in
            reactor.execute { [self] in
                continuation.resume(returning: pressOnBoardThread(tile: tileID, target: index, in: view))
            }
        }
    }

    private func pressOnBoardThread(tile tileID: String, target index: Int, in view: View) -> PressOutcome {
        guard let targets = tiles.first(where: { $0.id == tileID })?.targets[view], index >= 1, index <= targets.count,
              let tile = tiles.first(where: { $0.id == tileID }) else { return .noSuchControl }
        let action: WidgetAction
        switch targets[index - 1] {
        case .action(let pressed), .linkOpening(_, then: let pressed): action = pressed
        case .link: return .noSuchControl
        }
        switch scheduler.perform(action, for: tile.shownInstance) {
        case .success: return .started
        case .failure(let refusal): return .refused(refusal.description)
        }
    }

    /// The edit form of tile `tileID`: the parameters of the widget it shows; nil when there is
    /// no such tile or its widget takes none.
    public func settings(tile tileID: String) async -> WebTileSettings? {
        await withCheckedContinuation { continuation in
            reactor.execute { [self] in
                guard let tile = tiles.first(where: { $0.id == tileID }),
                      let member = tile.instanceIDs.firstIndex(of: tile.shownInstance),
                      !tile.members[member].widget.parameters.isEmpty else {
                    return continuation.resume(returning: nil)
                }
                continuation.resume(returning: WebTileSettings(
                    tile: tile.id, member: member, widget: tile.members[member].widget, family: tile.family,
                    values: tile.members[member].values, savesToFile: options.saveParameters != nil))
            }
        }
    }

    /// Saves an edit form: checks `values` against the widget, writes them into the config file
    /// (when the board has one), then gives the widget its new parameters, which reloads it at
    /// once and free of budget, as the terminal's edit form does. A failure changes nothing.
    public func save(tile tileID: String, member: Int, values: [String: ParameterValue]) async -> SaveOutcome {
        await withCheckedContinuation { continuation in
            reactor.execute { [self] in
                continuation.resume(returning: saveOnBoardThread(tile: tileID, member: member, values: values))
            }
        }
    }

    private func saveOnBoardThread(tile tileID: String, member: Int, values: [String: ParameterValue]) -> SaveOutcome {
        guard let index = tiles.firstIndex(where: { $0.id == tileID }), tiles[index].members.indices.contains(member) else { return .noSuchTile }
        let resolved: [String: ParameterValue], report: String
        do {
            (resolved, report) = try ParameterSaver(save: options.saveParameters).save(
                values, of: tiles[index].members[member].widget, tile: tileID, member: member)
        } catch {
            guard case .notSaved = error else { return .invalid(error.description) }
            options.log("edit: \(tileID) \(error)")
            return .notSaved(error.description)
        }
        tiles[index].members[member].values = resolved
        scheduler.setParameters(resolved, for: tiles[index].instanceIDs[member])
        tiles[index].drawn = [:]
        options.log("edit: \(tileID) \(report)")
        return .saved(report)
    }

    // MARK: On the board's thread

    /// After every turn of the reactor: what is due runs, changed drawings go out, and the next
    /// wake-up is set (none when nothing is due).
    private func turn() {
        scheduler.processDue()
        for finished in scheduler.takeFinishedActions() {
            guard let failure = finished.failure,
                  let tile = tiles.first(where: { $0.instanceIDs.contains(finished.id) }) else { continue }
            broadcast(Message(event: "notice", data: Self.json(["tile": tile.id, "message": failure])), view: nil)
        }
        let now = options.clock.now()
        for index in tiles.indices {
            guard var stack = tiles[index].stack else { continue }
            if stack.rotateIfDue(at: now, entries: { scheduler.entries(for: $0) }) { tiles[index].stack = stack }
        }
        let views = shared.withLock { Set($0.subscribers.values.map(\.view)) }
        refresh(views: views, force: false)
        refreshActivities(now: now)
        scheduleWake(now: now, pagesConnected: !views.isEmpty)
    }

    /// Draws again, in each of `views`, the tiles whose drawing is out of date (every tile
    /// with `force`), and sends the new frames.
    private func refresh(views: Set<View>, force: Bool) {
        let now = options.clock.now()
        for index in tiles.indices {
            let instanceID = tiles[index].shownInstance
            for id in tiles[index].instanceIDs where id != instanceID { scheduler.setLiveTextTick(nil, for: id, visible: false) }
            guard let current = scheduler.currentEntryAndRevision(for: instanceID),
                  let widget = scheduler.instance(instanceID)?.widget else { continue }
            let key = RenderKey(
                instanceID: instanceID, revision: current.revision, isPlaceholder: current.isPlaceholder,
                pendingActions: scheduler.pendingActions(for: instanceID), status: scheduler.status(for: instanceID))
            var nextTick: Date?
            for view in views {
                if !force, let drawn = tiles[index].drawn[view], drawn.key == key, drawn.nextChange.map({ $0 > now }) ?? true {
                    nextTick = [nextTick, drawn.nextChange].compactMap { $0 }.min()
                    continue
                }
                var environment = EnvironmentValues()
                environment.colorScheme = view.scheme
                environment.sizeClass = view.sizeClass
                environment.colorMode = .trueColor
                environment.theme = options.theme
                environment.now = now
                environment.zone = options.timeZone
                environment.useLanguage()
                environment.pendingActions = key.pendingActions
                if current.isPlaceholder { environment.redactionReasons = .placeholder }
                let drawing = widget.drawing(current.entry, family: tiles[index].family, environment: environment)
                // A change reported as already due would wake the board at once, again and again.
                let nextChange = drawing.nextChange.map { max($0, now.addingTimeInterval(Self.minimumTickInterval)) }
                tiles[index].drawn[view] = Drawn(key: key, nextChange: nextChange)
                tiles[index].targets[view] = drawing.grid.targets
                nextTick = [nextTick, nextChange].compactMap { $0 }.min()
                let renderer = SVGRenderer(theme: options.theme, scheme: view.scheme)
                let frame = WebTileFrame(
                    id: tiles[index].id, page: tiles[index].page, family: tiles[index].family, grid: drawing.grid, renderer: renderer,
                    status: key.status, isPlaceholder: current.isPlaceholder, spoken: drawing.spoken)
                let message = Message(event: "tile", data: Self.json(frame))
                let changed = shared.withLock { shared -> Bool in
                    guard shared.frames[view]?[frame.id] != message else { return false }
                    shared.frames[view, default: [:]][frame.id] = message
                    return true
                }
                if changed, !force { broadcast(message, view: view) }
            }
            scheduler.setLiveTextTick(nextTick, for: instanceID, visible: !views.isEmpty)
        }
    }

    /// Reads the activities' store after news of one, and sends the banner's rows when they
    /// changed (a running activity's timer each second, its end, its going).
    private func refreshActivities(now: Date) {
        if activityNews, let activityStore {
            activityNews = false
            storedActivities = activityStore.all()
        }
        shownActivities = storedActivities.compactMap { $0.shown(at: now, isAlive: ActivityStore.isAlive) }
        let rows = shownActivities.map { ActivityRow($0, now: now) }
        let message = rows.isEmpty ? nil : Message(event: "activities", data: Self.json(rows))
        let previous = shared.withLock { shared in
            defer { shared.activities = message }
            return shared.activities
        }
        guard previous != message else { return }
        // The last activity gone: pages are told once that the banner is empty.
        broadcast(message ?? Message(event: "activities", data: "[]"), view: nil)
    }

    /// Sends `message` to every page shown in `view` (every page for nil).
    private func broadcast(_ message: Message, view: View?) {
        let receivers = shared.withLock { shared in
            shared.subscribers.values.filter { view == nil || $0.view == view }.map(\.send)
        }
        for send in receivers { send(message) }
    }

    /// Sets the reactor's one timer for the board's next due moment: the scheduler's (timelines,
    /// reloads, retries, live texts' ticks on pages), a Smart Stack's rotation, or, while pages
    /// are connected, the next change of the activities' banner.
    private func scheduleWake(now: Date, pagesConnected: Bool) {
        var next = scheduler.nextWakeDate()
        if pagesConnected, let change = ActivityRow.nextChange(shownActivities, now: now) { next = min(next ?? change, change) }
        for tile in tiles {
            guard let stack = tile.stack else { continue }
            let scores = stack.members.map { SmartStack.normalizedRelevance(of: scheduler.entries(for: $0), at: now) }
            if let rotation = stack.nextRotationDate(after: now, scores: scores) { next = min(next ?? rotation, rotation) }
        }
        if let wakeTimer, wakeTimer.date == next { return }
        if let wakeTimer { reactor.cancel(wakeTimer.id) }
        wakeTimer = nil
        guard let next else { return }
        // A millisecond late rather than early: the wall clock the dates are read from and the
        // reactor's monotonic one drift apart, and a turn a little early finds nothing due and
        // sets the same timer again.
        let delay = max(0, next.timeIntervalSince(now)) + 0.001
        // The turn after the timer does the work (`turn()`); the timer only ends the wait.
        let id = reactor.schedule(after: .milliseconds(Int64((delay * 1000).rounded(.up)))) { [self] in wakeTimer = nil }
        wakeTimer = (id, next)
    }

    public static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
    }
}
