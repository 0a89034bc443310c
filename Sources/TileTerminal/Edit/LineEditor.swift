import TileUI

/// A one-line text field's content and cursor, edited by grapheme: a CJK character, an emoji
/// with its modifiers or a letter with its accent moves, deletes and counts as one. Pure: keys in,
/// text out; `visible(width:)` says what to draw in a field of a given width.
public struct LineEditor: Equatable, Sendable {
    /// The text, one element per grapheme.
    public private(set) var characters: [Character]
    /// The cursor's position, between graphemes: 0 before the first, `characters.count` after the last.
    public private(set) var cursor: Int
    /// The most graphemes the text may hold; typing beyond it is ignored.
    public let maxLength: Int?

    /// A field holding `text` with the cursor at its end.
    public init(text: String, maxLength: Int? = nil) {
        characters = Array(text)
        cursor = characters.count
        self.maxLength = maxLength
    }

    /// The text as typed.
    public var text: String { String(characters) }

    /// Applies an editing key: characters insert at the cursor; ← → Home End (Ctrl-A, Ctrl-E)
    /// move; Backspace and Delete remove a grapheme; Ctrl-U clears to the start, Ctrl-K to the
    /// end, Ctrl-W the word before the cursor. Returns false for keys it does not use.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(character)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// Inserts `character` at the cursor. A combining mark typed on its own joins the grapheme
    /// before it, as it does in the text, so the cursor stays between whole graphemes.
    private mutating func insert(_ character: Character) {
        if let maxLength, characters.count >= maxLength { return }
        let before = Array(String(characters[..<cursor]) + String(character))
        characters = before + characters[cursor...]
        cursor = before.count
    }

    /// What a field `width` columns wide shows: the text scrolled so the cursor is in view, split
    /// at the cursor. `atCursor` is the grapheme under the cursor, or a space at the end; the three
    /// parts together never exceed `width` columns, and a wide grapheme is never cut.
    public func visible(width: Int) -> (before: String, atCursor: String, after: String) {
        guard width > 0 else { return ("", "", "") }
        let cursorCell = cursor < characters.count ? characters[cursor] : " "
        let cursorWidth = max(1, cursorCell.cellWidth)
        var start = 0
        var beforeWidth = characters[..<cursor].reduce(0) { $0 + $1.cellWidth }
        while start < cursor, beforeWidth + cursorWidth > width {
            beforeWidth -= characters[start].cellWidth
            start += 1
        }
        guard beforeWidth + cursorWidth <= width else { return (String(characters[start..<cursor]), "", "") }
        var after = ""
        var used = beforeWidth + cursorWidth
        if cursor + 1 < characters.count {
            for character in characters[(cursor + 1)...] {
                guard used + character.cellWidth <= width else { break }
                after.append(character)
                used += character.cellWidth
            }
        }
        return (String(characters[start..<cursor]), String(cursorCell), after)
    }
}
