import Foundation
import Synchronization
import TileKit
import TileUI

/// The dashboard: a board of widgets in the terminal, until `q`, Ctrl-C or a quit signal.
public enum Dashboard {
    /// Runs the dashboard and returns the process's exit status: 0 after `q`, Ctrl-C, SIGINT,
    /// SIGTERM, SIGHUP or the terminal closing (the terminal restored, the state saved); 2 with a
    /// message on stderr when the board, the theme or the terminal cannot be used, before anything
    /// is drawn.
    public static func run(_ options: DashboardOptions) -> Int32 {
        EventLoop.resetSignalMask()
        let directories = options.directories
        let stateFile = PersistedState.file(in: directories.state)
        let saved = PersistedState.load(from: stateFile, log: options.log)
        let setup: DashboardSetup
        do {
            setup = try DashboardSetup(options: options, saved: saved, catalog: ThemeCatalog(directories: directories))
        } catch {
            printError(error.description)
            return 2
        }
        let terminal: Terminal
        let loop: EventLoop
        do {
            terminal = try Terminal(environment: options.environment)
        } catch {
            printError(error.description)
            return 2
        }
        if !terminal.restoresAfterCrash { options.log("terminal: no fatal-signal handler; a crash would leave the terminal as tiles set it") }
        do {
            loop = try EventLoop(input: terminal)
        } catch {
            terminal.restore()
            printError(error.description)
            return 2
        }
        loop.installSignalHandlers()
        let channel = listenForRequests(options)
        if let channel { loop.watch(channel.descriptor) { channel.acceptPending() } }
        defer {
            if let channel {
                loop.unwatch(channel.descriptor)
                channel.close()
            }
        }
        let session = DashboardSession(options: options, setup: setup, terminal: terminal, loop: loop, stateFile: stateFile)
        session.run()
        terminal.restore()
        return 0
    }

    /// Listens for `tiles reload` and `tiles store set` from other processes and turns them into
    /// WidgetCenter reloads (which wake the loop). Store keys are named after the widget kind that
    /// reads them (`alipay.city`). A board that cannot listen still runs, and says why in the log.
    private static func listenForRequests(_ options: DashboardOptions) -> BoardChannel? {
        do {
            let directory = try BoardChannel.directory(environment: options.environment)
            return try BoardChannel(directory: directory) { request, sentAt in
                switch request {
                case .reload(let kind): WidgetCenter.shared.reloadTimelines(ofKind: kind, requestedAt: sentAt)
                case .storeChanged(let key):
                    if let kind = key.split(separator: ".").first {
                        WidgetCenter.shared.reloadTimelines(ofKind: String(kind), requestedAt: sentAt)
                    }
                }
            }
        } catch {
            options.log("board channel: \(error)")
            return nil
        }
    }

    /// Writes `message` to stderr as `tiles: …`; terminal errors already start with "tiles".
    private static func printError(_ message: String) {
        let line = message.hasPrefix("tiles ") ? message : "tiles: \(message)"
        FileHandle.standardError.write(Data((line.escapingControlCharacters(keepingNewlines: true) + "\n").utf8))
    }
}

/// Messages for the status line posted from other threads (an opener that failed after it
/// started), taken by the main loop after it is woken.
private final class MessageInbox: Sendable {
    private let messages = Mutex<[String]>([])
    private let configChanged = Mutex(false)

    /// Notes that the config file changed.
    func postConfigChange() { configChanged.withLock { $0 = true } }
    /// Whether the config file changed since the last call.
    func takeConfigChange() -> Bool { configChanged.withLock { changed in defer { changed = false }; return changed } }

    func post(_ message: String) { messages.withLock { $0.append(message) } }
    func takeAll() -> [String] { messages.withLock { all in defer { all = [] }; return all } }
}

/// The dashboard's shell (STYLE.md "pure core, thin shell"): owns the terminal, the event loop and
/// the scheduler, turns what happens into `DashboardEvent`s for the state, runs the effects the
/// state asks for, renders the tiles that changed and draws each frame.
final class DashboardSession {
    private var options: DashboardOptions
    private let terminal: Terminal
    private let loop: EventLoop
    private let scheduler: TimelineScheduler
    private let catalog: ThemeCatalog
    private let stateFile: URL
    private let inbox = MessageInbox()
    private var state: DashboardState
    private var cache = TileRenderCache()
    /// The cells of tiles' drawings that live-text ticks redrew since the last frame, by tile.
    private var tickedCells: [String: Rect] = [:]
    /// The tiles rendered in full since the last frame.
    private var renderedSinceFrame: Set<String> = []
    /// The scheduler ids of the widgets on screen.
    private var visible: Set<String> = []
    private var frames: FrameLog
    /// The board as last configured, by tile id: a config edit keeps key-chosen families of
    /// tiles whose entry it did not change.
    private var specs: [String: TileSpec]
    /// The board's tile ids in order, and the scheme and theme the config last asked for: a
    /// reload that changes none of these (a save by the edit form, a touch) changes nothing.
    private var configured: (ids: [String], scheme: ColorScheme?, themeName: String?)
    private var watcher: ConfigWatcher?
    /// The last frame drawn, which the next one may start from.
    private var lastFrame: DashboardView.Frame?
    /// Each Smart Stack member's relevance as of the last frame, by scheduler id (empty without stacks).
    private var stackScores: [String: Double] = [:]

    init(options: DashboardOptions, setup: DashboardSetup, terminal: Terminal, loop: EventLoop, stateFile: URL) {
        self.options = options
        self.terminal = terminal
        self.loop = loop
        self.stateFile = stateFile
        catalog = ThemeCatalog(directories: options.directories)
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
        scheduler.setColorScheme(setup.scheme)
        scheduler.setSizeClass(state.sizeClass)
        for instance in setup.instances { scheduler.add(instance) }
        specs = Dictionary(options.tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        configured = (options.tiles.map(\.id), options.scheme, options.themeName)
        watchConfig()
    }

    /// Starts watching the config file, when there is one to reload and its directory exists.
    private func watchConfig() {
        guard watcher == nil, let file = options.configFile, options.reloadConfig != nil else { return }
        guard let watcher = ConfigWatcher(file: file) else { return }
        self.watcher = watcher
        let inbox = self.inbox, waker = loop.waker
        loop.watch(watcher.descriptor) {
            guard watcher.takeChanges() else { return }
            inbox.postConfigChange()
            waker.wakeUp()
        }
    }

    /// Draws the first frame, with what local providers computed meanwhile and the cache or
    /// placeholders for the rest, then runs until a quit.
    func run() {
        // Timelines computed for the first frame are written to the cache once it is drawn.
        scheduler.holdsCacheWrites = true
        var carried = startProvidersForTheFirstFrame()
        refreshVisibleTiles()
        draw(changedTiles: [])
        frames.firstFrame(placeholders: frames.isEnabled ? placeholderTiles : [])
        scheduler.holdsCacheWrites = false
        scheduler.writeHeldCache()
        // After a frame of ticks alone, when the loop next wakes is known without asking again.
        var tickWake: Date??
        while true {
            let events = carried.isEmpty ? loop.wait(until: tickWake ?? nextWakeDate()) : carried
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
                    saveState()
                    return
                case .inputClosed:
                    options.log("dashboard: the terminal closed")
                    saveState()
                    return
                case .input(let inputs):
                    let resized = inputs.contains { if case .resize = $0 { true } else { false } }
                    reason = resized || reason == .resize ? .resize : .input
                    for input in inputs {
                        guard feed(.input(input)) else { return }
                    }
                case .wake:
                    if reason == .timeline { reason = .data }
                case .deadline:
                    break
                }
            }
            let messages = inbox.takeAll()
            for message in messages { _ = feed(.message(message)) }
            let configChanged = inbox.takeConfigChange()
            if configChanged { applyConfig() }
            let now = options.clock.now()
            if events == [.deadline], messages.isEmpty, !configChanged, let next = advanceTicksAlone(now: now) {
                drawTicks(now: now)
                frames.endFrame(.tick, bytes: terminal.lastFrameBytes)
                tickWake = .some(next)
                continue
            }
            if reason == .timeline, state.visibleTileIDs.contains(where: { id in
                state.tile(id).flatMap { cache.nextChange(of: $0.instanceID) }.map { $0 <= now } ?? false
            }) {
                reason = .tick
            }
            scheduler.processDue()
            if state.tiles.contains(where: { $0.stack != nil }) {
                stackScores = stackRelevance(at: now)
                _ = feed(.relevance(stackScores, now: now))
            } else {
                stackScores = [:]
            }
            draw(changedTiles: refreshVisibleTiles())
            frames.endFrame(reason, bytes: terminal.lastFrameBytes)
        }
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
                  instance.widget.computesLocally, let status = scheduler.status(for: tile.instanceID) else { return false }
            return status.isPlaceholder && status.isLoading
        }
    }

    /// Draws the frame for the state now: from the last frame when only some tiles and the
    /// status line changed (a live text's tick redraws one tile), else in full.
    private func draw(changedTiles: Set<String>) {
        // Handing the last frame over lets the new one be drawn into its grid in place.
        // Every tile whose drawing changed since the last frame is copied again: whole, or only
        // the cells its ticks drew.
        let changed = changedTiles.union(tickedCells.keys).union(renderedSinceFrame)
        let frame = DashboardView.frame(
            state, now: options.clock.now(), after: lastFrame.take(), changedTiles: changed, changedCells: tickedCells)
        tickedCells = [:]
        renderedSinceFrame = []
        terminal.draw(frame.grid, changedAreas: frame.changedAreas)
        lastFrame = frame
    }

    /// The earliest of the scheduler's next date, a Smart Stack's next possible rotation and the
    /// next change of a failure's age on the board (a stale badge, or the stale tile of another
    /// page that the status line names). Notes, for the ticks until then, when anything besides
    /// a live text's tick is next due (`quietUntil`).
    private func nextWakeDate() -> Date? {
        let now = options.clock.now()
        let age = DashboardView.nextAgeChange(state, now: now)
        var scheduled = [scheduler.nextWakeDate(), age].compactMap { $0 }.min()
        var quiet = [scheduler.nextWorkDate(), age].compactMap { $0 }.min()
        if !stackScores.isEmpty, let rotation = state.nextStackRotation(scores: stackScores, now: now) {
            scheduled = min(scheduled ?? rotation, rotation)
            quiet = min(quiet ?? rotation, rotation)
        }
        quietUntil = quiet ?? .distantFuture
        return scheduled
    }

    /// Until when nothing but live texts' ticks is due (no scheduler work, no age on the board
    /// changing, no Smart Stack rotating), as of the last full pass of the loop: before it, a
    /// wake-up at the loop's deadline that brought nothing else only advances ticking drawings
    /// (`advanceTicksAlone`).
    private var quietUntil = Date.distantPast

    /// The tick of a quiet second, without the loop's full pass (the scheduler, every tile's
    /// entry, status and render key, the frame's status line and badges): when nothing but live
    /// texts' ticks is due (`quietUntil`) and no frame is half built, the drawings of the tiles
    /// shown whose text changes now follow it in place, as `refreshVisibleTiles` would have them
    /// do. Returns when the loop next wakes, or nil when the full pass must run: no tick was due
    /// after all, or a drawing could not follow its tick (the ones that did are kept, in
    /// `tickedCells`, for the full pass's frame).
    private func advanceTicksAlone(now: Date) -> Date?? {
        guard now < quietUntil, tickedCells.isEmpty, renderedSinceFrame.isEmpty, lastFrame != nil,
              !state.tiles.contains(where: { $0.stack != nil }) else { return nil }
        var next: Date? = quietUntil == .distantFuture ? nil : quietUntil
        var advanced = false
        for placement in state.visiblePlacements {
            guard let instanceID = state.tile(placement.id)?.instanceID, let due = cache.nextChange(of: instanceID) else { continue }
            guard due <= now else {
                next = min(next ?? due, due)
                continue
            }
            guard let drawing = cache.tickingDrawing(instanceID) else { return nil }
            // As in `refreshVisibleTiles`: the state lets go of the grid so that it is written in place.
            state.forgetGrid(of: placement.id)
            defer { _ = state.update(.rendered(id: placement.id, grid: drawing.grid)) }
            guard drawing.advance(to: now) else { return nil }
            if let cells = drawing.changedArea { tickedCells[placement.id] = cells }
            let nextChange = drawing.nextChange.map { max($0, now.addingTimeInterval(Self.minimumTickInterval)) }
            cache.didTick(instanceID, nextChange: nextChange)
            scheduler.setLiveTextTick(nextChange, for: instanceID, visible: true)
            if let nextChange { next = min(next ?? nextChange, nextChange) }
            advanced = true
        }
        return advanced ? .some(next) : nil
    }

    /// Draws the cells that `advanceTicksAlone` changed over the last frame (in full, as `draw`
    /// does, when the last frame cannot be started from).
    private func drawTicks(now: Date) {
        guard let frame = DashboardView.tickFrame(state, now: now, after: &lastFrame, changedCells: tickedCells) else {
            draw(changedTiles: [])
            return
        }
        tickedCells = [:]
        terminal.draw(frame.grid, changedAreas: frame.changedAreas)
        lastFrame = frame
    }

    /// The normalized relevance of every Smart Stack member now (docs/rules.md B6.3), by scheduler id.
    private func stackRelevance(at now: Date) -> [String: Double] {
        var scores: [String: Double] = [:]
        for tile in state.tiles {
            for id in tile.stack?.members ?? [] {
                scores[id] = SmartStack.normalizedRelevance(of: scheduler.entries(for: id), at: now)
            }
        }
        return scores
    }

    /// Whether two descriptions of a tile show the same widgets, family and parameters once
    /// defaults are applied (a file that spells out a default describes the same tile).
    private func sameTile(_ a: TileSpec?, _ b: TileSpec) -> Bool {
        guard let a, a.id == b.id, a.family == b.family, a.widgets.map(\.kind) == b.widgets.map(\.kind) else { return false }
        return zip(a.widgets, b.widgets).allSatisfy { left, right in
            guard let widget = options.widgets.first(where: { $0.kind == left.kind }) else { return false }
            return (try? widget.resolveParameters(left.parameters)) == (try? widget.resolveParameters(right.parameters))
        }
    }

    /// Reads the edited config file and applies it: tiles added, removed or changed in the
    /// scheduler (widget state and caches of the others untouched), the look updated. An invalid
    /// file changes nothing and its error stays in the status line until it is fixed.
    private func applyConfig() {
        guard let reload = options.reloadConfig else { return }
        do {
            let update = try reload()
            let widgetsChanged = update.widgets.map { $0.map(\.revision) != options.widgets.map(\.revision) } ?? false
            let unchanged = update.tiles.map(\.id) == configured.ids && update.tiles.allSatisfy { sameTile(specs[$0.id], $0) }
                && update.scheme == configured.scheme && update.themeName == configured.themeName && !widgetsChanged
                && update.sizeClass == state.sizeClassSetting
            if unchanged, state.configError == nil { return }
            var next = options
            next.widgets = update.widgets ?? options.widgets
            next.tiles = update.tiles
            next.scheme = update.scheme
            next.themeName = update.themeName
            next.initialFamily = nil
            var saved = state.persisted
            saved.families = saved.families.filter { id, _ in
                update.tiles.first { $0.id == id }.map { sameTile(specs[id], $0) } ?? false
            }
            if update.scheme == nil { saved.scheme = state.scheme.rawValue }
            let setup = try DashboardSetup(options: next, saved: saved, catalog: catalog)
            configured = (update.tiles.map(\.id), update.scheme, update.themeName)
            options.widgets = next.widgets
            let kept = Set(setup.instances.map(\.id))
            for id in scheduler.instanceIDs where !kept.contains(id) { scheduler.remove(id: id) }
            for instance in setup.instances {
                if let current = scheduler.instance(instance.id), current.widget.revision == instance.widget.revision {
                    scheduler.setFamily(instance.family, for: instance.id)
                    scheduler.setParameters(instance.parameters, for: instance.id)
                } else {
                    scheduler.remove(id: instance.id)
                    scheduler.add(instance)
                }
            }
            specs = Dictionary(update.tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            cache.invalidate(kept)
            cache.forgetAll(except: kept)
            _ = feed(.configChanged(
                tiles: setup.tiles, scheme: setup.scheme, themeName: setup.themeName, theme: setup.theme,
                sizeClass: update.sizeClass))
            options.log("config: reloaded")
        } catch {
            options.log("config: not applied: \(error)")
            _ = feed(.configFailed(String(describing: error)))
        }
    }

    /// Applies `event` and runs its effects; false once the dashboard should quit.
    private func feed(_ event: DashboardEvent) -> Bool {
        var keepRunning = true
        for effect in state.update(event) {
            if !perform(effect) { keepRunning = false }
        }
        return keepRunning
    }

    /// Runs one effect; false for `.quit`.
    private func perform(_ effect: DashboardEffect) -> Bool {
        switch effect {
        case .setFamily(let id, let family):
            for widget in state.tile(id)?.widgets ?? [] { scheduler.setFamily(family, for: widget.instanceID) }
        case .reload(let id):
            if let id {
                for widget in state.tile(id)?.widgets ?? [] { scheduler.reload(id: widget.instanceID) }
            } else {
                scheduler.reloadAll()
            }
        case let .saveParameters(id, member, values):
            return saveParameters(values, tile: id, member: member)
        case let .scrollStack(id, offset):
            return feed(.stackScrolled(id: id, offset: offset, now: options.clock.now()))
        case .open(let url):
            // An opener per link, so that a failure reported later still names the link.
            let inbox = self.inbox, waker = loop.waker, log = options.log
            let opener = LinkOpener { error in
                log("open \(url.absoluteString): \(error)")
                inbox.post(Self.openFailure(url, error))
                waker.wakeUp()
            }
            if case .failure(let error) = opener.open(url, environment: options.environment) {
                options.log("open \(url.absoluteString): \(error)")
                return feed(.message(Self.openFailure(url, error)))
            }
        case .copy(let text):
            terminal.write(rawSequence: Clipboard.osc52Sequence(copying: text))
        case .loadTheme(let current):
            guard let name = DashboardState.themeName(after: current, in: catalog.names) else { return true }
            do {
                let theme = try catalog.theme(named: name)
                return feed(.themeLoaded(name: name, theme: theme))
            } catch {
                options.log("theme: \(error)")
                return feed(.themeFailed(name: name, message: shortDescription(of: error)))
            }
        case .saveState:
            saveState()
        case .quit:
            return false
        }
        return true
    }

    /// Saves an edit form's values (to the config file when the board has one), then gives the
    /// widget its new parameters, which reloads it at once and free of budget (B3.7 [T]). A save
    /// that fails leaves the form open with the reason and the widget as it was.
    private func saveParameters(_ values: [String: ParameterValue], tile id: String, member: Int) -> Bool {
        guard let tile = state.tile(id), tile.widgets.indices.contains(member),
              let instance = scheduler.instance(tile.widgets[member].instanceID) else { return true }
        let resolved: [String: ParameterValue]
        do {
            resolved = try instance.widget.resolveParameters(values)
        } catch {
            return feed(.parametersNotSaved(error.description))
        }
        var report = "\(id): applied to this run only (the board comes from --tiles, not a config file)"
        if let save = options.saveParameters {
            do {
                report = try save(id, member, resolved)
            } catch {
                options.log("edit: \(id) not saved: \(error)")
                return feed(.parametersNotSaved("not saved: \(error)"))
            }
            // The file may be new (the built-in board's first edit): watch it from now on.
            watchConfig()
        }
        // The board's record of the tile follows the file, so the reload the save causes keeps
        // the tile's family and timeline.
        if var spec = specs[id], spec.widgets.indices.contains(member) {
            spec.widgets[member].parameters = resolved
            specs[id] = spec
        }
        scheduler.setParameters(resolved, for: instance.id)
        cache.invalidate([instance.id])
        options.log("edit: \(id) \(report)")
        return feed(.parametersSaved(id: id, member: member, values: resolved, report: report))
    }

    /// A failed open for the status line, naming the link once.
    static func openFailure(_ url: URL, _ error: OpenError) -> String {
        let text = error.description
        return text.contains(url.absoluteString) ? text : "cannot open \(url.absoluteString): \(text)"
    }

    /// A theme error for the status line: a file in the user's theme directory is named
    /// `themes/<file>` rather than by its full path, so the line number stays in view.
    private func shortDescription(of error: any Error) -> String {
        guard var themeError = error as? ThemeError else { return String(describing: error) }
        let file = URL(filePath: themeError.file)
        if file.deletingLastPathComponent().standardizedFileURL.path == catalog.directory.standardizedFileURL.path {
            themeError.file = "themes/" + file.lastPathComponent
        }
        return themeError.description
    }

    private func saveState() {
        do {
            try state.persisted.save(to: stateFile)
        } catch {
            options.log("state: \(error)")
            _ = state.update(.message("cannot save the board's state: \(error)"))
        }
    }

    /// The cells of `a` and `b` and those between them; an empty area adds none.
    static func span(_ a: Rect, _ b: Rect) -> Rect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return a.union(b)
    }

    /// The shortest wait for a live text's next change.
    static let minimumTickInterval: TimeInterval = 0.05

    /// Draws again the tiles of the page shown whose drawing is out of date, refreshes their
    /// statuses, and tells the scheduler which live texts are on screen (for a Smart Stack, only
    /// the widget it shows). Returns the tiles whose drawing or status changed.
    @discardableResult
    private func refreshVisibleTiles() -> Set<String> {
        let now = options.clock.now()
        // Widgets that lay out their own views (programs) are asked again in the scheme shown.
        scheduler.setColorScheme(state.scheme)
        scheduler.setSizeClass(state.sizeClass)
        var environment = EnvironmentValues()
        environment.colorScheme = state.scheme
        environment.sizeClass = state.sizeClass
        environment.colorMode = terminal.colorMode
        environment.theme = state.theme
        environment.now = now
        environment.zone = options.timeZone
        var changed: Set<String> = []
        // What the loop needs of each tile shown, not the tiles themselves: a copy of a tile holds
        // its grid, and a grid held twice is copied when a tick writes it.
        let shownTiles = state.visibleTileIDs.compactMap { id in
            state.tile(id).map { tile in
                (id: tile.id, instanceID: tile.instanceID, family: tile.family, hasGrid: tile.grid != nil, status: tile.status)
            }
        }
        let shown = Set(shownTiles.map(\.instanceID))
        for id in visible.subtracting(shown) { scheduler.setLiveTextTick(nil, for: id, visible: false) }
        for tile in shownTiles {
            let id = tile.instanceID
            guard let current = scheduler.currentEntryAndRevision(for: id) else { continue }
            let key = TileRenderCache.Key(
                family: tile.family, sizeClass: state.sizeClass, scheme: state.scheme, theme: state.theme,
                isPlaceholder: current.isPlaceholder, entry: current.revision,
                placeholderDay: current.isPlaceholder ? options.timeZone.startOfDay(for: now) : nil)
            if !tile.hasGrid || cache.needsRender(id, key: key, now: now) {
                let drawing: RetainedDrawing
                // A live text's tick redraws the cells of its text in the last drawing when it can
                // (a clock's digits); anything else renders the tile again. The board's state lets
                // go of the drawing's grid first, so that the tick writes the grid in place
                // instead of copying it (and freeing the old one); the drawing, or the render that
                // replaces it, gives the state its grid back below.
                let kept = tile.hasGrid ? cache.tickingDrawing(id, key: key) : nil
                if kept != nil { state.forgetGrid(of: tile.id) }
                if let kept, kept.advance(to: now) {
                    drawing = kept
                    // The cells of ticks since the last frame add up, unless the tile was rendered
                    // in full since (the frame copies it whole then).
                    if let cells = kept.changedArea, !renderedSinceFrame.contains(tile.id) {
                        tickedCells[tile.id] = tickedCells[tile.id].map { Self.span($0, cells) } ?? cells
                    }
                } else {
                    guard let widget = scheduler.instance(id)?.widget else {
                        // No render after all: the state keeps the grid it had (a drawing that
                        // could not advance left its grid as it was).
                        if let kept { _ = state.update(.rendered(id: tile.id, grid: kept.grid)) }
                        continue
                    }
                    renderedSinceFrame.insert(tile.id)
                    tickedCells[tile.id] = nil
                    var tileEnvironment = environment
                    if current.isPlaceholder { tileEnvironment.redactionReasons = .placeholder }
                    drawing = widget.drawing(current.entry, family: tile.family, environment: tileEnvironment)
                }
                // A change reported as already due would wake the loop at once, again and again.
                let nextChange = drawing.nextChange.map { max($0, now.addingTimeInterval(Self.minimumTickInterval)) }
                cache.didRender(id, key: key, drawing: drawing, nextChange: nextChange)
                scheduler.setLiveTextTick(nextChange, for: id, visible: true)
                _ = state.update(.rendered(id: tile.id, grid: drawing.grid))
                changed.insert(tile.id)
            } else if !visible.contains(id) {
                scheduler.setLiveTextTick(cache.nextChange(of: id), for: id, visible: true)
            }
            if let status = scheduler.status(for: id), status != tile.status {
                _ = state.update(.status(id: tile.id, status))
                changed.insert(tile.id)
            }
        }
        visible = shown
        // A tile without a drawing is shown as a plain fill; make sure that fill is drawn.
        for tile in shownTiles where state.tile(tile.id)?.grid == nil { changed.insert(tile.id) }
        return changed
    }
}
