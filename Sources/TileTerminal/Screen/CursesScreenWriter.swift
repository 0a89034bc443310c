import CNcursesw
import TileUI

/// Writes changed runs of cells into an ncurses window: characters, attributes and colour pairs.
///
/// Remembers which pair every cell on screen uses, so that `ColorPairAllocator` only recycles
/// pairs no visible cell needs. Owned by `Terminal`, used on its thread only.
struct CursesScreenWriter {
    /// How cell colours become terminal colour numbers.
    let depth: ColorDepth
    private var allocator: ColorPairAllocator
    /// The pair each cell of the current frame was drawn with (0: default or not drawn).
    private var cellPairs: [Int32] = []
    private var frameWidth = 0
    /// Palette lookups are a search; cells mostly repeat a few colours.
    private var numberCache: [RGBColor: Int32] = [:]
    private var lastStyle: (foreground: RGBColor?, background: RGBColor?, colors: ColorPairAllocator.Colors)?

    /// A writer for a terminal of `depth` with `pairCapacity` usable pairs (COLOR_PAIRS - 1).
    init(depth: ColorDepth, pairCapacity: Int) {
        self.depth = depth
        allocator = ColorPairAllocator(capacity: depth == .none ? 0 : pairCapacity)
    }

    /// Forgets the pairs of the last frame before a full redraw of a `width` × `height` frame.
    mutating func startFullFrame(width: Int, height: Int) {
        allocator.releaseAll()
        frameWidth = width
        cellPairs = Array(repeating: 0, count: width * height)
    }

    /// Draws the runs of `diff` into `window`, skipping what falls outside `columns` × `rows`.
    ///
    /// Every overwritten cell gives up its pair before any new cell takes one, so a frame that
    /// swaps colours can recycle the pairs it stops using even when the table is full.
    mutating func write(_ diff: ScreenDiff, into window: UnsafeMutablePointer<WINDOW>, columns: Int, rows: Int) {
        for run in diff.runs where run.y < rows {
            for x in run.xStart..<min(run.xStart + run.cells.count, columns) {
                setPair(0, at: run.y * frameWidth + x)
            }
        }
        for run in diff.runs {
            write(run, into: window, columns: columns, rows: rows)
        }
    }

    private mutating func write(_ run: ScreenDiff.Run, into window: UnsafeMutablePointer<WINDOW>, columns: Int, rows: Int) {
        guard run.y < rows else { return }
        var cchar = cchar_t()
        // A printable ASCII character's cell is this one with its character replaced: what
        // `setcchar` makes of it, without the call, for the attributes and pair it was made with.
        var asciiCell = cchar_t()
        var asciiCellStyle: (attributes: attr_t, pair: Int32)?
        // The pair of the cell before, still referenced by it: runs are mostly one colour.
        var previous: (foreground: RGBColor?, background: RGBColor?, pair: Int32)?
        let end = min(run.xStart + run.cells.count, columns)
        run.cells.withUnsafeBufferPointer { cells in
            for x in run.xStart..<max(run.xStart, end) {
                let offset = x - run.xStart
                // The grapheme on the left covers a continuation cell; its pair was released above.
                if cells[offset].isContinuation { continue }
                let foreground = cells[offset].foreground, background = cells[offset].background
                let pair: Int32
                if let previous, previous.foreground == foreground, previous.background == background {
                    pair = previous.pair
                    allocator.retainAgain(pair)
                } else {
                    pair = retainPair(foreground: foreground, background: background)
                    previous = (foreground, background, pair)
                }
                setPair(pair, at: run.y * frameWidth + x)
                let attributes = Self.attributes(cells[offset].attributes)
                let character = cells[offset].character
                if let ascii = character.singleByteASCII, ascii >= 0x20, ascii != 0x7F {
                    if asciiCellStyle == nil || asciiCellStyle! != (attributes, pair) {
                        _ = Self.set(&asciiCell, to: " ", attributes: attributes, pair: pair)
                        asciiCellStyle = (attributes, pair)
                    }
                    asciiCell.chars.0 = wchar_t(ascii)
                    mvwadd_wch(window, Int32(run.y), Int32(x), &asciiCell)
                    continue
                }
                let fits = x + max(1, character.cellWidth) <= columns
                let drawn = fits ? character : " "
                if !Self.set(&cchar, to: drawn, attributes: attributes, pair: pair) {
                    _ = Self.set(&cchar, to: " ", attributes: attributes, pair: pair)
                }
                mvwadd_wch(window, Int32(run.y), Int32(x), &cchar)
            }
        }
    }

    /// Takes the cell's pair, defining it in ncurses when the allocator says so.
    private mutating func retainPair(foreground: RGBColor?, background: RGBColor?) -> Int32 {
        guard depth != .none else { return 0 }
        let colors = colors(foreground: foreground, background: background)
        guard let assignment = allocator.retain(colors) else { return 0 }
        if assignment.needsInitialization {
            init_extended_pair(assignment.pair, colors.foreground, colors.background)
        }
        return assignment.pair
    }

    /// Replaces the pair recorded for cell `index`, releasing the old one.
    private mutating func setPair(_ pair: Int32, at index: Int) {
        guard index < cellPairs.count else {
            allocator.release(pair)
            return
        }
        let old = cellPairs[index]
        cellPairs[index] = pair
        allocator.release(old)
    }

    private mutating func colors(foreground: RGBColor?, background: RGBColor?) -> ColorPairAllocator.Colors {
        if let last = lastStyle, last.foreground == foreground, last.background == background {
            return last.colors
        }
        let colors = ColorPairAllocator.Colors(foreground: number(for: foreground), background: number(for: background))
        lastStyle = (foreground, background, colors)
        return colors
    }

    private mutating func number(for color: RGBColor?) -> Int32 {
        guard let color else { return -1 }
        if depth == .direct { return depth.number(for: color) }
        if let cached = numberCache[color] { return cached }
        if numberCache.count > 4096 { numberCache.removeAll(keepingCapacity: true) }
        let number = depth.number(for: color)
        numberCache[color] = number
        return number
    }

    private static func attributes(_ attributes: CellAttributes) -> attr_t {
        if attributes.isEmpty { return 0 }
        var result: attr_t = 0
        if attributes.contains(.bold) { result |= tiles_a_bold() }
        if attributes.contains(.dim) { result |= tiles_a_dim() }
        if attributes.contains(.italic) { result |= tiles_a_italic() }
        if attributes.contains(.underline) { result |= tiles_a_underline() }
        if attributes.contains(.reverse) { result |= tiles_a_reverse() }
        return result
    }

    /// Fills `cchar` with `character`, an emoji ZWJ sequence whole; false when ncurses rejects it
    /// (a lone combining mark, a control character). A grapheme longer than a cell holds
    /// (CCHARW_MAX scalars) keeps its base.
    private static func set(_ cchar: inout cchar_t, to character: Character, attributes: attr_t, pair: Int32) -> Bool {
        // Most cells are printable ASCII (a space, above all).
        if let ascii = character.singleByteASCII {
            guard ascii >= 0x20, ascii != 0x7F else { return false }
            var text: (wchar_t, wchar_t) = (wchar_t(ascii), 0)
            return withUnsafeMutablePointer(to: &text) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { tiles_setcchar_grapheme(&cchar, $0, 1, attributes, pair) == OK }
            }
        }
        let scalars = character.terminalNormalized.unicodeScalars
        guard let first = scalars.first, first.value >= 0x20, !(0x7F...0x9F).contains(first.value) else { return false }
        let limit = Int(CCHARW_MAX)
        return withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: limit + 1) { text in
            var count = 0
            if scalars.count <= limit {
                for scalar in scalars {
                    text[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
            } else {
                text[0] = wchar_t(bitPattern: first.value)
                count = 1
            }
            text[count] = 0
            return tiles_setcchar_grapheme(&cchar, text.baseAddress, Int32(count), attributes, pair) == OK
        }
    }
}
