import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Draws the board: renders the tiles of the page shown whose drawing is out of date, follows
/// live texts' ticks in place, and draws each frame from the last one where it can
/// (docs/design.md, "Data flow").
final class BoardRenderer {
    /// The shortest wait for a live text's next change.
    static let minimumTickInterval: TimeInterval = 0.05

    private let scheduler: TimelineScheduler
    private let terminal: any TerminalDevice
    private let clock: any WallClock
    private let timeZone: Zone
    private var cache = TileRenderCache()
    /// The cells of tiles' drawings that live-text ticks redrew since the last frame, by tile.
    private var tickedCells: [String: Rect] = [:]
    /// The tiles rendered in full since the last frame.
    private var renderedSinceFrame: Set<String> = []
    /// The scheduler ids of the widgets on screen.
    private var visible: Set<String> = []
    /// The last frame drawn, which the next one may start from.
    private var lastFrame: DashboardView.Frame?
    /// Until when nothing but live texts' ticks is due (no scheduler work, no age on the board
    /// changing, no Smart Stack rotating), as the loop last worked it out: before it, a wake-up
    /// at the loop's deadline only advances ticking drawings (`advanceTicksAlone`).
    var quietUntil = Date.distantPast

    /// When the loop wakes next after a frame of ticks alone: at `date`, or only when something
    /// happens (nil).
    struct QuietWake {
        var date: Date?
    }

    init(scheduler: TimelineScheduler, terminal: any TerminalDevice, clock: any WallClock, timeZone: Zone) {
        self.scheduler = scheduler
        self.terminal = terminal
        self.clock = clock
        self.timeZone = timeZone
    }

    /// Whether a tile shown has a live text whose change is due at `now`.
    func hasTickDue(_ state: DashboardState, now: Date) -> Bool {
        state.visibleTileIDs.contains { id in
            state.tile(id).flatMap { cache.nextChange(of: $0.instanceID) }.map { $0 <= now } ?? false
        }
    }

    /// Forgets the drawings of tiles not in `kept` and renders the others again in full (a
    /// config edit).
    func configChanged(keeping kept: Set<String>) {
        cache.invalidate(kept)
        cache.forgetAll(except: kept)
    }

    /// Renders the tiles `ids` again in full (new parameters).
    func invalidate(_ ids: Set<String>) {
        cache.invalidate(ids)
    }

    /// Draws the frame for `state`: from the last frame when only some tiles and the status
    /// line changed (a live text's tick redraws one tile), else in full.
    func draw(_ state: DashboardState, changedTiles: Set<String>) {
        // Handing the last frame over lets the new one be drawn into its grid in place.
        // Every tile whose drawing changed since the last frame is copied again: whole, or only
        // the cells its ticks drew.
        let changed = changedTiles.union(tickedCells.keys).union(renderedSinceFrame)
        let frame = DashboardView.frame(
            state, now: clock.now(), after: lastFrame.take(), changedTiles: changed, changedCells: tickedCells)
        tickedCells = [:]
        renderedSinceFrame = []
        terminal.draw(frame.grid, changedAreas: frame.changedAreas)
        lastFrame = frame
    }

    /// The tick of a quiet second, without the loop's full pass (the scheduler, every tile's
    /// entry, status and render key, the frame's status line and badges): when nothing but live
    /// texts' ticks is due (`quietUntil`) and no frame is half built, the drawings of the tiles
    /// shown whose text changes now follow it in place, as `refreshVisibleTiles` would have them
    /// do, and give the state their grids through `update`. Returns when the loop next wakes, or
    /// nil when the full pass must run: no tick was due after all, or a drawing could not follow
    /// its tick (the ones that did are kept, in `tickedCells`, for the full pass's frame).
    func advanceTicksAlone(_ state: inout DashboardState, now: Date) -> QuietWake? {
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
            _ = state.update(.gridLent(id: placement.id))
            defer { _ = state.update(.rendered(id: placement.id, grid: drawing.grid)) }
            guard drawing.advance(to: now) else { return nil }
            if let cells = drawing.changedArea { tickedCells[placement.id] = cells }
            let nextChange = drawing.nextChange.map { max($0, now.addingTimeInterval(Self.minimumTickInterval)) }
            cache.didTick(instanceID, nextChange: nextChange)
            scheduler.setLiveTextTick(nextChange, for: instanceID, visible: true)
            if let nextChange { next = min(next ?? nextChange, nextChange) }
            advanced = true
        }
        return advanced ? QuietWake(date: next) : nil
    }

    /// Draws the cells that `advanceTicksAlone` changed over the last frame (in full, as `draw`
    /// does, when the last frame cannot be started from).
    func drawTicks(_ state: DashboardState, now: Date) {
        guard let frame = DashboardView.tickFrame(state, now: now, after: &lastFrame, changedCells: tickedCells) else {
            draw(state, changedTiles: [])
            return
        }
        tickedCells = [:]
        terminal.draw(frame.grid, changedAreas: frame.changedAreas)
        lastFrame = frame
    }

    /// Draws again the tiles of the page shown whose drawing is out of date, refreshes their
    /// statuses, and tells the scheduler which live texts are on screen (for a Smart Stack, only
    /// the widget it shows). Returns the tiles whose drawing or status changed.
    @discardableResult
    func refreshVisibleTiles(_ state: inout DashboardState) -> Set<String> {
        let now = clock.now()
        // Widgets that lay out their own views (programs) are asked again in the scheme shown.
        scheduler.setColorScheme(state.scheme)
        scheduler.setSizeClass(state.sizeClass)
        var environment = EnvironmentValues()
        environment.colorScheme = state.scheme
        environment.sizeClass = state.sizeClass
        environment.colorMode = terminal.colorMode
        environment.theme = state.theme
        environment.now = now
        environment.zone = timeZone
        environment.useLanguage()
        if state.screenReader { environment.speakContent() }
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
                placeholderDay: current.isPlaceholder ? timeZone.startOfDay(for: now) : nil,
                pendingActions: scheduler.pendingActions(for: id), listPage: state.listPages[tile.id] ?? 0)
            if !tile.hasGrid || cache.needsRender(id, key: key, now: now) {
                let drawing: RetainedDrawing
                // A live text's tick redraws the cells of its text in the last drawing when it can
                // (a clock's digits); anything else renders the tile again. The board's state lets
                // go of the drawing's grid first, so that the tick writes the grid in place
                // instead of copying it (and freeing the old one); the drawing, or the render that
                // replaces it, gives the state its grid back below.
                let kept = tile.hasGrid ? cache.tickingDrawing(id, key: key) : nil
                if kept != nil { _ = state.update(.gridLent(id: tile.id)) }
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
                    tileEnvironment.pendingActions = key.pendingActions
                    tileEnvironment.listPage = key.listPage
                    drawing = widget.drawing(current.entry, family: tile.family, environment: tileEnvironment)
                }
                // A change reported as already due would wake the loop at once, again and again.
                let nextChange = drawing.nextChange.map { max($0, now.addingTimeInterval(Self.minimumTickInterval)) }
                cache.didRender(id, key: key, drawing: drawing, nextChange: nextChange)
                scheduler.setLiveTextTick(nextChange, for: id, visible: true)
                _ = state.update(.rendered(id: tile.id, grid: drawing.grid))
                if let spoken = drawing.spoken {
                    // A tile whose text changes by itself (a clock) is read when focused, not announced.
                    let words = Speech.sentence(spoken)
                    let clock = drawing.nextChange == nil ? timeZone.localTime(for: now).hourMinute : nil
                    _ = state.update(.spoken(id: tile.id, words: words, announcedAt: clock))
                }
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

    /// The cells of `a` and `b` and those between them; an empty area adds none.
    static func span(_ a: Rect, _ b: Rect) -> Rect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return a.union(b)
    }
}
