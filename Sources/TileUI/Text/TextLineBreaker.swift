// Temporary stand-in until the width helper delivers.
public enum TextTruncationMode: Sendable, Hashable { case head, tail, middle }
struct TextLine: Equatable, Sendable { var text: String; var width: Int }
struct TextLayoutLines: Equatable, Sendable { var lines: [TextLine]; var isTruncated: Bool; var width: Int }
enum TextLineBreaker {
    static func prepare(_ text: String) -> String { text }
    static func wrap(_ text: String, width: Int?) -> [TextLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TextLine(text: String($0), width: $0.cellWidth) }
    }
    static func layout(_ text: String, width: Int?, maxLines: Int?, truncation: TextTruncationMode) -> TextLayoutLines {
        var lines = wrap(text, width: width)
        if let m = maxLines, lines.count > m { lines = Array(lines.prefix(m)) }
        return TextLayoutLines(lines: lines, isTruncated: false, width: lines.map(\.width).max() ?? 0)
    }
}
