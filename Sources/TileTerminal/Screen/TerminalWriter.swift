import TileUI

/// Turns the changed cells of a frame into the bytes that draw them: cursor addresses, styles and
/// characters, with sequences from the terminal's terminfo entry (`TerminalSequences`).
///
/// tiles draws its frames itself rather than through ncurses' `doupdate`: ncurses formatted
/// every colour change with `tiparm` and compared rows tiles had already diffed
/// (docs/performance.md). ncurses still sets the terminal up, reads
/// the keys and gives the terminal back.
///
/// The writer remembers the style it last set and where the cursor is, across frames, so a tick
/// that changes one digit in the colours already set writes the digit after a backspace over the
/// one it wrote last (or after a cursor address, elsewhere). It
/// forgets both (and so starts the next frame with a reset) when the screen is cleared or
/// given back. Used on the terminal's thread only.
struct TerminalWriter {
    /// How cell colours become the terminal's colour numbers.
    let depth: ColorDepth
    private var sequences: TerminalSequences
    /// The bytes of the frame being written; kept between frames for its capacity.
    private var output: [UInt8] = []
    /// The style the terminal draws with now; nil when unknown.
    private var pen: Style?
    /// Where the next character lands; nil when unknown (after a grapheme whose width the
    /// terminal may count differently, or at the right margin).
    private var cursor: (x: Int, y: Int)?
    /// Palette numbers of colours looked up, in 256 slots by a hash of the colour (`number(for:)`).
    private var numberKeys = [UInt32](repeating: 0, count: 256)
    private var numberValues = [Int32](repeating: -1, count: 256)

    /// A cell's style as the terminal takes it: attributes the entry supports, colour numbers.
    struct Style: Equatable {
        var attributes: CellAttributes
        var foreground: Int32
        var background: Int32

        static let terminalDefault = Style(attributes: [], foreground: -1, background: -1)
    }

    /// A writer with `sequences` for a terminal of `depth`.
    init(sequences: TerminalSequences, depth: ColorDepth) {
        self.sequences = sequences
        self.depth = sequences.hasColors ? depth : .none
    }

    /// The bytes that clear the screen and draw every cell of `grid` that is not a blank in the
    /// default style, leaving out what falls outside `columns` × `rows`.
    mutating func fullFrame(_ grid: CellGrid, columns: Int, rows: Int) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: sequences.resetStyle)
        pen = sequences.resetStyle.isEmpty ? nil : .terminalDefault
        output.append(contentsOf: sequences.clearScreen)
        cursor = sequences.clearScreen.isEmpty ? nil : (0, 0)
        let height = min(grid.height, rows)
        for y in 0..<height {
            grid.withRowCells(y) { cells in
                write(cells, from: 0, row: y, columns: columns, rows: rows, skippingBlanks: !sequences.clearScreen.isEmpty)
            }
        }
        return output
    }

    /// The bytes that draw the runs of `diff` over the frame on screen.
    mutating func frame(_ diff: ScreenDiff, columns: Int, rows: Int) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        for run in diff.runs where run.y < rows {
            run.cells.withUnsafeBufferPointer { cells in
                write(cells, from: run.xStart, row: run.y, columns: columns, rows: rows, skippingBlanks: false)
            }
        }
        return output
    }

    /// The bytes that move the cursor to column `x`, row `y`, where it stays until the next frame.
    mutating func moveCursor(x: Int, y: Int) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        sequences.appendCursorAddress(x: x, y: y, to: &output)
        cursor = (x, y)
        return output
    }

    /// The bytes that put the terminal's style back to its default before the terminal is given
    /// back (ncurses, which would do it, does not know what the writer set); forgets the cursor.
    mutating func release() -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        if pen != .terminalDefault { output.append(contentsOf: sequences.resetStyle) }
        pen = nil
        cursor = nil
        return output
    }

    /// Writes `cells`, the first at column `xStart` of row `y`.
    private mutating func write(
        _ cells: UnsafeBufferPointer<Cell>, from xStart: Int, row y: Int, columns: Int, rows: Int, skippingBlanks: Bool
    ) {
        let end = min(xStart + cells.count, columns)
        guard xStart < end, let first = cells.baseAddress else { return }
        // The last cell's colours and attributes (`styleKey`) and their style: runs are mostly one
        // style. One integer compared, not the optional colours and attributes field by field.
        var lastKey = UInt64.max
        var lastStyle = Style.terminalDefault
        // The attributes that show a space's foreground, of those the terminal draws.
        let showsForeground = Self.blankShowsForeground.intersection(sequences.supportedAttributes)
        for x in xStart..<end {
            // Fields are read in place, without copying the cell.
            let cell = first + (x - xStart)
            // The grapheme on the left covers a continuation cell.
            if cell.pointee.isContinuation { continue }
            let foreground = cell.pointee.foreground, background = cell.pointee.background
            let attributes = cell.pointee.attributes
            let ascii = cell.pointee.singleByteASCII
            // After a clear, a space on the default background is on screen already, whatever its
            // foreground (`blankShowsForeground`).
            if skippingBlanks && ascii == 0x20 && background == nil && attributes.isDisjoint(with: showsForeground) { continue }
            // A zero-width grapheme (a lone mark or joiner) would not move the cursor: it is drawn
            // as a space, and so is a wide grapheme cut by the edge.
            let single = ascii == nil ? cell.pointee.standaloneScalar : nil
            // Any other grapheme beyond ASCII is made a `Character` once, for its width and bytes.
            let grapheme = ascii == nil && single == nil ? cell.pointee.character : nil
            let width = single?.width ?? grapheme?.cellWidth ?? 1
            let fits = width > 0 && x + width <= columns
            if sequences.scrollsAtLastCell && y == rows - 1 && x + (fits ? width : 1) == columns { continue }
            let key = Self.styleKey(foreground, background, attributes)
            if key != lastKey {
                lastStyle = Style(
                    attributes: attributes.intersection(sequences.supportedAttributes),
                    foreground: number(for: foreground),
                    background: number(for: background))
                lastKey = key
            }
            var style = lastStyle
            if ascii == 0x20, let pen, style.foreground != pen.foreground, style.attributes.isDisjoint(with: showsForeground) {
                style.foreground = Self.blankForeground(for: style, after: pen)
            }
            if let at = cursor, at.y == y, at.x == x + 1, !sequences.cursorLeft.isEmpty {
                // Just right of the cell (the writer wrote it last): one column back.
                output.append(contentsOf: sequences.cursorLeft)
            } else if cursor == nil || cursor! != (x, y) {
                sequences.appendCursorAddress(x: x, y: y, to: &output)
            }
            if pen != style { setPen(style) }
            if let ascii, ascii >= 0x20, ascii != 0x7F {
                output.append(ascii)
                cursor = (x + 1, y)
            } else if fits, let single {
                // One scalar, never a control: its UTF-8 as it is.
                UTF8.encode(single.scalar, into: { output.append($0) })
                cursor = (x + width, y)
            } else if fits, let grapheme, let scalars = appendGrapheme(grapheme) {
                cursor = scalars == 1 ? (x + width, y) : nil
            } else {
                output.append(UInt8(ascii: " "))
                cursor = (x + 1, y)
            }
            // At the right margin the terminal holds the cursor back (or wraps): address it anew.
            if cursor.map({ $0.x >= columns }) ?? false { cursor = nil }
        }
    }

    /// Appends `character` (not ASCII, taking cells) as the terminal should print it and returns
    /// how many scalars it has; nil for a control character (the caller writes a space instead).
    private mutating func appendGrapheme(_ character: Character) -> Int? {
        // Most graphemes beyond ASCII are one scalar (CJK, block glyphs), copied as UTF-8: its
        // first byte gives the scalar's length, and a grapheme of exactly that many is one.
        let utf8 = character.utf8
        var bytes = utf8.makeIterator()
        guard let lead = bytes.next() else { return nil }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        // "\r\n", the one grapheme of two ASCII scalars, is a control: not this way.
        if lead >= 0xC2 && length == utf8.count {
            // C1 controls are U+0080–U+009F: C2 80 to C2 9F.
            if lead == 0xC2, let second = utf8.dropFirst().first, second < 0xA0 { return nil }
            output.append(lead)
            while let byte = bytes.next() { output.append(byte) }
            return 1
        }
        let scalars = character.terminalNormalized.unicodeScalars
        guard let first = scalars.first, first.value >= 0x20, !(0x7F...0x9F).contains(first.value) else { return nil }
        // A grapheme of more scalars than a terminal cell keeps (ncurses keeps 5) is drawn as its
        // first: a pile of combining marks is not worth its bytes.
        let count = scalars.count
        if count > Self.scalarLimit {
            output.append(contentsOf: String(first).utf8)
            return 1
        }
        output.append(contentsOf: String(character.terminalNormalized).utf8)
        return count
    }

    /// The most scalars one cell's grapheme is written with.
    static let scalarLimit = 5

    /// The attributes that make a space's foreground colour visible (an underline is drawn in
    /// it, reverse video fills the cell with it). Without them a space shows only its background,
    /// so its foreground is whichever the terminal has: a block digit's tick (`▀`, a space on a
    /// coloured background, `█`) then changes the background alone, not both colours twice.
    /// (A computed constant: a stored one is read through `swift_once`, here once a cell.)
    static var blankShowsForeground: CellAttributes { [.underline, .reverse] }

    /// The foreground to draw a space of `style` with after `pen`: the pen's, unless changing to
    /// `style` resets the colours anyway (an attribute turned off, the background back to the
    /// default with `op`), when the default costs nothing.
    private static func blankForeground(for style: Style, after pen: Style) -> Int32 {
        let resets = !style.attributes.isSuperset(of: pen.attributes) || (style.background < 0 && pen.background >= 0)
        return resets ? -1 : pen.foreground
    }

    /// A cell's colours and attributes as one number: each colour's 24 bits and a bit for its
    /// presence, then the attributes' 8 bits; the top six bits stay clear, so no key is
    /// `UInt64.max`, which stands for no cell yet.
    private static func styleKey(_ foreground: RGBColor?, _ background: RGBColor?, _ attributes: CellAttributes) -> UInt64 {
        func bits(_ color: RGBColor?) -> UInt64 {
            guard let color else { return 0 }
            return 1 << 24 | UInt64(color.red) << 16 | UInt64(color.green) << 8 | UInt64(color.blue)
        }
        return bits(foreground) | bits(background) << 25 | UInt64(attributes.rawValue) << 50
    }

    /// Changes the terminal's style to `style`, from the one it has (or from none known).
    private mutating func setPen(_ style: Style) {
        var current = pen ?? .terminalDefault
        // An attribute can only be turned off by resetting them all, colours with them.
        if pen == nil || !style.attributes.isSuperset(of: current.attributes) {
            output.append(contentsOf: sequences.resetStyle)
            current = .terminalDefault
        }
        sequences.appendAttributes(style.attributes.subtracting(current.attributes), to: &output)
        current.attributes = style.attributes
        let loses = (style.foreground < 0 && current.foreground >= 0) || (style.background < 0 && current.background >= 0)
        if loses {
            if !sequences.defaultColors.isEmpty {
                output.append(contentsOf: sequences.defaultColors)
            } else {
                output.append(contentsOf: sequences.resetStyle)
                sequences.appendAttributes(style.attributes, to: &output)
            }
            current.foreground = -1
            current.background = -1
        }
        if style.foreground != current.foreground { sequences.appendForeground(style.foreground, to: &output) }
        if style.background != current.background { sequences.appendBackground(style.background, to: &output) }
        pen = style
    }

    private mutating func number(for color: RGBColor?) -> Int32 {
        guard let color, depth != .none else { return -1 }
        if depth == .direct { return depth.number(for: color) }
        // The nearest palette colour is a search; a board uses a few dozen colours, each looked
        // up again at every change of colour, so the answers are kept in a small hashed table.
        let key = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        let slot = Int((key &* 0x9E37_79B1) >> 24)
        if numberKeys[slot] == key | Self.filled { return numberValues[slot] }
        let number = depth.number(for: color)
        numberKeys[slot] = key | Self.filled
        numberValues[slot] = number
        return number
    }

    /// Marks a slot of the colour table as holding an answer.
    private static let filled: UInt32 = 1 << 31
}
