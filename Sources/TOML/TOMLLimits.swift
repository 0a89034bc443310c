/// How much a document may ask of the parser. Beyond a limit, parsing stops with a `TOMLError`
/// at the place the limit was crossed, never with a crash or a stall.
public struct TOMLLimits: Equatable, Sendable {
    /// The largest document, in bytes (at most 2^31 − 1: positions are 32-bit).
    public var maxBytes: Int
    /// The deepest nesting: each table header part, dotted key part, array and inline table
    /// between the top level and a value counts one level.
    public var maxDepth: Int
    /// The most characters of a key or string an error message shows before `…`.
    public var shownLength: Int
    /// The most tables (headers, implicit and dotted-key tables, inline tables) in one document.
    public var maxTables: Int
    /// The most values (every string, number, date, array and inline table) in one document.
    public var maxValues: Int

    /// Limits from their parts.
    public init(maxBytes: Int, maxDepth: Int, shownLength: Int, maxTables: Int = 20_000, maxValues: Int = 100_000) {
        self.maxBytes = min(maxBytes, Int(Int32.max))
        self.maxDepth = maxDepth
        self.shownLength = shownLength
        self.maxTables = maxTables
        self.maxValues = maxValues
    }

    /// 1 MiB, 64 levels, 60 characters, 20,000 tables, 100,000 values: far beyond any config or
    /// theme a person writes, and small enough that any document within them parses in bounded
    /// memory (the table limit keeps a megabyte of tiny tables from taking tens of MiB).
    public static let `default` = TOMLLimits(maxBytes: 1 << 20, maxDepth: 64, shownLength: 60)
}
