import Testing
import TileUI

@Suite struct TerminalTextTests {
    @Test func keepsTextNewlinesTabsAndWholeEmojiSequences() {
        #expect(TerminalText.sanitize("所有快乐\n\tline 👨‍👩‍👧 ❤️ 1️⃣") == "所有快乐\n\tline 👨‍👩‍👧 ❤️ 1️⃣")
    }

    @Test func dropsEscapeSequencesOfEveryKind() {
        #expect(TerminalText.sanitize("a\u{1B}]52;c;ZXZpbA==\u{07}b\u{1B}]8;;https://x\u{1B}\\c") == "abc")
        #expect(TerminalText.sanitize("\u{1B}[2Jclear\u{1B}[1;31mred\u{1B}[0m\u{1B}[?25l") == "clearred")
        #expect(TerminalText.sanitize("a\u{1B}Pq#0\u{1B}\\b\u{1B}_apc\u{1B}\\c\u{1B}^pm\u{1B}\\d\u{1B}Xsos\u{1B}\\e") == "abcde")
        #expect(TerminalText.sanitize("a\u{9B}2Jb\u{9D}52;c;x\u{9C}c\u{85}d\u{1B}(Be\u{1B}") == "abcde")
    }

    @Test func dropsControlsAndBidiOverrides() {
        #expect(TerminalText.sanitize("a\u{0}\u{7}\u{8}\r\u{7F}b\u{202E}c\u{2066}d\u{200F}e\u{61C}f") == "abcdef")
    }

    @Test func reportsSGRSequencesInPlaceAndNothingElse() {
        var tokens: [TerminalText.Token] = []
        TerminalText.scan("a\u{1B}[1;38;5;208mb\u{1B}[2J\u{1B}[mc\u{9B}31md\u{1B}[?1m") { tokens.append($0) }
        #expect(tokens == [.scalar("a"), .sgr("1;38;5;208"), .scalar("b"), .sgr(""), .scalar("c"), .scalar("d")])
    }
}
