import TileUI

/// The screen being composed: tiles copied in, then badges, frames, hints and the status line
/// drawn over them. Every write keeps wide graphemes whole: a grapheme cut by a clip edge or half
/// overwritten becomes a space, never half a character.
struct ScreenCanvas {
    private(set) var grid: CellGrid

    /// The smallest rectangle holding every cell written since the canvas was made; nil while
    /// none was. A tile copied in counts only the cells that differ from those it covers, so
    /// that drawing over the last frame tells the terminal which cells can have changed: a 1 Hz
    /// tick of the countdown, its seconds' digits, not the whole tile.
    private(set) var changed: Rect?

    /// A `size` screen filled with `background`.
    init(size: Size, background: RGBColor?) {
        grid = CellGrid(width: size.width, height: size.height)
        fill(Rect(x: 0, y: 0, width: size.width, height: size.height), background: background)
    }

    /// A canvas holding `grid`, to draw over.
    init(grid: CellGrid) {
        self.grid = grid
    }

    /// A canvas holding `grid`, taken from the caller (left empty), so that drawing over it
    /// changes it in place when nothing else holds it.
    init(taking grid: inout CellGrid) {
        self.grid = CellGrid(width: 0, height: 0)
        swap(&self.grid, &grid)
    }

    /// The whole screen.
    var bounds: Rect { Rect(x: 0, y: 0, width: grid.width, height: grid.height) }

    /// Paints `rect` (clipped to the screen) with blank cells of `background`.
    mutating func fill(_ rect: Rect, background: RGBColor?) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        // Row by row in place: through the subscript each cell was a call (the whole screen's
        // background, a fifth of a resize's composing).
        for y in area.minY..<area.maxY {
            grid.withRow(y) { row in
                for x in area.minX..<area.maxX { row[x] = Cell(background: background) }
            }
        }
        markChanged(area)
        repairEdges(of: area)
    }

    /// Copies `source` with its top-left cell at `origin`, only inside `clip`. Unpainted cells
    /// take `background`, so a tile's transparent corners show the board. Links are not copied:
    /// the screen is for drawing, hit-testing uses the tile's own grid.
    mutating func draw(_ source: CellGrid, at origin: Point, clip: Rect, background: RGBColor?) {
        let area = Rect(origin: origin, size: Size(width: source.width, height: source.height)).intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        // Row by row in place: a tick copies a whole tile, and each cell through the grids'
        // subscripts would be two calls. A cell equal to the one it covers is left alone (and
        // not counted as changed).
        var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min
        for y in area.minY..<area.maxY {
            source.withRowCells(y - origin.y) { from in
                grid.withRow(y) { to in
                    for x in area.minX..<area.maxX {
                        var cell = from[x - origin.x]
                        cell.linkIndex = 0
                        if cell.background == nil { cell.background = background }
                        // Half a wide grapheme cut off by the clip is a blank in its colours.
                        if cell.isContinuation && x == area.minX
                            || x + 1 >= area.maxX && !cell.isContinuation && cell.character.cellWidth == 2 {
                            cell = Cell(foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
                        }
                        guard to[x] != cell else { continue }
                        to[x] = cell
                        left = min(left, x)
                        right = max(right, x)
                        top = min(top, y)
                        bottom = max(bottom, y)
                    }
                }
            }
        }
        if left <= right { markChanged(Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)) }
        repairEdges(of: area)
    }

    /// Writes `text` from (`x`, `y`) on, stopping at `clip`'s right edge; returns the columns written.
    @discardableResult
    mutating func write(
        _ text: String, x: Int, y: Int, clip: Rect, foreground: RGBColor?, background: RGBColor?,
        attributes: CellAttributes = []
    ) -> Int {
        let area = clip.intersection(bounds)
        guard y >= area.minY, y < area.maxY else { return 0 }
        var column = x
        for character in text {
            let width = character.cellWidth
            guard width > 0 else { continue }
            guard column >= area.minX else {
                column += width
                continue
            }
            guard column + width <= area.maxX else { break }
            grid[column, y] = Cell(character: character, foreground: foreground, background: background, attributes: attributes)
            if width == 2 {
                grid[column + 1, y] = Cell(isContinuation: true, foreground: foreground, background: background, attributes: attributes)
            }
            column += width
        }
        let start = max(x, area.minX)
        if column > start {
            markChanged(Rect(x: start, y: y, width: column - start, height: 1))
            repairEdges(of: Rect(x: start, y: y, width: column - start, height: 1))
        }
        return max(0, column - x)
    }

    /// Sets one cell's character and colours (a frame's line, say), keeping graphemes around it whole.
    mutating func put(_ character: Character, x: Int, y: Int, foreground: RGBColor?, background: RGBColor?) {
        guard grid.contains(x: x, y: y) else { return }
        grid[x, y] = Cell(character: character, foreground: foreground, background: background)
        markChanged(Rect(x: x, y: y, width: 1, height: 1))
        repairEdges(of: Rect(x: x, y: y, width: 1, height: 1))
    }

    /// After `area` was overwritten: a wide grapheme just left of it lost its right half, and a
    /// continuation just right of it lost its grapheme; both become spaces.
    private mutating func repairEdges(of area: Rect) {
        for y in area.minY..<area.maxY {
            let left = area.minX - 1
            if left >= 0, !grid[left, y].isContinuation, grid[left, y].character.cellWidth == 2 {
                blank(x: left, y: y)
            }
            if area.minX < grid.width, grid[area.minX, y].isContinuation,
               left < 0 || grid[left, y].isContinuation || grid[left, y].character.cellWidth != 2 {
                blank(x: area.minX, y: y)
            }
            let right = area.maxX
            if right < grid.width, grid[right, y].isContinuation {
                let lead = grid[right - 1, y]
                if lead.isContinuation || lead.character.cellWidth != 2 { blank(x: right, y: y) }
            }
        }
    }

    private mutating func blank(x: Int, y: Int) {
        let old = grid[x, y]
        grid[x, y] = Cell(foreground: old.foreground, background: old.background, attributes: old.attributes)
        markChanged(Rect(x: x, y: y, width: 1, height: 1))
    }

    /// Widens `changed` to hold `rect`.
    private mutating func markChanged(_ rect: Rect) {
        guard let known = changed else {
            changed = rect
            return
        }
        let minX = min(known.minX, rect.minX), minY = min(known.minY, rect.minY)
        changed = Rect(x: minX, y: minY, width: max(known.maxX, rect.maxX) - minX, height: max(known.maxY, rect.maxY) - minY)
    }
}
