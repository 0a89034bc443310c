/// A mistake in a view template, with where it is in the template's text (1-based line and
/// column), so that `tiles check` and the tile can name it.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// The text of the template the error was found in (one of its strings), while its place
    /// in the whole template is still to be found.
    var within: String?

    public init(_ message: String, line: Int = 1, column: Int = 1) {
        self.message = message
        self.line = line
        self.column = column
    }

    init(_ message: String, line: Int = 1, column: Int = 1, within: String) {
        self.init(message, line: line, column: column)
        self.within = within
    }

    public var description: String { "template line \(line), column \(column): \(message)" }
}
