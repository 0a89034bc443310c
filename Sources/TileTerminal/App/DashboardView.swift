import Foundation
import TileKit
import TileUI

/// Draws the dashboard: a pure function of its state and the time (for the status line's ages).
///
/// The board background, each tile of the page at its place, a stale badge in a tile's top-right
/// corner, the focused tile's frame in the gutter around it (never over its content), hint labels,
/// the status line, and the help overlay on top.
public enum DashboardView {
    /// The badge drawn in the top-right corner of a stale tile.
    public static let staleBadge = "!"

    /// The screen for `state` at `now`, exactly `state.screen` in size.
    public static func screen(_ state: DashboardState, now: Date) -> CellGrid {
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
        let area = state.layout.area
        for placement in state.visiblePlacements {
            guard let tile = state.tile(placement.id) else { continue }
            let rect = placement.rect
            if let grid = tile.grid {
                canvas.draw(grid, at: rect.origin, clip: area, background: color("board.background"))
            } else {
                canvas.fill(rect.intersection(area), background: color("widget.background"))
            }
            if tile.status?.isStale == true {
                let x = min(rect.maxX, area.maxX) - staleBadge.cellWidth
                canvas.write(staleBadge, x: x, y: rect.minY, clip: area, foreground: color("text.inverse"),
                             background: color("status.stale"), attributes: .bold)
            }
            if tile.id == state.focusedID {
                drawFrame(around: rect, in: &canvas, clip: area, color: color("focus.border"), background: color("board.background"))
            }
        }
        if case .hints(let hints, let typed) = state.mode {
            for hint in hints where hint.label.hasPrefix(typed) {
                canvas.write(hint.label, x: hint.position.x, y: hint.position.y, clip: area,
                             foreground: color("hint.text"), background: color("hint.background"), attributes: .bold)
            }
        }
        drawStatusLine(StatusLine(state: state, now: now), in: &canvas, state: state)
        if state.mode == .help { drawHelp(in: &canvas, state: state) }
        if case .edit(let form) = state.mode { drawEditForm(form, in: &canvas, state: state) }
        return canvas.grid
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
        return environment
    }

    /// A line-drawing frame one cell outside `rect`, in the gutter; parts off the board are skipped.
    private static func drawFrame(around rect: Rect, in canvas: inout ScreenCanvas, clip: Rect, color: RGBColor?, background: RGBColor?) {
        let left = rect.minX - 1, right = rect.maxX, top = rect.minY - 1, bottom = rect.maxY
        func put(_ character: Character, _ x: Int, _ y: Int) {
            guard clip.contains(x: x, y: y) else { return }
            canvas.put(character, x: x, y: y, foreground: color, background: background)
        }
        for x in rect.minX..<rect.maxX {
            put("─", x, top)
            put("─", x, bottom)
        }
        for y in rect.minY..<rect.maxY {
            put("│", left, y)
            put("│", right, y)
        }
        put("┌", left, top)
        put("┐", right, top)
        put("└", left, bottom)
        put("┘", right, bottom)
    }

    private static func drawStatusLine(_ line: StatusLine, in canvas: inout ScreenCanvas, state: DashboardState) {
        let y = state.screen.height - BoardLayout.statusRows
        guard y >= 0, state.screen.width > 0 else { return }
        let grid = CellGrid.render(StatusLineView(line: line), width: state.screen.width, height: 1, environment: environment(state))
        canvas.draw(grid, at: Point(x: 0, y: y), clip: canvas.bounds, background: nil)
    }

    private static func drawEditForm(_ form: EditForm, in canvas: inout ScreenCanvas, state: DashboardState) {
        let board = state.layout.area
        let size = EditFormView.size(of: form, in: board.size)
        guard size.width > 0, size.height > 0 else { return }
        let grid = CellGrid.render(EditFormView(form: form, size: size), width: size.width, height: size.height, environment: environment(state))
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
