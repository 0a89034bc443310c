import Testing
@testable import TileWidgets

@Suite struct RemoteTextTests {
    @Test func plainTextIsUnchanged() {
        #expect(RemoteText.sanitize("自责要短暂，不过要长久铭记。") == "自责要短暂，不过要长久铭记。")
        #expect(RemoteText.sanitize("👨‍👩‍👧 family") == "👨‍👩‍👧 family")
    }

    @Test func oscClipboardWriteEndedByBellIsRemovedWhole() {
        #expect(RemoteText.sanitize("before\u{1B}]52;c;ZXZpbA==\u{07}after") == "beforeafter")
    }

    @Test func oscEndedByStringTerminatorIsRemovedWhole() {
        #expect(RemoteText.sanitize("a\u{1B}]8;;https://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
    }

    @Test func csiSequencesAreRemovedWhole() {
        #expect(RemoteText.sanitize("\u{1B}[2Jclear\u{1B}[1;31mred\u{1B}[0m") == "clearred")
        #expect(RemoteText.sanitize("x\u{1B}[?25ly") == "xy")
    }

    @Test func deviceControlAndPrivacyStringsAreRemovedWhole() {
        #expect(RemoteText.sanitize("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b") == "ab")
        #expect(RemoteText.sanitize("a\u{1B}_apc payload\u{1B}\\b\u{1B}^pm\u{1B}\\c\u{1B}Xsos\u{1B}\\d") == "abcd")
    }

    @Test func twoByteAndCharsetEscapesAreRemoved() {
        #expect(RemoteText.sanitize("a\u{1B}cb\u{1B}(Bc\u{1B}7d") == "abcd")
        #expect(RemoteText.sanitize("trailing\u{1B}") == "trailing")
    }

    @Test func eightBitC1SequencesAreRemovedWhole() {
        #expect(RemoteText.sanitize("a\u{9B}2Jb") == "ab")
        #expect(RemoteText.sanitize("a\u{9D}52;c;ZXZpbA==\u{07}b") == "ab")
        #expect(RemoteText.sanitize("a\u{90}payload\u{9C}b") == "ab")
        #expect(RemoteText.sanitize("a\u{85}b\u{80}c\u{9F}") == "abc")
    }

    @Test func unterminatedStringSwallowsTheRest() {
        #expect(RemoteText.sanitize("shown\u{1B}]52;c;ZXZpbA==") == "shown")
    }

    @Test func otherControlsAreDroppedAndTabsAndNewlinesBecomeSpaces() {
        #expect(RemoteText.sanitize("a\u{00}b\u{07}c\u{08}d\u{7F}e\rf") == "abcdef")
        #expect(RemoteText.sanitize("  line one\n\n\tline two \u{2028} three  ") == "line one line two three")
    }

    @Test func bidiControlsAreRemoved() {
        let controls = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"]
        for control in controls {
            #expect(RemoteText.sanitize("abc\(control)def") == "abcdef")
        }
        #expect(RemoteText.sanitize("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    }

    @Test func ideographicSpaceIsKept() {
        #expect(RemoteText.sanitize("上海\u{3000}晴") == "上海\u{3000}晴")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xFE] + Array(" fine".utf8) + [0xE4, 0xB8]
        #expect(RemoteText.sanitize(bytes: bytes) == "ok \u{FFFD}\u{FFFD} fine\u{FFFD}")
        // A raw 8-bit CSI byte is not UTF-8, so it cannot start a sequence; it is replaced.
        #expect(RemoteText.sanitize(bytes: [0x61, 0x9B, 0x32, 0x4A]) == "a\u{FFFD}2J")
    }

    @Test func longTextIsCutWithAnEllipsisCountingCharacters() {
        #expect(RemoteText.sanitize("一二三四五六", maxLength: 4) == "一二三…")
        #expect(RemoteText.sanitize("一二三四", maxLength: 4) == "一二三四")
        #expect(RemoteText.sanitize("ab cdef", maxLength: 4) == "ab…")
        #expect(RemoteText.sanitize("abc", maxLength: 0) == "")
        #expect(RemoteText.sanitize(String(repeating: "x", count: 600)).count == 500)
        #expect(RemoteText.sanitize(String(repeating: "👍🏽", count: 3), maxLength: 2) == "👍🏽…")
    }
}
