/// A place in a TOML document: the 1-based line and column an editor shows, and the byte offset
/// a program can slice the text with.
///
/// Columns count Unicode scalars from the start of the line, so `é` and `主` are one column each
/// and a tab is one column, as compilers count them.
public struct TOMLPosition: Hashable, Sendable, CustomStringConvertible {
    // 32-bit fields keep a position at 12 bytes: every key and value of a document has one,
    // and documents are limited far below 2 GiB.
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    /// A position from its parts, each below 2^31.
    public init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
        storedOffset = Int32(truncatingIfNeeded: offset)
    }

    /// 1-based line; lines end at `\n` (a `\r\n` pair is one line end).
    public var line: Int { Int(storedLine) }
    /// 1-based column, in Unicode scalars.
    public var column: Int { Int(storedColumn) }
    /// 0-based offset in the document's UTF-8 bytes.
    public var offset: Int { Int(storedOffset) }

    /// `line:column`, the form error messages use.
    public var description: String { "\(line):\(column)" }
}

extension TOMLPosition: Comparable {
    /// Earlier in the document first.
    public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        lhs.offset < rhs.offset
    }
}
