/// Writes a `CellGrid` in tmux's style syntax, for a status line:
/// `#[default,fg=#rrggbb,bg=#rrggbb,bold]text#[default]`.
///
/// Each run of cells in one style starts with a complete `#[default,…]`, so a run never inherits
/// attributes from the one before; cells without a colour keep the status line's own. Every `#`
/// of the text is doubled: tmux expands the output of `#(…)` as a format, and `##` is how a format
/// writes a literal `#`, so text from a service or a program can never start a style (`#[`), a
/// command (`#(`) or a variable (`#{`). Rows are separated by "\n" and each ends with `#[default]`
/// (tmux's status line shows the last line a command prints, so a status bar uses inline).
public struct TmuxRenderer: Sendable {
    /// Whether colours are written; without them (`NO_COLOR`) only attributes are.
    public let colors: Bool

    /// A renderer for 24-bit colour (`fg=#rrggbb`), which tmux maps down to what its client
    /// supports; with `colors` false, attributes only.
    public init(colors: Bool = true) {
        self.colors = colors
    }

    /// The grid in tmux's style syntax, rows separated by "\n", no trailing newline.
    public func render(_ grid: CellGrid) -> String {
        var lines: [String] = []
        for y in 0..<grid.height {
            var line = ""
            var current: String? = nil
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if cell.isContinuation { continue }
                let style = style(of: cell)
                if style != current {
                    line += "#[\(style)]"
                    current = style
                }
                line += Self.escaped(cell.character)
            }
            line += "#[default]"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The inside of `#[…]` for `cell`: `default`, then its colours and attributes.
    func style(of cell: Cell) -> String {
        var parts = ["default"]
        if colors, let foreground = cell.foreground { parts.append("fg=\(foreground)") }
        if colors, let background = cell.background { parts.append("bg=\(background)") }
        let names: [(CellAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italics"), (.underline, "underscore"), (.reverse, "reverse")]
        parts += names.filter { cell.attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: ",")
    }

    /// `character` as literal status-line text: `#` doubled, and a control character (which a
    /// cleaned grid never holds) replaced by U+FFFD so that no byte of it reaches the terminal.
    static func escaped(_ character: Character) -> String {
        if character == "#" { return "##" }
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "\u{FFFD}"
        }
        return String(character)
    }
}
