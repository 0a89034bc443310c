import TileKit
import TileUI

/// The `?` overlay: every key of the dashboard, in a framed box drawn over the board.
struct HelpOverlay: View {
    /// Keys and what they do (`BoardKeys`, the one table).
    static var bindings: [(keys: String, action: String)] { BoardKeys.all.map { (keys: $0.keys, action: $0.action) } }

    /// Columns the keys column takes.
    static let keyColumnWidth = BoardKeys.all.map(\.keys.cellWidth).max() ?? 0

    /// The box's size in cells: the text plus padding and the frame.
    static var size: Size {
        let lines = [title] + self.lines
        return Size(width: (lines.map(\.cellWidth).max() ?? 0) + 6, height: lines.count + 1 + 4)
    }

    static var title: String { "tiles — " + L("keys.title") }

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
