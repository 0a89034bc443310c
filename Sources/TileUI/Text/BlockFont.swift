// Temporary stand-in until the font helper delivers.
enum BlockFont {
    static let rowCounts: [Int] = [3, 2]
    static let letterSpacing = 1
    static func glyph(for character: Character, rows: Int) -> [String]? { character.isNumber ? Array(repeating: "███", count: rows) : nil }
    static func canRender(_ text: String, rows: Int) -> Bool { text.allSatisfy { glyph(for: $0, rows: rows) != nil } }
    static func width(of text: String, rows: Int) -> Int? { canRender(text, rows: rows) ? max(0, text.count * 4 - 1) : nil }
    static func render(_ text: String, rows: Int) -> [String]? {
        guard canRender(text, rows: rows) else { return nil }
        return (0..<rows).map { _ in text.map { _ in "███" }.joined(separator: " ") }
    }
}
