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
        self.init(from: previous, to: next, rows: [0..<next.height])
    }

    /// The runs that turn `previous` into `next`, looking only at `rows` (ranges in any order,
    /// overlapping or not): the caller knows every other row is the same in both.
    public init(from previous: CellGrid, to next: CellGrid, rows: [Range<Int>]) {
        precondition(
            previous.width == next.width && previous.height == next.height,
            "ScreenDiff needs frames of one size, got \(previous.width)x\(previous.height) and \(next.width)x\(next.height)"
        )
        var runs: [Run] = []
        var changed = [Bool](repeating: false, count: next.width)
        var inspected = [Bool](repeating: false, count: next.height)
        for range in rows { for y in range.clamped(to: 0..<next.height) { inspected[y] = true } }
        for y in 0..<next.height where inspected[y] {
            guard Self.markChanges(row: y, previous: previous, next: next, into: &changed) else { continue }
            var x = 0
            while x < next.width {
                guard changed[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < next.width && changed[x] { x += 1 }
                runs.append(Run(y: y, xStart: start, cells: next.withRowCells(y) { Array($0[start..<x]) }))
            }
        }
        self.runs = runs
    }

    /// Every cell of `grid`, one run per row: what a full redraw writes.
    public init(everything grid: CellGrid) {
        runs = (0..<grid.height).compactMap { y in
            grid.width == 0 ? nil : Run(y: y, xStart: 0, cells: grid.withRowCells(y) { Array($0) })
        }
    }

    /// Sets `changed[x]` for the cells of row `y` to write, widened to whole wide graphemes.
    /// Returns false (and leaves `changed` untouched) when the row is identical.
    private static func markChanges(row y: Int, previous: CellGrid, next: CellGrid, into changed: inout [Bool]) -> Bool {
        // Both rows read in place: through the grid's subscript each cell is a call, and a tick
        // compares every cell of the rows a tile covers.
        previous.withRowCells(y) { old in
            next.withRowCells(y) { new in
                guard let firstChange = new.indices.first(where: { old[$0] != new[$0] }) else { return false }
                for x in changed.indices { changed[x] = false }
                for x in firstChange..<new.count where old[x] != new[x] {
                    changed[x] = true
                    // A continuation cell, old or new, belongs to the grapheme on its left.
                    if x > 0 && (new[x].isContinuation || old[x].isContinuation) {
                        changed[x - 1] = true
                    }
                    // A new wide grapheme is written together with its right half.
                    if x + 1 < new.count && new[x + 1].isContinuation {
                        changed[x + 1] = true
                    }
                }
                return true
            }
        }
    }
}
