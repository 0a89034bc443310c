/// A place in a TOML document: the 1-based line and column an editor shows, and the byte offset
/// a program can slice the text with.
///
/// Columns count Unicode scalars from the start of the line, so `é` and `主` are one column each
/// and a tab is one column, as compilers count them.
public struct TOMLPosition: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line; lines end at `\n` (a `\r\n` pair is one line end).
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based offset in the document's UTF-8 bytes.
    public var offset: Int

    /// A position from its parts.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the form error messages use.
    public var description: String { "\(line):\(column)" }
}

extension TOMLPosition: Comparable {
    /// Earlier in the document first.
    public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        lhs.offset < rhs.offset
    }
}
