import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A rectangle of terminal cells: what a view renders into and what a front end draws.
///
/// Rows are stored top to bottom, each `width` cells. A wide grapheme occupies its cell and a
/// continuation cell to its right; the grid never holds half of one.
public struct CellGrid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where taps go, links and controls' actions; a cell's `linkIndex` n refers to `targets[n - 1]`.
    public private(set) var targets: [TapTarget]
    /// The tree's `widgetURL`: the target of a tap outside every `Link`.
    public var widgetURL: URL?
    /// Where a terminal showing this grid as its screen puts its visible cursor (the
    /// screen-reader board, whose reader follows the cursor); nil hides it.
    public var cursor: Point?

    /// A grid of blank cells. Negative sizes are treated as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        // Each cell is made in place rather than copied from `Cell.blank`: a copy retains the
        // cell's grapheme (a runtime call per cell even for a space), a new blank cell is only
        // stores. Creating the grid showed in the layout benchmark.
        let count = self.width * self.height
        self.cells = Array(unsafeUninitializedCapacity: count) { cells, initialized in
            for index in 0..<count {
                (cells.baseAddress! + index).initialize(to: Cell())
            }
            initialized = count
        }
        self.targets = []
    }

    /// Replaces columns `columns` of row `y` (clamped to the grid) with those of `other`, a grid
    /// of the same size, and takes its links, so that both grids read the same there: how the
    /// terminal keeps its copy of the screen in step with the cells a frame changed.
    public mutating func copyCells(_ columns: Range<Int>, ofRow y: Int, from other: CellGrid) {
        precondition(other.width == width && other.height == height, "copyCells needs grids of one size")
        let lower = min(max(0, columns.lowerBound), width), upper = min(max(lower, columns.upperBound), width)
        guard (0..<height).contains(y), lower < upper else { return }
        let span = y * width + lower..<y * width + upper
        other.cells.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { target in
                for index in span { target[index] = source[index] }
            }
        }
        targets = other.targets
        widgetURL = other.widgetURL
        cursor = other.cursor
    }

    /// The cell at column `x`, row `y` (both 0-based, must be inside the grid).
    public subscript(x: Int, y: Int) -> Cell {
        // In place both ways, so that reading or changing one field of a cell does not copy the
        // cell (and retain its grapheme).
        _read { yield cells[y * width + x] }
        _modify { yield &cells[y * width + x] }
    }

    /// Runs `body` on row `y`'s cells, indexed by column, without copying them: for loops that
    /// read a whole row from another module, where each cell through the subscript is a call.
    public func withRowCells<Result>(_ y: Int, _ body: (UnsafeBufferPointer<Cell>) throws -> Result) rethrows -> Result {
        let start = y * width
        return try cells.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[start..<start + width]))
        }
    }

    /// Runs `body` on row `y`'s cells in place, indexed by column. For loops that write a run of
    /// cells: through the subscript every write checks that the storage is not shared.
    public mutating func withRow<Result>(_ y: Int, _ body: (UnsafeMutableBufferPointer<Cell>) -> Result) -> Result {
        let start = y * width
        return cells.withUnsafeMutableBufferPointer { all in
            body(UnsafeMutableBufferPointer(rebasing: all[start..<start + width]))
        }
    }

    /// Whether (x, y) lies inside the grid.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// The plain text: one line per row, each exactly `width` columns, each wide grapheme once.
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(height)
        for y in 0..<height {
            lines.append(line(y))
        }
        return lines.joined(separator: "\n")
    }

    /// Row `y` as plain text, `width` columns wide.
    public func line(_ y: Int) -> String {
        var line = ""
        for x in 0..<width {
            let cell = self[x, y]
            if !cell.isContinuation { line.append(cell.character) }
        }
        return line
    }

    /// What a tap at (x, y) reaches: the innermost `Link` or control covering the cell, else the
    /// tree's `widgetURL`, else nil.
    public func target(x: Int, y: Int) -> TapTarget? {
        guard contains(x: x, y: y) else { return widgetURL.map(TapTarget.link) }
        let index = Int(self[x, y].linkIndex)
        return index > 0 ? targets[index - 1] : widgetURL.map(TapTarget.link)
    }

    /// The URL a tap at (x, y) opens, nil where it reaches a control or nothing.
    public func link(x: Int, y: Int) -> URL? {
        target(x: x, y: y)?.url
    }

    /// The text of the cells `target` covers, in reading order, spaces run together: a
    /// control's label as drawn (`换一句`, `[✓] lamp`). Empty when no cell is the target's.
    public func text(of target: TapTarget) -> String {
        guard let position = targets.firstIndex(of: target) else { return "" }
        let index = UInt16(position + 1)
        var words: [String] = []
        for y in 0..<height {
            var run = ""
            for x in 0..<width {
                let cell = self[x, y]
                if cell.linkIndex == index, !cell.isContinuation { run.append(cell.character) }
            }
            words += run.split(separator: " ").map(String.init)
        }
        return words.joined(separator: " ")
    }

    /// The destinations of the grid's links, in the order they were registered.
    public var links: [URL] { targets.compactMap(\.url) }

    /// Registers a tap target and returns the index cells use for it.
    public mutating func index(for target: TapTarget) -> UInt16 {
        if let existing = targets.firstIndex(of: target) { return UInt16(existing + 1) }
        guard targets.count < Int(UInt16.max) else { return UInt16(targets.count) }
        targets.append(target)
        return UInt16(targets.count)
    }

    /// Registers a link destination and returns the index cells use for it.
    public mutating func index(forLink url: URL) -> UInt16 {
        index(for: .link(url))
    }
}
