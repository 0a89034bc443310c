/// Turns the lines of a streaming text widget into updates: a line per update, until the program
/// prints its first blank line; from then on a blank line ends a multi-line update.
///
/// Until that first blank line nothing tells a one-line program from the first block of a
/// multi-line one, so each line of that block shows alone for a moment, and the blank line then
/// shows the block whole (the lines since the start, at most `maximumLines`).
public struct TextUpdateFramer: Sendable {
    /// The most lines an update keeps (the last ones).
    public var maximumLines: Int
    /// Whether the program has shown that it frames updates with blank lines.
    public private(set) var isMultiLine = false
    private var lines: [String] = []

    public init(maximumLines: Int = 200) {
        self.maximumLines = max(1, maximumLines)
    }

    /// Takes one line (without its newline); returns the text of a finished update, if any.
    public mutating func feed(_ line: String) -> String? {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            isMultiLine = true
            defer { lines = [] }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
        lines.append(line)
        if lines.count > maximumLines { lines.removeFirst(lines.count - maximumLines) }
        return isMultiLine ? nil : line
    }

    /// Forgets everything: for a restarted program, which may frame its updates differently.
    public mutating func reset() {
        self = TextUpdateFramer(maximumLines: maximumLines)
    }
}
