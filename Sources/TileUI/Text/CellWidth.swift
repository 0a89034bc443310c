// Terminal cell widths of scalars, graphemes and strings (docs/platform.md "Cell width", docs/rules.md C3).
//
// Layout calls these once per character, so measuring never allocates and printable ASCII returns
// before any table lookup.

extension Unicode.Scalar {
    /// Columns this scalar takes on its own: 0, 1 or 2, from the generated East Asian Width table.
    var cellWidth: Int {
        let value = self.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < CellWidth.directLimit { return CellWidth.direct(value) }
        return CellWidth.search(value)
    }

    /// Emoji skin-tone modifiers, which tiles drops (terminals disagree on how wide they make a base).
    var isEmojiSkinToneModifier: Bool { (0x1F3FB...0x1F3FF).contains(value) }

    /// Regional indicators, which pair into flags.
    var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// Whether this scalar is a grapheme of its own whenever its neighbours are such scalars too.
    ///
    /// Covers Latin, general punctuation and symbols, CJK, kana, Hangul syllables, fullwidth forms
    /// and the emoji pictographs; leaves out everything that can join a grapheme (combining and
    /// spacing marks, ZWJ, variation selectors, skin tones, regional indicators, jamo, Indic scripts)
    /// and controls other than "\n". Text made only of these is measured and broken scalar by
    /// scalar, skipping Swift's grapheme segmentation, which is most of the cost of laying out text.
    var isStandaloneGrapheme: Bool {
        if value < 0x300 { return value >= 0x20 ? value < 0x7F || value >= 0xA0 : value == 0x0A }
        if value >= 0x4E00 && value <= 0x9FFF { return true }
        switch value {
        case 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF,
             0x2100...0x2BFF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF,
             0xAC00...0xD7A3, 0xFF01...0xFF9D, 0x1F000...0x1F1E5, 0x1F200...0x1F3FA, 0x1F400...0x1FAFF:
            return true
        default:
            return false
        }
    }
}

/// Width lookups shared by scalars, graphemes and the line breaker.
enum CellWidth {
    /// Scalars below this (the BMP and the emoji plane) use the direct table.
    static let directLimit: UInt32 = 0x20000

    /// Two bits per scalar below `directLimit`, four scalars a byte (32 KB), unpacked from the ranges
    /// on first use: a binary search per character was most of the cost of measuring CJK text.
    /// A range fills its whole bytes at once, not scalar by scalar, which showed at start.
    private static let packed: [UInt8] = {
        var bytes = [UInt8](repeating: 0b0101_0101, count: Int(directLimit) / 4)
        bytes.withUnsafeMutableBufferPointer { bytes in
            func set(_ value: UInt32, _ width: UInt8) {
                let shift = (value & 3) * 2
                let index = Int(value >> 2)
                bytes[index] = bytes[index] & ~(0b11 << shift) | width << shift
            }
            for range in EastAsianWidthTable.ranges {
                let start = UInt32(truncatingIfNeeded: range >> 32)
                guard start < directLimit else { break }
                let end = min(UInt32(truncatingIfNeeded: (range >> 8) & 0xFF_FFFF), directLimit - 1)
                let width = UInt8(truncatingIfNeeded: range & 0b11)
                // The scalars before the first whole byte, the whole bytes, then the rest.
                var value = start
                while value <= end && value & 3 != 0 {
                    set(value, width)
                    value += 1
                }
                let wholeEnd = (end + 1) & ~3
                if value < wholeEnd {
                    let fill = width * 0b0101_0101
                    for index in Int(value >> 2)..<Int(wholeEnd >> 2) { bytes[index] = fill }
                    value = wholeEnd
                }
                while value <= end {
                    set(value, width)
                    value += 1
                }
            }
        }
        return bytes
    }()

    /// Columns of the grapheme made of `scalars`, as drawn after `Character.terminalNormalized`: an
    /// emoji ZWJ sequence takes the columns of its first emoji.
    ///
    /// Works on any scalar source so that the line breaker can measure graphemes straight from UTF-8
    /// without building a Character for each.
    static func grapheme<Scalars: IteratorProtocol<Unicode.Scalar>>(_ scalars: inout Scalars) -> Int {
        guard let first = scalars.next() else { return 0 }
        let firstWidth = first.cellWidth
        var second = scalars.next()
        if second == nil { return firstWidth }
        // Skip what normalization drops, so the width matches `terminalNormalized` without building it.
        let cutsAtJoiner = first.properties.isEmoji
        while let scalar = second, scalar.isEmojiSkinToneModifier { second = scalars.next() }
        guard let second, !(cutsAtJoiner && second == zeroWidthJoiner) else { return firstWidth }
        if first.isRegionalIndicator && second.isRegionalIndicator { return 2 }
        // VS16 turns a text-style emoji (❤, ©, the keycap digits) into a two-column picture.
        if cutsAtJoiner && second == emojiPresentationSelector { return 2 }
        if firstWidth != 0 { return firstWidth }
        // The base is zero-width (a prepended mark, a lone combining sequence): the first visible
        // scalar decides.
        if second.cellWidth != 0 { return second.cellWidth }
        while let scalar = scalars.next() {
            if cutsAtJoiner && scalar == zeroWidthJoiner { break }
            if scalar.isEmojiSkinToneModifier { continue }
            let width = scalar.cellWidth
            if width != 0 { return width }
        }
        return 0
    }

    /// Width of a scalar below `directLimit`.
    static func direct(_ value: UInt32) -> Int {
        Int((packed[Int(value >> 2)] >> ((value & 3) * 2)) & 0b11)
    }

    /// Width of any scalar by binary search of the ranges (used above the direct table, and by tests).
    static func search(_ value: UInt32) -> Int {
        let ranges = EastAsianWidthTable.ranges
        // Find the last range starting at or before `value`.
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if UInt32(truncatingIfNeeded: ranges[mid] >> 32) <= value { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 1 }
        let range = ranges[low - 1]
        let end = UInt32(truncatingIfNeeded: (range >> 8) & 0xFF_FFFF)
        return value <= end ? Int(range & 0xFF) : 1
    }
}

/// U+200D ZERO WIDTH JOINER, which glues emoji into ZWJ sequences.
private let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

/// U+FE0F VARIATION SELECTOR-16, which asks for the emoji (two-column) presentation.
private let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"

extension Character {
    /// The character's byte when it is one ASCII scalar ("\r\n" is not), read from its UTF-8 length:
    /// `asciiValue` compares with "\r\n" and walks the grapheme first, which cells pay for each.
    @inlinable
    public var singleByteASCII: UInt8? {
        let utf8 = self.utf8
        return utf8.count == 1 ? utf8.first : nil
    }

    /// The grapheme as tiles draws it: emoji skin-tone modifiers (U+1F3FB–U+1F3FF) are dropped;
    /// ZWJ sequences (👨‍👩‍👧) and variation selectors are kept whole; everything else unchanged.
    ///
    /// Terminals disagree on the advance of a skin-toned emoji, so only the base is kept. A ZWJ
    /// sequence is one two-column picture in terminals that join it (tmux, VTE, kitty) and its
    /// base emoji followed by the rest elsewhere: it is drawn in one cell of two columns either way.
    public var terminalNormalized: Character {
        if singleByteASCII != nil { return self }
        let scalars = unicodeScalars
        guard scalars.count > 1, scalars.dropFirst().contains(where: \.isEmojiSkinToneModifier) else { return self }
        var kept = String.UnicodeScalarView()
        kept.append(scalars.first!)
        for scalar in scalars.dropFirst() where !scalar.isEmojiSkinToneModifier { kept.append(scalar) }
        // Dropping extenders cannot split a grapheme, but a trap here would take the app down.
        let normalized = String(kept)
        return normalized.count == 1 ? Character(normalized) : self
    }

    /// Columns the (normalized) grapheme takes: 0, 1 or 2.
    ///
    /// A lone combining mark (one at the start of a line, say) is 0: it has no base to sit on, and the
    /// renderer skips zero-width graphemes rather than let the terminal attach it to the cell before.
    public var cellWidth: Int {
        if let ascii = singleByteASCII { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        // "\r\n" is a single grapheme, and a control.
        if utf8.count == 2, self == "\r\n" { return 0 }
        var scalars = unicodeScalars.makeIterator()
        return CellWidth.grapheme(&scalars)
    }
}

extension StringProtocol {
    /// Columns the string takes: the sum of its graphemes' cell widths.
    public var cellWidth: Int {
        // Most dashboard text is made of standalone scalars, whose widths simply add up.
        var total = 0
        var isSimple = true
        for scalar in unicodeScalars {
            guard scalar.isStandaloneGrapheme else {
                isSimple = false
                break
            }
            total += scalar.cellWidth
        }
        if isSimple { return total }
        total = 0
        for character in self { total += character.cellWidth }
        return total
    }
}
