import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The board drawn for a screen reader (`tiles --screen-reader`; docs/usage.md, "Accessibility"):
/// plain lines with no box drawing and no pictures. A heading, then each tile of the page as
/// `title: its words`, the last change of a tile's words as a line of its own, and the status
/// line; the cursor at the start of the focused tile's line, where the terminal's screen reader
/// reads. Overlays (help, the edit form, a prompt, the alert history, the gallery) are their
/// words, a line each, in place of the tiles.
public enum SpokenBoardView {
    /// A line of the screen and whether the cursor goes to it.
    struct Line: Equatable {
        var text: String
        var isFocused = false
    }

    /// The screen for `state` at `now`, with the cursor placed.
    static func screen(_ state: DashboardState, now: Date) -> CellGrid {
        let scheme = state.scheme
        func color(_ name: String) -> RGBColor? { state.theme.color(named: name, scheme: scheme) }
        let text = color("status.text"), background = color("board.background")
        var canvas = ScreenCanvas(size: state.screen, background: background)
        let width = state.screen.width, height = state.screen.height
        guard width > 0, height > 0 else { return canvas.grid }
        // The bottom rows: the last change, then the status line.
        var footer: [String] = []
        if let announcement = state.announcement {
            footer.append(L("speech.changed", ["time": announcement.time, "words": announcement.text]))
        }
        // The status line's words, without its page dots (the heading says the page).
        let status = StatusLine(state: state, now: now)
        if !status.text.isEmpty { footer.append(status.text) }
        let footerRows = footer.flatMap { DashboardView.wrap($0, width: width) }
        let bodyHeight = max(0, height - footerRows.count)
        var rows: [Line] = []
        for line in lines(state, now: now) {
            let wrapped = DashboardView.wrap(line.text, width: width)
            for (index, row) in wrapped.enumerated() { rows.append(Line(text: row, isFocused: line.isFocused && index == 0)) }
        }
        // The focused line is kept on screen: the rows scroll so that it shows.
        let focusedRow = rows.firstIndex(where: \.isFocused)
        let first = focusedRow.map { max(0, min($0 - 1, rows.count - bodyHeight)) } ?? 0
        for (y, line) in rows.dropFirst(first).prefix(bodyHeight).enumerated() {
            canvas.write(line.text, x: 0, y: y, clip: canvas.bounds, foreground: text, background: background,
                         attributes: line.isFocused ? .bold : [])
        }
        for (index, row) in footerRows.suffix(height).enumerated() {
            canvas.write(row, x: 0, y: height - min(footerRows.count, height) + index, clip: canvas.bounds, foreground: text, background: background)
        }
        var grid = canvas.grid
        grid.cursor = Point(x: 0, y: focusedRow.map { min($0 - first, max(0, bodyHeight - 1)) } ?? 0)
        return grid
    }

    /// What the screen says above its footer, in the mode `state` is in.
    static func lines(_ state: DashboardState, now: Date) -> [Line] {
        switch state.mode {
        case .help:
            return [Line(text: HelpOverlay.title, isFocused: true)] + BoardKeys.all.map { Line(text: "\($0.keys): \($0.action)") }
        case .edit(let form):
            return focusFirst(spoken(EditFormView(form: form, size: EditFormView.size(of: form, in: state.layout.area.size)), state: state))
        case .prompt(let prompt):
            return focusFirst(spoken(ActionPromptView(prompt: prompt, size: ActionPromptView.size(in: state.layout.area.size)), state: state))
        case .alerts(let contents):
            let size = AlertHistoryOverlay.size(of: contents, now: now, in: state.layout.area.size)
            return focusFirst(spoken(AlertHistoryOverlay(contents: contents, now: now, size: size), state: state))
        case .arrange(let arranging):
            guard let gallery = arranging.gallery else { return tileLines(state, now: now) }
            let highlighted = gallery.choice == nil ? nil : gallery.highlighted
            return [Line(text: L("status.gallery"), isFocused: highlighted == nil)]
                + gallery.rows.map { Line(text: $0.text, isFocused: $0.match != nil && $0.match == highlighted) }
        case .hints(let hints, let typed):
            return [Line(text: L("status.hints"), isFocused: true)]
                + hints.filter { $0.label.hasPrefix(typed) }.map { Line(text: "\($0.label): \(hintWords($0, in: state))") }
        case .board:
            return tileLines(state, now: now)
        }
    }

    /// The screen-reader board's lines for the page's tiles, heading first, as text
    /// (`tiles render --board --format speech`).
    public static func text(_ state: DashboardState, now: Date) -> String {
        tileLines(state, now: now).map(\.text).joined(separator: "\n") + "\n"
    }

    /// What a screen reader says for one tile: `title: words`, and why it is stale.
    public static func tileText(title: String, words: String?, status: InstanceStatus?, now: Date) -> String {
        var text = L("speech.tile", ["title": title, "words": words ?? L("speech.loading")])
        if let stale = StatusLine.staleText(status, now: now) { text += " " + L("speech.stale", ["reason": stale]) }
        return text.escapingControlCharacters()
    }

    /// The heading and one line per tile of the page: `title: words`, and why it is stale.
    static func tileLines(_ state: DashboardState, now: Date) -> [Line] {
        let pageCount = state.layout.isTooSmall ? 1 : state.layout.pages.count
        let ids = state.visibleTileIDs
        var lines = [Line(text: L("speech.heading", ["page": String(state.page + 1), "pages": String(pageCount), "count": String(ids.count)]))]
        for id in ids {
            guard let tile = state.tile(id) else { continue }
            var text = tileText(title: tile.shown.displayName, words: tile.spoken, status: tile.status, now: now)
            if state.alertedTiles.contains(id) { text += " " + L("speech.alerted") }
            lines.append(Line(text: text, isFocused: id == state.focusedID))
        }
        if !lines.contains(where: \.isFocused) { lines[0].isFocused = true }
        return lines
    }

    /// A view's words, a line for each text it draws.
    private static func spoken<V: View>(_ view: V, state: DashboardState) -> [Line] {
        var environment = DashboardView.environment(state)
        environment.speakContent()
        let size = state.layout.area.size
        let drawing = RetainedDrawing(view, width: max(1, size.width), height: max(1, size.height), environment: environment)
        return (drawing.spoken ?? []).map { Speech.sentence([$0]) }.filter { !$0.isEmpty }.map { Line(text: $0) }
    }

    private static func focusFirst(_ lines: [Line]) -> [Line] {
        guard !lines.isEmpty else { return [Line(text: "", isFocused: true)] }
        var lines = lines
        lines[0].isFocused = true
        return lines
    }

    /// The words a hint's target shows on its tile: the text from its first cell to the next gap.
    private static func hintWords(_ hint: LinkHint, in state: DashboardState) -> String {
        guard let placement = state.visiblePlacements.first(where: { $0.id == hint.tileID }),
              let grid = state.tile(hint.tileID)?.grid else { return hint.tileID }
        let y = hint.position.y - placement.rect.minY
        var x = hint.position.x - placement.rect.minX
        guard y >= 0, y < grid.height else { return hint.tileID }
        var words = ""
        while x >= 0, x < grid.width {
            let cell = grid[x, y]
            if cell.isContinuation { x += 1; continue }
            if cell.character == " ", words.hasSuffix(" ") { break }
            words.append(cell.character)
            x += 1
        }
        let said = Speech.sentence([words])
        return said.isEmpty ? hint.tileID : said
    }
}
