import Synchronization

/// Text attributes of one cell, as SGR attributes.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let reverse = CellAttributes(rawValue: 1 << 4)
}

/// One terminal cell: a grapheme (or the right half of a wide one), its colours and attributes,
/// and the link under it.
///
/// A cell holds no reference: its grapheme is packed into two words (`PackedGrapheme`), so a
/// grid's cells are copied, compared and destroyed as plain memory. A `Character` field made
/// every copy of a cell a retain and every destruction a release, a large part of a resize's
/// full redraw (docs/performance.md).
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; a space when empty. Meaningless when `isContinuation` is true.
    public var character: Character {
        get { grapheme.character }
        set { grapheme = PackedGrapheme(newValue) }
    }
    /// The grapheme's storage.
    @usableFromInline var grapheme: PackedGrapheme
    /// True for the second column of a wide (two-column) grapheme that starts one cell to the left.
    public var isContinuation: Bool
    /// Foreground colour; nil is the terminal's default.
    public var foreground: RGBColor?
    /// Background colour; nil is the terminal's default (unpainted).
    public var background: RGBColor?
    public var attributes: CellAttributes
    /// 1-based index into the grid's `links`; 0 when no link covers the cell.
    public var linkIndex: UInt16

    /// A cell of `character`.
    public init(
        character: Character, isContinuation: Bool = false, foreground: RGBColor? = nil, background: RGBColor? = nil,
        attributes: CellAttributes = [], linkIndex: UInt16 = 0
    ) {
        self.init(isContinuation: isContinuation, foreground: foreground, background: background, attributes: attributes, linkIndex: linkIndex)
        grapheme = PackedGrapheme(character)
    }

    /// A cell of a space: only stores, for the grids and fills that make thousands of them.
    @inlinable
    public init(
        isContinuation: Bool = false,
        foreground: RGBColor? = nil,
        background: RGBColor? = nil,
        attributes: CellAttributes = [],
        linkIndex: UInt16 = 0
    ) {
        self.grapheme = PackedGrapheme(low: 0x20, high: 1 << 56)
        self.isContinuation = isContinuation
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.linkIndex = linkIndex
    }

    /// An empty, unpainted cell.
    public static let blank = Cell()

    /// The grapheme's one byte when it is ASCII (most cells), without making a `Character`.
    @inlinable
    public var singleByteASCII: UInt8? { grapheme.singleByteASCII }

    /// The grapheme when it is one scalar beyond ASCII that is a grapheme of its own (CJK, block
    /// glyphs, most symbols), with the columns it takes: what a writer needs, without making a
    /// `Character`. Nil for ASCII and for every other grapheme.
    public var standaloneScalar: (scalar: Unicode.Scalar, width: Int)? {
        guard let scalar = grapheme.singleScalar, scalar.isStandaloneGrapheme else { return nil }
        return (scalar, scalar.cellWidth)
    }

    /// Equal in every stored property, the grapheme compared by its UTF-8 bytes (two graphemes
    /// that are canonically equivalent but spelled differently are different cells: the
    /// terminal is sent what was drawn).
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.grapheme == rhs.grapheme && lhs.foreground == rhs.foreground && lhs.background == rhs.background
            && lhs.attributes == rhs.attributes && lhs.isContinuation == rhs.isContinuation
            && lhs.linkIndex == rhs.linkIndex
    }
}

/// A grapheme in two words: its UTF-8 bytes (up to 15) with their count in the last byte, or,
/// for a longer grapheme (a ZWJ family, a flag with tags), 0xFF there and its number in
/// `GraphemeTable` in the first word. Plain memory, so a `Cell` is too.
@usableFromInline
struct PackedGrapheme: Hashable, Sendable {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    /// The last byte's value for a grapheme kept in the table.
    static let interned: UInt64 = 0xFF
    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    init(_ character: Character) {
        // A Character is a String inside: its UTF-8 is read in place, and a small one (up to 15
        // bytes, all but the longest graphemes) sits in the string's own two words.
        var string = String(character)
        let packed: (UInt64, UInt64)? = string.withUTF8 { bytes in
            if bytes.count == 1 { return (UInt64(bytes[0]), 1 << 56) }
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
                raw[15] = UInt8(bytes.count)
            }
            return words
        }
        if let packed {
            (low, high) = packed
        } else {
            low = GraphemeTable.number(of: character)
            high = Self.interned << 56
        }
    }

    /// The grapheme's byte when it is one ASCII byte.
    @inlinable
    var singleByteASCII: UInt8? {
        high == 1 << 56 && low < 0x80 ? UInt8(truncatingIfNeeded: low) : nil
    }

    /// The grapheme's scalar when it is one scalar of two to four bytes of UTF-8 (CJK, block
    /// glyphs, most symbols), read from the bytes without making a `Character`.
    var singleScalar: Unicode.Scalar? {
        let count = high >> 56
        guard count >= 2 && count <= 4 else { return nil }
        let lead = UInt32(truncatingIfNeeded: low & 0xFF)
        // Bytes of a valid String: the lead byte gives the scalar's length, and a grapheme of
        // exactly that many bytes is that one scalar.
        guard lead >= 0xC2, count == (lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4) else { return nil }
        func continuation(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: low >> (8 * index)) & 0x3F }
        switch count {
        case 2: return Unicode.Scalar((lead & 0x1F) << 6 | continuation(1))
        case 3: return Unicode.Scalar((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2))
        default: return Unicode.Scalar((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3))
        }
    }

    var character: Character {
        if let ascii = singleByteASCII { return Character(Unicode.Scalar(ascii)) }
        if high >> 56 == Self.interned { return GraphemeTable.character(numbered: low) }
        var words = (low, high)
        return withUnsafeBytes(of: &words) { raw in
            Character(String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<Int(raw[15])]), as: UTF8.self))
        }
    }
}

/// Graphemes longer than 15 bytes of UTF-8, numbered in the order first drawn, for
/// `PackedGrapheme`. A board draws a handful; the table keeps at most 65,536 and then answers
/// U+FFFD for new ones, so no input can grow it without end.
enum GraphemeTable {
    private static let table = Mutex<(numbers: [String: UInt64], characters: [Character])>(([:], []))
    static let capacity = 65_536

    static func number(of character: Character) -> UInt64 {
        let key = String(character)
        return table.withLock { table in
            if let known = table.numbers[key] { return known }
            guard table.characters.count < capacity else { return number(ofReplacementIn: &table) }
            let number = UInt64(table.characters.count)
            table.characters.append(character)
            table.numbers[key] = number
            return number
        }
    }

    private static func number(ofReplacementIn table: inout (numbers: [String: UInt64], characters: [Character])) -> UInt64 {
        // Never reached for U+FFFD itself, which packs inline (3 bytes).
        if let known = table.numbers["\u{FFFD}"] { return known }
        let number = UInt64(table.characters.count)
        table.characters.append("\u{FFFD}")
        table.numbers["\u{FFFD}"] = number
        return number
    }

    static func character(numbered number: UInt64) -> Character {
        table.withLock { table in
            number < UInt64(table.characters.count) ? table.characters[Int(number)] : "\u{FFFD}"
        }
    }
}
