import Foundation
import Testing
@testable import TileBase

@Suite struct SpaceTrimmingTests {
    /// Random strings of spaces, tabs, other separators, newlines (kept: not in `.whitespaces`),
    /// letters, CJK, combining marks (one after a space: a grapheme Foundation splits) and an
    /// emoji: the same as `trimmingCharacters(in: .whitespaces)`, for strings and substrings.
    @Test func isFoundationsWhitespaceTrimming() {
        let pieces = [
            " ", "\t", "\u{3000}", "\u{A0}", "\u{2009}", "\u{1680}", "\n", "\r\n", "\u{85}", "\u{200B}",
            "a", "/", "中", "e\u{301}", "\u{301}", "🧑🏽‍💻", "",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            for piece in 0..<Int(state >> 61) + 1 {
                text += pieces[Int((state >> UInt64(piece * 6)) & 63) % pieces.count]
            }
            let expected = text.trimmingCharacters(in: .whitespaces)
            #expect(text.trimmingSpaces() == expected, "\(Array(text.unicodeScalars))")
            // A substring of the same text (line feeds join no grapheme).
            #expect(("\n" + text + "\n").dropFirst().dropLast().trimmingSpaces() == expected)
            // With line breaks too: Foundation's `.whitespacesAndNewlines`.
            let withNewlines = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(text.trimmingSpacesAndNewlines() == withNewlines, "\(Array(text.unicodeScalars))")
            // A control character joins no grapheme either, and is no space.
            #expect(("\u{1}" + text + "\u{1}").dropFirst().dropLast().trimmingSpacesAndNewlines() == withNewlines)
        }
    }

    /// Every scalar Foundation's sets hold in the first planes is trimmed, and no other.
    @Test func trimsWhatFoundationsSetsHold() {
        for value in UInt32(0)...0x3_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let isSpace = CharacterSet.whitespaces.contains(scalar)
            let isSpaceOrNewline = CharacterSet.whitespacesAndNewlines.contains(scalar)
            #expect(text.trimmingSpaces().isEmpty == isSpace, "U+\(String(value, radix: 16))")
            #expect(text.trimmingSpacesAndNewlines().isEmpty == isSpaceOrNewline, "U+\(String(value, radix: 16))")
        }
    }
}
