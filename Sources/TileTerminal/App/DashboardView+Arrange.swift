import TileKit
import TileUI

/// Edit mode on screen: every tile in a dashed frame with a `⊖` in its corner (WidgetKit's
/// jiggle, in cells), the focused tile's frame heavy, frames joined where they meet, and the
/// gallery over the board.
extension DashboardView {
    /// Edit mode's frames: every tile's in the gutter around it, the focused one heavy, and a
    /// `⊖` in each tile's corner. Where two frames share a cell (the one-row gutter between rows
    /// of tiles) their lines join (`├ ┬ ┼`) instead of one hiding the other.
    static func drawArrangeFrames(_ placements: [BoardLayout.Placement], in canvas: inout ScreenCanvas, state: DashboardState) {
        func color(_ name: String) -> RGBColor? { state.theme.color(named: name, scheme: state.scheme) }
        let area = state.layout.area
        var joints: [Point: FrameJoint] = [:]
        func add(_ x: Int, _ y: Int, _ directions: FrameJoint.Directions, heavy: Bool) {
            guard area.contains(x: x, y: y) else { return }
            joints[Point(x: x, y: y), default: FrameJoint()].add(directions, heavy: heavy)
        }
        for placement in placements {
            let heavy = placement.id == state.focusedID, rect = placement.rect
            let left = rect.minX - 1, right = rect.maxX, top = rect.minY - 1, bottom = rect.maxY
            for x in rect.minX..<rect.maxX {
                add(x, top, [.left, .right], heavy: heavy)
                add(x, bottom, [.left, .right], heavy: heavy)
            }
            for y in rect.minY..<rect.maxY {
                add(left, y, [.up, .down], heavy: heavy)
                add(right, y, [.up, .down], heavy: heavy)
            }
            add(left, top, [.down, .right], heavy: heavy)
            add(right, top, [.down, .left], heavy: heavy)
            add(left, bottom, [.up, .right], heavy: heavy)
            add(right, bottom, [.up, .left], heavy: heavy)
        }
        let light = color("text.secondary"), focus = color("focus.border"), background = color("board.background")
        for (point, joint) in joints {
            canvas.put(joint.character, x: point.x, y: point.y, foreground: joint.heavy ? focus : light, background: background)
        }
        for placement in placements {
            canvas.write("⊖", x: placement.rect.minX, y: placement.rect.minY, clip: area, foreground: color("status.stale"),
                         background: color("widget.background"), attributes: .bold)
        }
    }

    /// One cell of edit mode's frames: the directions its lines leave in, and whether any of
    /// them is the focused frame's (the cell is then drawn heavy).
    struct FrameJoint {
        struct Directions: OptionSet {
            let rawValue: UInt8
            static let up = Directions(rawValue: 1)
            static let down = Directions(rawValue: 2)
            static let left = Directions(rawValue: 4)
            static let right = Directions(rawValue: 8)
        }

        var directions: Directions = []
        var heavy = false

        mutating func add(_ more: Directions, heavy: Bool) {
            directions.formUnion(more)
            self.heavy = self.heavy || heavy
        }

        /// The box-drawing character: dashed lines and round corners for the other tiles' frames,
        /// heavy ones for the focused tile's, and junctions where frames meet.
        var character: Character {
            let vertical = directions.intersection([.up, .down]), horizontal = directions.intersection([.left, .right])
            if vertical.isEmpty { return heavy ? "━" : "┄" }
            if horizontal.isEmpty { return heavy ? "┃" : "┆" }
            switch (vertical, horizontal) {
            case (.down, .right): return heavy ? "┏" : "╭"
            case (.down, .left): return heavy ? "┓" : "╮"
            case (.up, .right): return heavy ? "┗" : "╰"
            case (.up, .left): return heavy ? "┛" : "╯"
            case ([.up, .down], .right): return heavy ? "┣" : "├"
            case ([.up, .down], .left): return heavy ? "┫" : "┤"
            case (.down, [.left, .right]): return heavy ? "┳" : "┬"
            case (.up, [.left, .right]): return heavy ? "┻" : "┴"
            default: return heavy ? "╋" : "┼"
            }
        }
    }

    /// A frame one cell outside `rect`, in the gutter; parts off the board are skipped.
    static func drawFrame(
        around rect: Rect, in canvas: inout ScreenCanvas, clip: Rect, color: RGBColor?, background: RGBColor?
    ) {
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

    // MARK: The gallery

    /// The gallery box over the board: the search line, the widgets on the left, the chosen
    /// widget's families, preview and description on the right, and its keys at the bottom.
    static func drawGallery(_ gallery: WidgetGallery, in canvas: inout ScreenCanvas, state: DashboardState) {
        func color(_ name: String) -> RGBColor? { state.theme.color(named: name, scheme: state.scheme) }
        let board = state.layout.area
        // As tall as the list or the chosen preview with its description needs.
        let previewRows = gallery.choice.map { $0.family.gridSize(in: state.sizeClass).rows } ?? 0
        let rows = gallery.rows
        let size = Size(width: min(board.size.width, 110), height: min(board.size.height, max(rows.count + 7, previewRows + 11)))
        guard size.width >= 20, size.height >= 8 else { return }
        let box = Rect(x: board.minX + (board.size.width - size.width) / 2, y: board.minY + (board.size.height - size.height) / 2,
                       width: size.width, height: size.height)
        let text = color("status.text"), secondary = color("text.secondary"), background = color("status.background")
        canvas.fill(box, background: background)
        let inner = Rect(x: box.minX + 1, y: box.minY + 1, width: box.size.width - 2, height: box.size.height - 2)
        drawFrame(around: inner, in: &canvas, clip: box, color: color("focus.border"), background: background)
        let content = Rect(x: inner.minX + 1, y: inner.minY, width: inner.size.width - 2, height: inner.size.height)
        var y = content.minY
        let heading = L("gallery.title")
        canvas.write(heading, x: content.minX, y: y, clip: content, foreground: text, background: background, attributes: .bold)
        let searchX = content.minX + max(12, heading.cellWidth)
        let visible = gallery.filter.visible(width: max(1, content.size.width - 24))
        let written = canvas.write("  " + L("gallery.search") + " " + visible.before, x: searchX, y: y, clip: content, foreground: text, background: background)
        let cursorX = searchX + written
        let cursorWidth = canvas.write(visible.atCursor, x: cursorX, y: y, clip: content, foreground: text, background: background, attributes: .reverse)
        canvas.write(visible.after, x: cursorX + cursorWidth, y: y, clip: content, foreground: text, background: background)
        y += 2
        let listWidth = min(30, content.size.width / 3)
        let list = Rect(x: content.minX, y: y, width: listWidth, height: content.maxY - 1 - y)
        let matches = gallery.matches
        if matches.isEmpty {
            canvas.write(L("gallery.no_match"), x: list.minX, y: list.minY, clip: list, foreground: secondary, background: background)
        }
        let highlightedRow = rows.firstIndex { $0.match == gallery.highlighted } ?? 0
        let first = max(0, min(highlightedRow - list.size.height / 2, rows.count - list.size.height))
        for (line, row) in rows[first...].prefix(max(0, list.size.height)).enumerated() {
            // A group's name is a heading; its widgets are indented under it.
            guard let index = row.match else {
                canvas.write(row.text, x: list.minX, y: list.minY + line, clip: list, foreground: text, background: background, attributes: .underline)
                continue
            }
            let selected = index == gallery.highlighted
            canvas.write((selected ? "▸ " : "  ") + row.text, x: list.minX, y: list.minY + line, clip: list, foreground: selected ? text : secondary,
                         background: background, attributes: selected ? .bold : [])
        }
        let detail = Rect(x: list.maxX + 2, y: y, width: content.maxX - list.maxX - 2, height: list.size.height)
        if let choice = gallery.choice, let item = matches.first(where: { $0.kind == choice.kind }) {
            var x = detail.minX
            for family in item.families {
                let chosen = family == choice.family
                x += canvas.write(chosen ? "[\(family.shortName)]" : " \(family.shortName) ", x: x, y: detail.minY, clip: detail,
                                  foreground: chosen ? text : secondary, background: background, attributes: chosen ? .bold : [])
                x += 1
            }
            let previewTop = detail.minY + 2
            if let preview = gallery.previews[choice] {
                let clip = Rect(x: detail.minX, y: previewTop, width: detail.size.width, height: max(0, detail.maxY - previewTop - 2))
                canvas.draw(preview, at: Point(x: detail.minX, y: previewTop), clip: clip, background: background)
                let below = min(previewTop + preview.height, clip.maxY) + 1
                for (row, line) in wrap(item.description, width: detail.size.width).enumerated() where below + row < detail.maxY {
                    canvas.write(line, x: detail.minX, y: below + row, clip: detail, foreground: secondary, background: background)
                }
            } else {
                canvas.write(L("gallery.drawing"), x: detail.minX, y: previewTop, clip: detail, foreground: secondary, background: background)
            }
        }
        canvas.write(L("gallery.keys"), x: content.minX, y: content.maxY - 1,
                     clip: content, foreground: secondary, background: background)
    }
}
