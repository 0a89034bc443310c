import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

private struct SpeaksContentKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    /// Whether a render also collects what a screen reader says for the drawing
    /// (`RetainedDrawing.spoken`): the screen-reader mode and `tiles render --format speech` ask.
    public var speaksContent: Bool {
        get { self[SpeaksContentKey.self] }
        set { self[SpeaksContentKey.self] = newValue }
    }
}

/// How a screen reader says a toggle's state, in the board's language.
public struct ToggleStateWords: Sendable, Equatable {
    public var on: String
    public var off: String

    public init(on: String, off: String) {
        self.on = on
        self.off = off
    }
}

private struct ToggleStateWordsKey: EnvironmentKey {
    static let defaultValue = ToggleStateWords(on: "on", off: "off")
}

extension EnvironmentValues {
    /// The words a toggle's state is said in (`on`, `off` by default; the board sets its language's).
    public var toggleStateWords: ToggleStateWords {
        get { self[ToggleStateWordsKey.self] }
        set { self[ToggleStateWordsKey.self] = newValue }
    }
}

/// A drawing's spoken words as one line for a screen reader: texts and labels in the order drawn,
/// joined with commas; control characters, line breaks and runs of spaces become one space, and
/// a text made only of drawing characters (box drawing, blocks, braille dots: a bar or a
/// sparkline) is a picture, left out unless a label says it.
public enum Speech {
    public static func sentence(_ fragments: [String]) -> String {
        var sentence = ""
        for fragment in fragments {
            let words = spoken(fragment)
            guard !words.isEmpty else { continue }
            if let last = sentence.last {
                sentence += endsPhrase(last) ? " " : ", "
            }
            sentence += words
        }
        return sentence
    }

    /// `text` as one run of words, or "" for a picture or blank text.
    static func spoken(_ text: String) -> String {
        var words = ""
        var pendingSpace = false
        var hasWord = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || scalar.properties.isWhitespace || isInvisible(value) {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace { words += " " }
            pendingSpace = false
            words.unicodeScalars.append(scalar)
            if !isDrawing(value) { hasWord = true }
        }
        return hasWord ? words : ""
    }

    /// Box drawing, block elements, geometric shapes used as bars, braille patterns.
    private static func isDrawing(_ value: UInt32) -> Bool {
        (0x2500...0x259F).contains(value) || (0x2800...0x28FF).contains(value) || (0x1FB00...0x1FBFF).contains(value)
    }

    /// Format characters a reader would not say (bidi controls, zero-width space and joiners).
    private static func isInvisible(_ value: UInt32) -> Bool {
        (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    }

    /// Whether a phrase ending in `character` needs no comma after it.
    private static func endsPhrase(_ character: Character) -> Bool {
        ",.;:!?，。；：！？、".contains(character)
    }
}
