import Foundation
import Testing
@testable import TileBase

@Suite struct TextSearchTests {
    /// Random texts of ASCII, CJK, emoji and combining marks, searched for ASCII needles: the
    /// same answer as Foundation's `contains(_:)`.
    @Test func findsWhatFoundationFinds() {
        let pieces = ["$", "<", "$<", "/", "a", "b", "ab", "256color", "中", "🧑🏽‍💻", "e\u{301}", " ", "\n", ""]
        let needles = ["$<", "/", ":", "%", "ab", "ba", "256color", "sec", "\n", "a"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            for piece in 0..<Int(state >> 60) {
                text += pieces[Int((state >> UInt64(piece * 4)) & 15) % pieces.count]
            }
            for needle in needles {
                #expect(text.contains(utf8: needle) == text.contains(needle), "\(text.debugDescription) \(needle.debugDescription)")
            }
        }
    }

    @Test func edges() {
        #expect("".contains(utf8: ""))
        #expect("abc".contains(utf8: ""))
        #expect(!"".contains(utf8: "a"))
        #expect("abc".contains(utf8: "abc"))
        #expect(!"ab".contains(utf8: "abc"))
        #expect("xx$<5>".contains(utf8: "$<"))
        #expect("中文".contains(utf8: "文"))
        // A substring's own bytes, not its base string's.
        let slice = String("abc/def".dropFirst(4))
        #expect(!slice.contains(utf8: "/"))
    }
}
