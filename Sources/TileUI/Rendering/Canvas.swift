import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The drawing state while a tree renders into a grid: the grid, the clip rectangle, the link that
/// covers what is drawn now, and the opacity in effect.
///
/// Every write keeps the grid's invariant that a wide grapheme is whole: overwriting either half of
/// one blanks the other half.
struct Canvas {
    var grid: CellGrid
    var clip: Rect
    var linkIndex: UInt16 = 0
    var alpha: Double = 1
    /// The first `widgetURL` met in pre-order (docs/rules.md B8.1).
    var widgetURL: URL?
    /// What a screen reader says for the drawing, each text and accessibility label in the order
    /// drawn; nil unless the environment asks for it (`speaksContent`).
    var spoken: [String]?

    init(grid: CellGrid) {
        self.grid = grid
        self.clip = Rect(x: 0, y: 0, width: grid.width, height: grid.height)
    }

    /// Runs `body` with the clip narrowed to `rect`.
    mutating func clipped(to rect: Rect, _ body: (inout Canvas) -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        if !clip.isEmpty { body(&self) }
        clip = saved
    }

    /// Adds `words` to what is spoken, when speech is collected.
    mutating func speak(_ words: String) {
        guard spoken != nil, !words.isEmpty else { return }
        spoken!.append(words)
    }

    /// Blanks the other half of a wide grapheme that (x, y) is part of, before (x, y) is rewritten.
    mutating func detachWide(x: Int, y: Int) {
        if grid[x, y].isContinuation {
            if x > 0 {
                grid[x - 1, y].character = " "
            }
            grid[x, y].isContinuation = false
            grid[x, y].character = " "
        } else if x + 1 < grid.width, grid[x + 1, y].isContinuation {
            grid[x + 1, y].isContinuation = false
            grid[x + 1, y].character = " "
        }
    }

    /// The foreground a glyph of `color` gets over the cell at (x, y), and whether it must be dim
    /// because it cannot be blended (A7.8).
    private func foreground(_ color: ResolvedColor?, over background: RGBColor?) -> (RGBColor?, dim: Bool) {
        guard let color else { return (nil, alpha < 0.6) }
        let a = color.alpha * alpha
        if a >= 1 { return (color.rgb, false) }
        if let background { return (color.rgb.blended(over: background, alpha: a), false) }
        return (color.rgb, a < 0.6)
    }

    /// Draws a grapheme of `width` columns with its left edge at (x, y). A wide grapheme that would
    /// cross the clip edge becomes a space, never half a glyph.
    mutating func put(_ character: Character, width: Int, x: Int, y: Int, color: ResolvedColor?, attributes: CellAttributes) {
        guard alpha > 0, width > 0, clip.contains(x: x, y: y) else { return }
        if width == 2 && !clip.contains(x: x + 1, y: y) {
            put(" ", width: 1, x: x, y: y, color: color, attributes: attributes)
            return
        }
        detachWide(x: x, y: y)
        if width == 2 { detachWide(x: x + 1, y: y) }
        let background = grid[x, y].background
        let (blended, dim) = foreground(color, over: background)
        var rgb = blended
        var style = dim ? attributes.union(.dim) : attributes
        // Over a known background, dim text is blended towards it (keeping 3:1) rather than left to
        // the terminal's dim attribute, which is unreadable on a coloured fill (Commit's orange).
        if style.contains(.dim), let background, let shown = rgb {
            rgb = shown.dimmed(over: background)
            style.remove(.dim)
        }
        let link = linkIndex
        Canvas.setGlyph(&grid[x, y], character, isContinuation: false, foreground: rgb, attributes: style, link: link)
        if width == 2 {
            Canvas.setGlyph(&grid[x + 1, y], " ", isContinuation: true, foreground: rgb, attributes: style, link: link)
        }
    }

    /// Writes a glyph into `cell`, keeping its background. One in-place access per cell: writing
    /// field by field through the grid showed in the layout benchmark.
    private static func setGlyph(_ cell: inout Cell, _ character: Character, isContinuation: Bool,
                                 foreground: RGBColor?, attributes: CellAttributes, link: UInt16) {
        cell.character = character
        cell.isContinuation = isContinuation
        cell.foreground = foreground
        cell.attributes = attributes
        if link != 0 { cell.linkIndex = link }
    }

    /// Paints the cell at (x, y) with `color`. An opaque fill covers what was there; a translucent
    /// one blends over a known background and keeps the glyph.
    mutating func fill(x: Int, y: Int, color: ResolvedColor) {
        guard alpha > 0, clip.contains(x: x, y: y) else { return }
        let a = color.alpha * alpha
        let background = grid[x, y].background
        if a >= 1 || (background == nil && a >= 0.5) {
            detachWide(x: x, y: y)
            Canvas.paint(&grid[x, y], color.rgb, link: linkIndex)
        } else if let background {
            Canvas.blend(&grid[x, y], color.rgb, alpha: a, over: background, link: linkIndex)
        }
    }

    /// Covers the cells `columns` of row `y`, which must lie inside the clip, with the opaque
    /// colour `color(x)` each: what `fill(x:y:color:)` does with an opaque colour, one row at a
    /// time. Only the run's ends can cut a wide grapheme that goes on outside it; every cell
    /// inside is overwritten anyway. Filling a widget cell by cell was the largest single cost of
    /// rendering the medium benchmark, which is mostly gradient.
    ///
    /// Always inlined, so that `color` is inlined into the loop too rather than called per cell.
    @inline(__always)
    mutating func paintOpaqueRow(y: Int, columns: Range<Int>, color: (Int) -> RGBColor) {
        guard let first = columns.first, let last = columns.last else { return }
        detachWide(x: first, y: y)
        if last != first { detachWide(x: last, y: y) }
        let link = linkIndex
        grid.withRow(y) { row in
            for x in columns {
                row[x] = Cell(background: color(x), linkIndex: link != 0 ? link : row[x].linkIndex)
            }
        }
    }

    /// Covers `cell` with an opaque `rgb`: a blank glyph on that background.
    private static func paint(_ cell: inout Cell, _ rgb: RGBColor, link: UInt16) {
        setGlyph(&cell, " ", isContinuation: false, foreground: nil, attributes: [], link: link)
        cell.background = rgb
    }

    /// Blends a translucent `rgb` over `cell`, whose background is `background`, keeping its glyph.
    private static func blend(_ cell: inout Cell, _ rgb: RGBColor, alpha: Double, over background: RGBColor, link: UInt16) {
        cell.background = rgb.blended(over: background, alpha: alpha)
        if let foreground = cell.foreground {
            cell.foreground = rgb.blended(over: foreground, alpha: alpha)
        }
        if link != 0 { cell.linkIndex = link }
    }

    /// Marks every visible cell of `rect` as covered by link `index`.
    mutating func markLink(_ rect: Rect, index: UInt16) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                grid[x, y].linkIndex = index
            }
        }
    }
}
