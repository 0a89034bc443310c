/// Block-glyph fonts for large text.
///
/// A cell cannot grow, so large font sizes are drawn with glyphs several rows tall (docs/rules.md
/// A6.7, C3). A cell is twice as tall as it is wide, so its upper and lower halves (`▀` `▄` `█`)
/// make square pixels: each glyph is drawn below as a bitmap two pixels per row, which keeps the
/// source readable and makes the strokes equally thick in both directions.
enum BlockFont {
    /// The glyph scales available, largest first: [3, 2].
    static let rowCounts: [Int] = [3, 2]

    /// Blank columns between two glyphs.
    static let letterSpacing = 1

    /// Rows of the glyph (each the same number of width-1 characters), or nil if there is none.
    static func glyph(for character: Character, rows: Int) -> [String]? {
        face(rows: rows)?[canonical(character)]?.rows
    }

    /// Whether every character of `text` has a glyph at `rows`.
    static func canRender(_ text: String, rows: Int) -> Bool {
        guard let face = face(rows: rows) else { return false }
        return text.allSatisfy { face[canonical($0)] != nil }
    }

    /// Columns `text` takes at `rows` (glyph widths plus spacing between glyphs), or nil.
    static func width(of text: String, rows: Int) -> Int? {
        guard let face = face(rows: rows) else { return nil }
        var columns = 0
        for (index, character) in text.enumerated() {
            guard let glyph = face[canonical(character)] else { return nil }
            columns += glyph.width + (index > 0 ? letterSpacing : 0)
        }
        return columns
    }

    /// The width of each prefix of `text` at `rows`, from the empty one to the whole text:
    /// `prefixWidths(of: t, rows: r)?[n]` is `width(of: String(t.prefix(n)), rows: r)`. Nil when
    /// some character has no glyph.
    static func prefixWidths(of text: String, rows: Int) -> [Int]? {
        guard let face = face(rows: rows) else { return nil }
        var widths = [0]
        for (index, character) in text.enumerated() {
            guard let glyph = face[canonical(character)] else { return nil }
            widths.append(widths[index] + glyph.width + (index > 0 ? letterSpacing : 0))
        }
        return widths
    }

    /// The rows for `text` (one line, no newlines), glyphs separated by `letterSpacing` blank
    /// columns; nil if any character has no glyph.
    static func render(_ text: String, rows: Int) -> [String]? {
        guard let face = face(rows: rows) else { return nil }
        let gap = String(repeating: " ", count: letterSpacing)
        var lines = Array(repeating: "", count: rows)
        for (index, character) in text.enumerated() {
            guard let glyph = face[canonical(character)] else { return nil }
            for row in 0..<rows {
                if index > 0 { lines[row] += gap }
                lines[row] += glyph.rows[row]
            }
        }
        return lines
    }

    /// Lowercase ASCII letters share the capitals: at this resolution a separate lowercase set
    /// would only be less legible. Other characters (ß, accented letters) stay unsupported rather
    /// than being guessed at.
    private static func canonical(_ character: Character) -> Character {
        guard let ascii = character.singleByteASCII, (0x61...0x7A).contains(ascii) else { return character }
        return Character(Unicode.Scalar(ascii - 0x20))
    }
}

// MARK: - Glyph tables

extension BlockFont {
    /// One glyph, converted to cells once so that rendering is only string concatenation.
    private struct Glyph: Sendable {
        let rows: [String]
        let width: Int

        /// The glyph whose pixel rows start at `rowStarts` of `sheet`, `width` bytes each (`#` ink,
        /// anything else blank): each pair of pixel rows folded into one row of half blocks,
        /// written as UTF-8 in place, cheaper at start than Characters and Bool bitmaps
        /// (docs/performance.md).
        init(_ sheet: UnsafeBufferPointer<UInt8>, rowStarts: ArraySlice<Int>, width: Int) {
            self.width = width
            let ink = UInt8(ascii: "#")
            rows = stride(from: rowStarts.startIndex, to: rowStarts.endIndex, by: 2).map { top in
                let upper = rowStarts[top], lower = rowStarts[top + 1]
                return String(unsafeUninitializedCapacity: width * 3) { bytes in
                    var count = 0
                    for offset in 0..<width {
                        // U+2588 █, U+2580 ▀ and U+2584 ▄ are E2 96 88, E2 96 80 and E2 96 84.
                        let last: UInt8
                        switch (sheet[upper + offset] == ink, sheet[lower + offset] == ink) {
                        case (true, true): last = 0x88
                        case (true, false): last = 0x80
                        case (false, true): last = 0x84
                        case (false, false):
                            bytes[count] = UInt8(ascii: " ")
                            count += 1
                            continue
                        }
                        bytes[count] = 0xE2
                        bytes[count + 1] = 0x96
                        bytes[count + 2] = last
                        count += 3
                    }
                    return count
                }
            }
        }

        /// A blank glyph, for the space between words.
        init(blankWidth: Int, rows: Int) {
            width = blankWidth
            self.rows = Array(repeating: String(repeating: " ", count: blankWidth), count: rows)
        }
    }

    /// The glyphs of a scale (rows), or nil for a scale there is none of.
    private static func face(rows: Int) -> Face? {
        switch rows {
        case 3: threeRowFace
        case 2: twoRowFace
        default: nil
        }
    }

    // Each face is built on its first use (a large Text asks for every scale it may fall back
    // to, so both are, once). Every value type here is Sendable, so the shared tables are safe
    // to read from any thread under Swift 6. A word space is about half a digit wide, as in
    // proportional text.
    private static let threeRowFace = Face(rows: 3, spaceWidth: 2, sheets: [
        sixPixelDigits, sixPixelLettersAToM, sixPixelLettersNToZ, sixPixelPunctuation,
    ])
    private static let twoRowFace = Face(rows: 2, spaceWidth: 1, sheets: [
        fourPixelDigits, fourPixelLettersAToM, fourPixelLettersNToZ, fourPixelPunctuation,
    ])

    /// The glyphs of one scale, by the code of their character: every glyph is named by a
    /// character of one scalar below U+0100 (ASCII and `°`). Looked up by that number, not
    /// hashed as `Character` keys: every layout of a block-glyph number looks up each character.
    private struct Face: Sendable {
        private var glyphs: [Glyph?] = Array(repeating: nil, count: 256)

        subscript(character: Character) -> Glyph? {
            let scalars = character.unicodeScalars
            guard let scalar = scalars.first, scalar.value < 256, scalars.count == 1 else { return nil }
            return glyphs[Int(scalar.value)]
        }

        /// Parses glyph sheets: a line of names, then one line per pixel row holding every
        /// glyph's bitmap in the same order (`#` ink, `.` blank), separated by spaces. Read as
        /// bytes in place, a cursor a line. A malformed sheet is a programming error, so it stops
        /// the program at the first use (and in the tests).
        init(rows: Int, spaceWidth: Int, sheets: [StaticString]) {
            glyphs[0x20] = Glyph(blankWidth: spaceWidth, rows: rows)
            let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")
            for sheet in sheets {
                let bytes = UnsafeBufferPointer(start: sheet.utf8Start, count: sheet.utf8CodeUnitCount)
                let text = { String(decoding: bytes, as: UTF8.self) }
                // Where each line's next word starts: the names, then the pixel rows.
                var cursors = [0]
                for index in bytes.indices where bytes[index] == newline { cursors.append(index + 1) }
                precondition(cursors.count == 1 + rows * 2, "BlockFont: the sheet \(text()) needs \(rows * 2) pixel rows")
                /// The length of the word at `start`, which ends at a space, a line's end or the sheet's.
                func wordLength(at start: Int) -> Int {
                    var end = start
                    while end < bytes.count && bytes[end] != space && bytes[end] != newline { end += 1 }
                    return end - start
                }
                /// Moves `cursor` past its word and the spaces after it.
                func advance(_ cursor: inout Int, by length: Int) {
                    cursor += length
                    while cursor < bytes.count && bytes[cursor] == space { cursor += 1 }
                }
                while cursors[0] < bytes.count && bytes[cursors[0]] != newline {
                    let nameLength = wordLength(at: cursors[0])
                    let code = Self.code(of: UnsafeBufferPointer(rebasing: bytes[cursors[0]..<cursors[0] + nameLength]))
                    advance(&cursors[0], by: nameLength)
                    let width = wordLength(at: cursors[1])
                    for row in 1...rows * 2 {
                        precondition(width > 0 && wordLength(at: cursors[row]) == width, "BlockFont: the bitmap of \(code) in \(text()) is not \(width) wide in every row")
                    }
                    glyphs[code] = Glyph(bytes, rowStarts: cursors[1...], width: width)
                    for row in 1...rows * 2 { advance(&cursors[row], by: width) }
                }
                for row in 1...rows * 2 {
                    precondition(cursors[row] == bytes.count || bytes[cursors[row]] == newline, "BlockFont: a pixel row of \(text()) has more bitmaps than names")
                }
            }
        }

        /// The scalar value of a glyph's name, one scalar below U+0100 in UTF-8.
        private static func code(of name: UnsafeBufferPointer<UInt8>) -> Int {
            switch name.count {
            case 1 where name[0] < 0x80:
                return Int(name[0])
            case 2 where name[0] == 0xC2 || name[0] == 0xC3:
                return Int(name[0] & 0x1F) << 6 | Int(name[1] & 0x3F)
            default:
                preconditionFailure("BlockFont: glyph name '\(String(decoding: name, as: UTF8.self))' must be one character below U+0100")
            }
        }
    }

    // Three rows, six pixels. Digits are 4 wide with square corners and 1-pixel strokes, like a
    // clock face; middle bars sit on pixel row 2 so the lower counter is the larger, as in
    // printed figures. Letters keep the digits' proportions; M, V, W, X and Y need 5 columns for
    // their diagonals; S is rounded so it cannot be read as 5.

    /// 3-row digits, 4 pixels wide so that numbers keep their columns (tabular figures).
    private static let sixPixelDigits: StaticString = """
        0    1    2    3    4    5    6    7    8    9
        #### .##. #### #### #..# #### #### #### #### ####
        #..# ..#. ...# ...# #..# #... #... ...# #..# #..#
        #..# ..#. #### .### #### #### #### ...# #### ####
        #..# ..#. #... ...# ...# ...# #..# ...# #..# ...#
        #..# ..#. #... ...# ...# ...# #..# ...# #..# ...#
        #### .### #### #### ...# #### #### ...# #### ####
        """

    /// 3-row capitals A to M.
    private static let sixPixelLettersAToM: StaticString = """
        A    B    C    D    E    F    G    H    I   J    K    L    M
        #### ###. #### ###. #### #### #### #..# ### ...# #..# #... #...#
        #..# #..# #... #..# #... #... #... #..# .#. ...# #.#. #... ##.##
        #### ###. #... #..# ###. ###. #.## #### .#. ...# ###. #... #.#.#
        #..# #..# #... #..# #... #... #..# #..# .#. ...# #..# #... #...#
        #..# #..# #... #..# #... #... #..# #..# .#. #..# #..# #... #...#
        #..# ###. #### ###. #### #... #### #..# ### #### #..# #### #...#
        """

    /// 3-row capitals N to Z.
    private static let sixPixelLettersNToZ: StaticString = """
        N    O    P    Q    R    S    T   U    V     W     X     Y     Z
        #..# #### #### #### #### .### ### #..# #...# #...# #...# #...# ####
        ##.# #..# #..# #..# #..# #... .#. #..# #...# #...# .#.#. .#.#. ...#
        #.## #..# #### #..# #### .##. .#. #..# #...# #...# ..#.. ..#.. ..#.
        #..# #..# #... #..# #.#. ...# .#. #..# .#.#. #.#.# ..#.. ..#.. .#..
        #..# #..# #... #.## #..# ...# .#. #..# .#.#. ##.## .#.#. ..#.. #...
        #..# #### #... #### #..# ###. .#. #### ..#.. #...# #...# ..#.. ####
        """

    /// 3-row punctuation, only as wide as its shape so that "12:45" stays compact. `-` and `+`
    /// centre on the digits' middle bar so that "-3" and "+3" line up.
    private static let sixPixelPunctuation: StaticString = """
        : / - . , % + ! ? ' °
        . ..# ... . . #..# ... # ### # .#.
        # ..# ... . . #.#. .#. # ..# # #.#
        . .#. ### . . ..#. ### # .## . .#.
        . .#. ... . . .#.. .#. # .#. . ...
        # #.. ... . # .#.# ... . ... . ...
        . #.. ... # # #..# ... # .#. . ...
        """

    // Two rows, four pixels. Four pixels cannot hold a full figure-eight (two counters and three
    // bars need five), so digits are 3 wide and drop a bar where the shape still reads: 2 and 5
    // are diagonal strokes, 6 and 9 open stems, and 8 fills its lower counter.

    /// 2-row digits, 3 pixels wide (tabular).
    private static let fourPixelDigits: StaticString = """
        0   1   2   3   4   5   6   7   8   9
        ### ##. ### ### #.# ### #.. ### ### ###
        #.# .#. ..# ..# #.# #.. ### ..# #.# #.#
        #.# .#. #.. .## ### ..# #.# ..# ### ###
        ### ### ### ### ..# ### ### ..# ### ..#
        """

    /// 2-row capitals A to M.
    private static let fourPixelLettersAToM: StaticString = """
        A   B   C   D   E   F   G   H   I   J   K   L   M
        .#. ##. ### ##. ### ### ### #.# ### ..# #.# #.. #...#
        #.# #.# #.. #.# #.. #.. #.. #.# .#. ..# ##. #.. ##.##
        ### ### #.. #.# ##. ##. #.# ### .#. #.# ##. #.. #.#.#
        #.# ##. ### ##. ### #.. ### #.# ### ### #.# ### #...#
        """

    /// 2-row capitals N to Z.
    private static let fourPixelLettersNToZ: StaticString = """
        N    O   P   Q    R   S   T   U   V   W     X   Y   Z
        #..# ### ### ###. ### .## ### #.# #.# #...# #.# #.# ####
        ##.# #.# #.# #.#. #.# #.. .#. #.# #.# #.#.# .#. .#. ..#.
        #.## #.# ### #.#. ##. ..# .#. #.# #.# ##.## .#. .#. .#..
        #..# ### #.. #### #.# ##. .#. ### .#. #...# #.# .#. ####
        """

    /// 2-row punctuation.
    private static let fourPixelPunctuation: StaticString = """
        : / - . , % + ! ? ' °
        # .# ... . . #..# .#. # ### # .#.
        . .# ### . . #.#. ### # ..# # #.#
        . #. ... . # .#.# .#. . ... . .#.
        # #. ... # # #..# ... # .#. . ...
        """
}
