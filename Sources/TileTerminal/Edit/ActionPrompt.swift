import TileKit
import TileBase
import TileUI

/// The line a control with a prompt asks for before its press runs (a todo list's "+ 添加"):
/// a line editor over the board. Enter runs the press with the text as its input, Esc cancels.
/// Pure: keys in, an outcome out.
public struct ActionPrompt: Equatable, Sendable {
    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        case editing
        /// Enter on a line that is not blank: run this press.
        case submit(WidgetAction)
        case cancel
    }

    /// The longest line a prompt takes.
    public static let maxLength = 200

    /// The tile whose control asked.
    public let tileID: String
    /// The press to run, without its input yet.
    public let action: WidgetAction
    public private(set) var line = LineEditor(text: "", maxLength: ActionPrompt.maxLength)
    /// Why Enter was refused; cleared by the next key.
    public private(set) var error: String?

    public init(tileID: String, action: WidgetAction) {
        self.tileID = tileID
        self.action = action
    }

    /// The question, as the control gave it.
    public var prompt: String { action.prompt ?? action.name }

    public mutating func handle(_ key: Key) -> Outcome {
        error = nil
        switch key {
        case .escape:
            return .cancel
        case .enter:
            let text = line.text.trimmingSpacesAndNewlines()
            guard !text.isEmpty else {
                error = L("prompt.empty")
                return .editing
            }
            var press = action
            press.input = text
            return .submit(press)
        default:
            _ = line.handle(key)
            return .editing
        }
    }
}

/// Draws an `ActionPrompt` as a framed box over the board: the question, the line with its
/// cursor, the last error and the keys.
struct ActionPromptView: View {
    var prompt: ActionPrompt
    var size: Size

    /// The box's size over a board area of `area`: the question, a blank line, the field, the
    /// error and the keys, in a frame one cell from the text.
    static func size(in area: Size) -> Size {
        Size(width: min(area.width, 56), height: min(area.height, 7))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(verbatim: "\(prompt.prompt) · \(prompt.tileID)").bold().lineLimit(1)
            Spacer().frame(height: 1)
            field
            Spacer(minLength: 0)
            Text(verbatim: prompt.error ?? "")
                .lineLimit(1)
                .foregroundColor(Color("status.stale"))
            Text(verbatim: L("prompt.keys"))
                .lineLimit(1)
                .foregroundColor(Color("text.secondary"))
        }
        .padding(EdgeInsets(top: 1, leading: 3, bottom: 1, trailing: 3))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .foregroundColor(Color("status.text"))
        .background(Color("status.background"))
        .border(Color("focus.border"))
    }

    private var field: some View {
        LineEditorField(line: prompt.line, width: max(1, size.width - 6))
    }
}
