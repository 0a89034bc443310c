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
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; a space when empty. Meaningless when `isContinuation` is true.
    public var character: Character
    /// True for the second column of a wide (two-column) grapheme that starts one cell to the left.
    public var isContinuation: Bool
    /// Foreground colour; nil is the terminal's default.
    public var foreground: RGBColor?
    /// Background colour; nil is the terminal's default (unpainted).
    public var background: RGBColor?
    public var attributes: CellAttributes
    /// 1-based index into the grid's `links`; 0 when no link covers the cell.
    public var linkIndex: UInt16

    public init(
        character: Character = " ",
        isContinuation: Bool = false,
        foreground: RGBColor? = nil,
        background: RGBColor? = nil,
        attributes: CellAttributes = [],
        linkIndex: UInt16 = 0
    ) {
        self.character = character
        self.isContinuation = isContinuation
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.linkIndex = linkIndex
    }

    /// An empty, unpainted cell.
    public static let blank = Cell()

    /// Equal in every stored property, as the derived equality was, but the character (a string
    /// comparison) is compared last: the screen diff compares every cell of the rows a tick
    /// touches, and most differ, when they do, in a colour.
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.foreground == rhs.foreground && lhs.background == rhs.background
            && lhs.attributes == rhs.attributes && lhs.isContinuation == rhs.isContinuation
            && lhs.linkIndex == rhs.linkIndex && lhs.character == rhs.character
    }
}
