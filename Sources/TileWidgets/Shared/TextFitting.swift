import TileKit

/// Helpers for choosing how much text to show in a fixed number of cells, so lists are cut at a
/// whole item rather than truncated mid-word.
enum TextFitting {
    /// The leading items of `items`, joined with `separator`, that fit in `columns` cells (CJK
    /// characters count two). At least one item when `items` is not empty: it is truncated when
    /// drawn. Joined here rather than with `joined(separator:)`, whose generic code instantiated
    /// type metadata on the board's first frame (docs/performance.md).
    static func leadingItems(_ items: [String], separator: String = " ", fitting columns: Int) -> String {
        var text = ""
        var width = 0
        for (index, item) in items.enumerated() {
            let added = item.cellWidth + (index == 0 ? 0 : separator.cellWidth)
            if width + added > columns, index > 0 { break }
            if index > 0 { text += separator }
            text += item
            width += added
        }
        return text
    }
}

extension TextFitting {
    /// Punctuation that ends a clause: a line may break after it.
    private static let clauseEnds: Set<Character> = ["，", ",", "。", "！", "!", "？", "?", "；", ";", "…"]

    /// `text` with line breaks at clause ends, packing whole clauses into lines of `width` cells,
    /// so a quote reads "所有快乐都向你靠拢," / "所有好运都在路上。" rather than breaking mid-phrase.
    /// Unchanged when it fits on one line, or when some clause is wider than a line (then the
    /// ordinary line breaker does better).
    static func breakingAtClauses(_ text: String, width: Int) -> String {
        guard text.cellWidth > width, !text.contains(utf8: "\n") else { return text }
        var clauses: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if clauseEnds.contains(character) {
                clauses.append(current)
                current = ""
            }
        }
        if !current.isEmpty { clauses.append(current) }
        var lines: [String] = []
        var line = ""
        for clause in clauses {
            let clause = line.isEmpty ? String(clause.drop(while: \.isWhitespace)) : clause
            if clause.cellWidth > width { return text }
            if (line + clause).cellWidth > width {
                lines.append(line)
                line = String(clause.drop(while: \.isWhitespace))
            } else {
                line += clause
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
