import TileUI

/// The cells that differ between two frames of the same size, as horizontal runs.
///
/// A run never starts or ends inside a wide grapheme: when either half of one changes, or a
/// continuation cell appears or disappears, the run covers the leading cell and its continuation,
/// because a terminal erases the whole grapheme when half of it is overwritten.
public struct ScreenDiff: Equatable, Sendable {
    /// Consecutive changed cells of one row.
    public struct Run: Equatable, Sendable {
        /// The row, 0-based.
        public let y: Int
        /// The column of the first cell, 0-based.
        public let xStart: Int
        /// The cells of the new frame from `xStart` on; continuation cells included.
        public let cells: [Cell]

        /// Creates a run of `cells` starting at (`xStart`, `y`).
        public init(y: Int, xStart: Int, cells: [Cell]) {
            self.y = y
            self.xStart = xStart
            self.cells = cells
        }
    }

    /// The changed runs, top to bottom, left to right.
    public let runs: [Run]

    /// The runs that turn `previous` into `next`. Both grids must have the same size.
    public init(from previous: CellGrid, to next: CellGrid) {
        self.init(from: previous, to: next, areas: [Rect(x: 0, y: 0, width: next.width, height: next.height)])
    }

    /// The runs that turn `previous` into `next`, comparing only the cells inside `areas` (in any
    /// order, overlapping or not): the caller knows every other cell is the same in both. A frame
    /// drawn over the last one names the cells it wrote (a tick of the countdown, its changed
    /// digits), so the diff compares those, not the whole rows they cross.
    public init(from previous: CellGrid, to next: CellGrid, areas: [Rect]) {
        precondition(
            previous.width == next.width && previous.height == next.height,
            "ScreenDiff needs frames of one size, got \(previous.width)x\(previous.height) and \(next.width)x\(next.height)"
        )
        // The columns to compare in each row the areas cross (`top` on), clipped to the screen.
        // A tick's area is a row or two of a few cells: only those rows get an entry.
        let bounds = Rect(x: 0, y: 0, width: next.width, height: next.height)
        var clippedAreas: [Rect] = []
        var top = Int.max, bottom = Int.min
        for area in areas {
            let clipped = area.intersection(bounds)
            guard !clipped.isEmpty else { continue }
            clippedAreas.append(clipped)
            top = min(top, clipped.minY)
            bottom = max(bottom, clipped.maxY)
        }
        guard !clippedAreas.isEmpty else {
            runs = []
            return
        }
        var columns = [[Range<Int>]](repeating: [], count: bottom - top)
        for clipped in clippedAreas {
            for y in clipped.minY..<clipped.maxY { columns[y - top].append(clipped.minX..<clipped.maxX) }
        }
        var runs: [Run] = []
        // All false between rows: each row clears the cells it marked.
        var changed = [Bool](repeating: false, count: next.width)
        for y in top..<bottom where !columns[y - top].isEmpty {
            guard let marked = Self.markChanges(row: y, columns: columns[y - top], previous: previous, next: next, into: &changed) else { continue }
            var x = marked.lowerBound
            while x < marked.upperBound {
                guard changed[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < marked.upperBound && changed[x] { x += 1 }
                runs.append(Run(y: y, xStart: start, cells: next.withRowCells(y) { Array($0[start..<x]) }))
            }
            for index in marked { changed[index] = false }
        }
        self.runs = runs
    }

    /// Each row these runs change, written whole from `grid` (the new frame): a screen reader
    /// reads a rewritten line as the line, where a changed digit alone would be read as the digit.
    public func wholeRows(of grid: CellGrid) -> ScreenDiff {
        var rows: [Int] = []
        for run in runs where rows.last != run.y { rows.append(run.y) }
        return ScreenDiff(runs: rows.map { y in Run(y: y, xStart: 0, cells: grid.withRowCells(y) { Array($0) }) })
    }

    private init(runs: [Run]) {
        self.runs = runs
    }

    /// Every cell of `grid`, one run per row: what a full redraw writes.
    public init(everything grid: CellGrid) {
        runs = (0..<grid.height).compactMap { y in
            grid.width == 0 ? nil : Run(y: y, xStart: 0, cells: grid.withRowCells(y) { Array($0) })
        }
    }

    /// Sets `changed[x]` for the cells of row `y` to write, comparing the cells in `columns`,
    /// widened to whole wide graphemes (which may reach one cell past `columns`), and returns the
    /// columns between the first and the last it set; nil (and `changed` untouched) when those
    /// cells are identical.
    private static func markChanges(
        row y: Int, columns: [Range<Int>], previous: CellGrid, next: CellGrid, into changed: inout [Bool]
    ) -> Range<Int>? {
        // Both rows read in place: through the grid's subscript each cell is a call, and a tick
        // compares every cell of the tile it redrew.
        previous.withRowCells(y) { old in
            next.withRowCells(y) { new in
                var first = Int.max, last = Int.min
                func mark(_ x: Int) {
                    changed[x] = true
                    first = min(first, x)
                    last = max(last, x)
                }
                for range in columns {
                    for x in range where old[x] != new[x] {
                        mark(x)
                        // A continuation cell, old or new, belongs to the grapheme on its left.
                        if x > 0 && (new[x].isContinuation || old[x].isContinuation) {
                            mark(x - 1)
                        }
                        // A new wide grapheme is written together with its right half.
                        if x + 1 < new.count && new[x + 1].isContinuation {
                            mark(x + 1)
                        }
                    }
                }
                return first <= last ? first..<last + 1 : nil
            }
        }
    }
}
