import TileUI

/// The `?` overlay: every key of the dashboard, in a framed box drawn over the board.
struct HelpOverlay: View {
    /// Keys and what they do, in the order of docs/design.md's key contract.
    static let bindings: [(keys: String, action: String)] = [
        ("s m l x", "every tile small / medium / large / extra large"),
        ("+ -", "focused tile one family larger / smaller"),
        ("t", "toggle light / dark"),
        ("T", "next theme"),
        ("1 … 9", "tap tile N on this page"),
        ("f", "hints: type a label to open or press it, Esc leaves"),
        ("Tab S-Tab ←↑↓→", "move the focus"),
        ("Enter", "tap the focused tile"),
        ("click", "tap the link or control under the mouse"),
        ("e", "edit the focused widget (Enter saves, Esc cancels)"),
        ("E", "edit mode: arrange the board, a adds widgets (Esc saves)"),
        ("< >", "focused Smart Stack: previous / next widget"),
        ("r", "reload the focused tile (all when none)"),
        ("[ ] PgUp PgDn", "previous / next page"),
        ("?", "this help (any key closes it)"),
        ("q Ctrl-C", "quit"),
    ]

    /// Columns the keys column takes.
    static let keyColumnWidth = bindings.map(\.keys.cellWidth).max() ?? 0

    /// The box's size in cells: the text plus padding and the frame.
    static var size: Size {
        let lines = [title] + self.lines
        return Size(width: (lines.map(\.cellWidth).max() ?? 0) + 6, height: lines.count + 1 + 4)
    }

    static let title = "tiles — keys"

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text(verbatim: Self.title).bold()
            Text(verbatim: Self.lines.joined(separator: "\n"))
        }
        .padding(EdgeInsets(top: 2, leading: 3, bottom: 2, trailing: 3))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .foregroundColor(Color("status.text"))
        .background(Color("status.background"))
        .border(Color("focus.border"))
    }

    /// One line per binding: the keys, padded, then the action.
    static var lines: [String] {
        bindings.map { binding in
            binding.keys + String(repeating: " ", count: keyColumnWidth - binding.keys.cellWidth + 2) + binding.action
        }
    }
}
