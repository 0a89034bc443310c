import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Draws the dashboard: a pure function of its state and the time (for the status line's ages).
///
/// The board background, the live activities' banner at the top, each tile of the page at its
/// place, a stale badge in a tile's top-right corner, the focused tile's frame in the gutter around it (never over its content), hint labels,
/// the status line, and the help overlay on top.
public enum DashboardView {
    /// The badge drawn in the top-right corner of a stale tile, `⚠ 12m`: a warning sign and how
    /// long the tile has been failing, in reverse video so it reads in every colour depth.
    public static func staleBadge(_ status: InstanceStatus?, now: Date) -> String? {
        guard let status, status.isStale else { return nil }
        guard let since = status.since else { return "⚠" }
        return "⚠ " + StatusLine.shortAge(since: since, now: now)
    }

    /// A tile's corner badge: `🔔` until its alert is seen, and the stale badge.
    static func badge(of id: String, in state: DashboardState, now: Date) -> String? {
        let stale = staleBadge(state.tile(id)?.status, now: now)
        guard state.alertedTiles.contains(id) else { return stale }
        return stale.map { "🔔 " + $0 } ?? "🔔"
    }

    /// When any age the board may show next changes (`⚠ 5m` → `⚠ 6m`), so that the event loop
    /// draws a frame then even when nothing else happens: a stale badge of the page shown, or
    /// the stale tile the status line names, which may be on another page. Nil without stale
    /// tiles.
    public static func nextAgeChange(_ state: DashboardState, now: Date) -> Date? {
        state.tiles.compactMap { nextAgeChange(of: $0.status, now: now) }.min()
    }

    /// When the age of a stale tile's failure, in whole minutes, hours or days, next changes.
    private static func nextAgeChange(of status: InstanceStatus?, now: Date) -> Date? {
        guard let status, status.isStale, let since = status.since else { return nil }
        let elapsed = max(0, now.timeIntervalSince(since))
        let unit: TimeInterval = elapsed < 3600 ? 60 : elapsed < 48 * 3600 ? 3600 : 86400
        return since.addingTimeInterval((elapsed / unit).rounded(.down) * unit + unit)
    }

    /// The screen for `state` at `now`, exactly `state.screen` in size.
    public static func screen(_ state: DashboardState, now: Date) -> CellGrid {
        screen(state, statusLine: StatusLine(state: state, now: now), banner: BoardBanner(state.activities, alerts: state.bannerAlerts, now: now), now: now)
    }

    private static func screen(_ state: DashboardState, statusLine: StatusLine, banner: BoardBanner, now: Date) -> CellGrid {
        if state.screenReader { return SpokenBoardView.screen(state, now: now) }
        let scheme = state.scheme
        func color(_ name: String) -> RGBColor? { state.theme.color(named: name, scheme: scheme) }
        var canvas = ScreenCanvas(size: state.screen, background: color("board.background"))
        if let needed = state.layout.neededSize {
            let text = "terminal too small (need \(needed.width)×\(needed.height))"
            for (y, line) in wrap(text, width: state.screen.width).enumerated() {
                canvas.write(line, x: 0, y: y, clip: canvas.bounds, foreground: color("status.text"), background: color("board.background"))
            }
            return canvas.grid
        }
        for placement in state.visiblePlacements { drawTile(placement, of: state, now: now, in: &canvas) }
        drawBanner(banner, in: &canvas, state: state)
        if case .arrange = state.mode { drawArrangeFrames(state.visiblePlacements, in: &canvas, state: state) }
        if case .hints(let hints, let typed) = state.mode {
            for hint in hints where hint.label.hasPrefix(typed) {
                canvas.write(hint.label, x: hint.position.x, y: hint.position.y, clip: state.layout.area,
                             foreground: color("hint.text"), background: color("hint.background"), attributes: .bold)
            }
        }
        drawStatusLine(statusLine, in: &canvas, state: state)
        if state.mode == .help { drawHelp(in: &canvas, state: state) }
        if case .alerts(let contents) = state.mode { drawAlertHistory(contents, in: &canvas, state: state, now: now) }
        if case .edit(let form) = state.mode { drawEditForm(form, in: &canvas, state: state) }
        if case .prompt(let prompt) = state.mode { drawPrompt(prompt, in: &canvas, state: state) }
        if case .arrange(let arranging) = state.mode, let gallery = arranging.gallery { drawGallery(gallery, in: &canvas, state: state) }
        return canvas.grid
    }

    /// One tile at its place: its drawing (or a plain fill until it has one), the stale badge,
    /// and the focus frame in the gutter around it.
    ///
    /// `cells`, when given, are the only cells of the tile's drawing (tile coordinates) that
    /// changed since it was last copied to the screen (a live text's tick): only they are copied
    /// again. Without `decorations`, the badge and the focus frame are known to be as drawn
    /// before: the badge is drawn again only when those cells reach its row, and the frame (in
    /// the gutter) not at all.
    private static func drawTile(
        _ placement: BoardLayout.Placement, of state: DashboardState, now: Date, cells: Rect? = nil,
        decorations: Bool = true, in canvas: inout ScreenCanvas
    ) {
        guard let tile = state.tile(placement.id) else { return }
        func color(_ name: String) -> RGBColor? { state.theme.color(named: name, scheme: state.scheme) }
        let rect = placement.rect, area = state.layout.area
        if let grid = tile.grid {
            var clip = area
            if let cells { clip = clip.intersection(Rect(x: rect.minX + cells.minX, y: rect.minY + cells.minY, width: cells.size.width, height: cells.size.height)) }
            canvas.draw(grid, at: rect.origin, clip: clip, background: color("board.background"))
        } else {
            canvas.fill(rect.intersection(area), background: color("widget.background"))
        }
        if decorations || cells.map({ $0.minY <= 0 && $0.maxY > 0 }) != false, let badge = badge(of: tile.id, in: state, now: now) {
            drawBadge(badge, on: rect, clip: area, theme: state.theme, scheme: state.scheme, in: &canvas)
        }
        if case .arrange = state.mode {
            // Edit mode's frames are drawn over all tiles (`drawArrangeFrames`).
        } else if decorations, tile.id == state.focusedID {
            drawFrame(around: rect, in: &canvas, clip: area, color: color("focus.border"), background: color("board.background"))
        }
    }

    /// Draws `badge` in the top-right corner of `rect`, in reverse video: the stale colour as
    /// its background where there is colour, and still a solid block without any.
    private static func drawBadge(_ badge: String, on rect: Rect, clip: Rect, theme: Theme, scheme: ColorScheme, in canvas: inout ScreenCanvas) {
        let text = " \(badge) "
        let x = min(rect.maxX, clip.maxX) - text.cellWidth
        canvas.write(text, x: x, y: rect.minY, clip: clip, foreground: theme.color(named: "status.stale", scheme: scheme),
                     background: theme.color(named: "text.inverse", scheme: scheme), attributes: [.bold, .reverse])
    }

    /// One widget's drawing with the stale badge the board would give it (`tiles render` of a
    /// widget whose service failed): the mark is in the picture, in every format.
    public static func markedStale(_ grid: CellGrid, theme: Theme, scheme: ColorScheme) -> CellGrid {
        var grid = grid
        var canvas = ScreenCanvas(taking: &grid)
        let rect = Rect(x: 0, y: 0, width: canvas.grid.width, height: canvas.grid.height)
        drawBadge("⚠", on: rect, clip: rect, theme: theme, scheme: scheme, in: &canvas)
        return canvas.grid
    }

    // MARK: Frames after the first

    /// A drawn screen and what it was drawn from, so that the next frame can start from it.
    public struct Frame: Sendable {
        /// The screen.
        public fileprivate(set) var grid: CellGrid
        /// The areas that may differ from the frame before (the cells the frame wrote over the
        /// last one); nil when any cell may.
        public let changedAreas: [Rect]?
        fileprivate let backdrop: Backdrop?
        fileprivate let statusLine: StatusLine
        fileprivate let banner: BoardBanner
        /// The stale badges drawn, by tile: a badge's age changes the tile's rows.
        fileprivate let badges: [String: String]
    }

    /// Everything on the screen besides the tiles' drawings and statuses and the status line:
    /// while it stays the same, a frame redraws only what changed. Nil in a mode that draws over
    /// the board (help, hints, the edit form) or on a screen too small for it.
    fileprivate struct Backdrop: Equatable {
        var size: Size
        var layout: BoardLayout
        var page: Int
        var focusedID: String?
        var scheme: ColorScheme
        var theme: Theme

        init?(_ state: DashboardState) {
            // The screen-reader board is a few lines of text: drawn whole each frame.
            guard state.mode == .board, !state.layout.isTooSmall, !state.screenReader else { return nil }
            size = state.screen
            layout = state.layout
            page = state.page
            focusedID = state.focusedID
            scheme = state.scheme
            theme = state.theme
        }
    }

    /// The frame for `state` at `now`. When `previous` shows the same backdrop, only the tiles in
    /// `changedTiles` (new drawing or status) and a changed status line are drawn again over it,
    /// and only the cells that changed are reported (`changedAreas`); the result equals
    /// `screen(state, now:)`. `changedCells` narrows a changed tile to the cells of its drawing
    /// (tile coordinates) that changed since the last frame (a live text's tick), when they are
    /// known; a tile whose badge changed is drawn whole.
    public static func frame(
        _ state: DashboardState, now: Date, after previous: consuming Frame?, changedTiles: Set<String>,
        changedCells: [String: Rect] = [:]
    ) -> Frame {
        let backdrop = Backdrop(state)
        let statusLine = StatusLine(state: state, now: now)
        let banner = BoardBanner(state.activities, alerts: state.bannerAlerts, now: now)
        var badges: [String: String] = [:]
        for placement in state.visiblePlacements {
            badges[placement.id] = badge(of: placement.id, in: state, now: now)
        }
        // A message wrapped over the board's last rows, or one that was: every cell is drawn again.
        let wraps = { (line: StatusLine) in messageRows(line, width: state.screen.width).count > 1 }
        guard var previous = previous.take(), let backdrop, previous.backdrop == backdrop,
              previous.grid.width == state.screen.width, previous.grid.height == state.screen.height,
              statusLine == previous.statusLine || !(wraps(statusLine) || wraps(previous.statusLine))
        else {
            return Frame(grid: screen(state, statusLine: statusLine, banner: banner, now: now), changedAreas: nil, backdrop: backdrop,
                         statusLine: statusLine, banner: banner, badges: badges)
        }
        // The canvas takes the last frame's grid: when the caller gave up its frame (the board
        // does), the screen is drawn over in place instead of copied (every cell retained and
        // released again) on every tick.
        var canvas = ScreenCanvas(taking: &previous.grid)
        for placement in state.visiblePlacements
        where changedTiles.contains(placement.id) || badges[placement.id] != previous.badges[placement.id] {
            // A badge that went or shrank uncovers cells of the tile that its ticks did not draw.
            let cells = badges[placement.id] == previous.badges[placement.id] ? changedCells[placement.id] : nil
            drawTile(placement, of: state, now: now, cells: cells, in: &canvas)
        }
        if statusLine != previous.statusLine {
            drawStatusLine(statusLine, in: &canvas, state: state)
        }
        if banner != previous.banner {
            drawBanner(banner, in: &canvas, state: state)
        }
        // The canvas knows which cells it wrote: only those can differ from the last frame.
        return Frame(grid: canvas.grid, changedAreas: canvas.changed.map { [$0] } ?? [], backdrop: backdrop,
                     statusLine: statusLine, banner: banner, badges: badges)
    }

    /// The frame after `previous` for live texts' ticks alone: the cells `changedCells` of those
    /// tiles' drawings copied over it, and nothing else drawn again. For a state that changed
    /// in nothing but those drawings since `previous` was drawn (no status, badge age, mode,
    /// page or status line): the result then equals `frame(_:now:after:changedTiles:changedCells:)`
    /// and `screen(_:now:)`. Nil, leaving `previous` as it was, when the frame cannot start from
    /// it (none, a mode drawn over the board, another size).
    public static func tickFrame(
        _ state: DashboardState, now: Date, after previous: inout Frame?, changedCells: [String: Rect]
    ) -> Frame? {
        guard previous?.backdrop != nil, state.mode == .board, !state.layout.isTooSmall,
              previous?.grid.width == state.screen.width, previous?.grid.height == state.screen.height,
              var last = previous.take() else { return nil }
        var canvas = ScreenCanvas(taking: &last.grid)
        for placement in state.visiblePlacements {
            guard let cells = changedCells[placement.id] else { continue }
            drawTile(placement, of: state, now: now, cells: cells, decorations: false, in: &canvas)
        }
        return Frame(grid: canvas.grid, changedAreas: canvas.changed.map { [$0] } ?? [], backdrop: last.backdrop,
                     statusLine: last.statusLine, banner: last.banner, badges: last.badges)
    }

    /// `text` broken at spaces into lines of at most `width` columns (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            if line.isEmpty {
                line = word
            } else if line.cellWidth + 1 + word.cellWidth <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The environment TileUI views of the dashboard are drawn in.
    static func environment(_ state: DashboardState) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.colorScheme = state.scheme
        environment.theme = state.theme
        environment.useLanguage()
        return environment
    }

    private static func drawBanner(_ banner: BoardBanner, in canvas: inout ScreenCanvas, state: DashboardState) {
        guard state.layout.bannerRows > 0 else { return }
        banner.draw(in: &canvas, width: state.screen.width, theme: state.theme, scheme: state.scheme, rowLimit: state.layout.bannerRows)
    }

    /// The most rows a long message takes, the status line's included.
    static let messageRowLimit = 4

    /// The status line's text in rows of `width` cells: one when it fits beside the trailing
    /// part; a longer message (`cannot open https://…: xdg-open exited with status 3`) wraps,
    /// at most ``messageRowLimit`` rows, its last row beside the trailing part.
    static func messageRows(_ line: StatusLine, width: Int) -> [String] {
        // The row's padding, and the spacing before the trailing part.
        let room = width - line.trailing.cellWidth - 4
        guard line.isMessage, line.text.cellWidth > room, width > 8 else { return [line.text] }
        var rows = wrap(line.text, width: width - 4)
        if let last = rows.last, last.cellWidth > room {
            rows.removeLast()
            rows += wrap(last, width: room)
        }
        guard rows.count > messageRowLimit else { return rows }
        let kept = Array(rows.prefix(messageRowLimit))
        return kept.dropLast() + [BoardBanner.cut(kept[messageRowLimit - 1] + " …", width: room)]
    }

    private static func drawStatusLine(_ line: StatusLine, in canvas: inout ScreenCanvas, state: DashboardState) {
        let y = state.screen.height - BoardLayout.statusRows
        guard y >= 0, state.screen.width > 0 else { return }
        let rows = messageRows(line, width: state.screen.width)
        var last = line
        last.text = rows.last ?? ""
        let grid = CellGrid.render(StatusLineView(line: last), width: state.screen.width, height: 1, environment: environment(state))
        canvas.draw(grid, at: Point(x: 0, y: y), clip: canvas.bounds, background: nil)
        // The rows before the last are drawn over the board's bottom rows until the message goes.
        for (index, text) in rows.dropLast().enumerated() {
            let row = y - (rows.count - 1) + index
            guard row >= 0 else { continue }
            var above = line
            above.text = text
            above.trailing = ""
            let grid = CellGrid.render(StatusLineView(line: above), width: state.screen.width, height: 1, environment: environment(state))
            canvas.draw(grid, at: Point(x: 0, y: row), clip: canvas.bounds, background: nil)
        }
    }

    private static func drawEditForm(_ form: EditForm, in canvas: inout ScreenCanvas, state: DashboardState) {
        let board = state.layout.area
        let size = EditFormView.size(of: form, in: board.size)
        guard size.width > 0, size.height > 0 else { return }
        let grid = CellGrid.render(EditFormView(form: form, size: size), width: size.width, height: size.height, environment: environment(state))
        let origin = Point(x: board.minX + (board.size.width - size.width) / 2, y: board.minY + (board.size.height - size.height) / 2)
        canvas.draw(grid, at: origin, clip: board, background: nil)
    }

    private static func drawPrompt(_ prompt: ActionPrompt, in canvas: inout ScreenCanvas, state: DashboardState) {
        let board = state.layout.area
        let size = ActionPromptView.size(in: board.size)
        guard size.width > 0, size.height > 0 else { return }
        let grid = CellGrid.render(ActionPromptView(prompt: prompt, size: size), width: size.width, height: size.height, environment: environment(state))
        let origin = Point(x: board.minX + (board.size.width - size.width) / 2, y: board.minY + (board.size.height - size.height) / 2)
        canvas.draw(grid, at: origin, clip: board, background: nil)
    }

    private static func drawAlertHistory(_ contents: AlertHistory.Contents, in canvas: inout ScreenCanvas, state: DashboardState, now: Date) {
        let board = state.layout.area
        let size = AlertHistoryOverlay.size(of: contents, now: now, in: board.size)
        guard size.width > 0, size.height > 0 else { return }
        let overlay = AlertHistoryOverlay(contents: contents, now: now, size: size)
        let grid = CellGrid.render(overlay, width: size.width, height: size.height, environment: environment(state))
        let origin = Point(x: board.minX + (board.size.width - size.width) / 2, y: board.minY + (board.size.height - size.height) / 2)
        canvas.draw(grid, at: origin, clip: board, background: nil)
    }

    private static func drawHelp(in canvas: inout ScreenCanvas, state: DashboardState) {
        let size = HelpOverlay.size
        let grid = CellGrid.render(HelpOverlay(), width: size.width, height: size.height, environment: environment(state))
        let board = state.layout.area
        let origin = Point(x: max(0, (board.size.width - size.width) / 2), y: max(0, (board.size.height - size.height) / 2))
        canvas.draw(grid, at: origin, clip: board, background: nil)
    }
}
