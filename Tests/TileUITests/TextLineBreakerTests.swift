import Testing
@testable import TileUI

/// Line breaking and truncation (docs/rules.md A6.1–A6.5).
@Suite struct TextLineBreakerTests {
    /// The texts of `wrap(text, width)`.
    private func wrapped(_ text: String, _ width: Int?) -> [String] {
        TextLineBreaker.wrap(text, width: width).map(\.text)
    }

    /// The texts of `layout(...)`'s lines.
    private func laidOut(_ text: String, _ width: Int?, maxLines: Int?, _ mode: TextTruncationMode = .tail) -> [String] {
        TextLineBreaker.layout(text, width: width, maxLines: maxLines, truncation: mode).lines.map(\.text)
    }

    // MARK: prepare

    @Test func prepareNormalizesBreaksTabsControlsAndGraphemes() {
        #expect(TextLineBreaker.prepare("a\r\nb\rc\td\u{7}e\u{85}f") == "a\nb\nc def")
        #expect(TextLineBreaker.prepare("\u{1F44D}\u{1F3FD}ok") == "\u{1F44D}ok")
        #expect(TextLineBreaker.prepare("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}!") == "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}!")
        #expect(TextLineBreaker.prepare("plain text\nline") == "plain text\nline")
    }

    // MARK: Latin

    @Test func latinWrapsAtSpacesAndDropsThem() {
        #expect(wrapped("Hello world foo bar", 11) == ["Hello world", "foo bar"])
        #expect(wrapped("Hello world foo bar", 10) == ["Hello", "world foo", "bar"])
        let lines = TextLineBreaker.wrap("a    b", width: 3)
        #expect(lines == [TextLine(text: "a", width: 1), TextLine(text: "b", width: 1)])
    }

    @Test func longWordBreaksBetweenGraphemes() {
        #expect(wrapped("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(wrapped("Hi abcdefgh", 4) == ["Hi", "abcd", "efgh"])
        #expect(wrapped("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func hyphenBreaksOnlyBetweenLetters() {
        #expect(wrapped("well-known", 6) == ["well-", "known"])
        #expect(wrapped("2024-06-09", 6) == ["2024-0", "6-09"])
    }

    @Test func forcedBreakDoesNotStartALineWithClosingPunctuation() {
        #expect(wrapped("abcde,", 5) == ["abcd", "e,"])
    }

    // MARK: CJK

    @Test func cjkBreaksBetweenAnyTwoIdeographs() {
        #expect(wrapped("所有快乐", 4) == ["所有", "快乐"])
        #expect(wrapped("所有快乐", 5) == ["所有", "快乐"])
        #expect(wrapped("所有快乐", 3) == ["所", "有", "快", "乐"])
        #expect(TextLineBreaker.wrap("所有快乐", width: 6).map(\.width) == [6, 2])
    }

    @Test func kinsokuKeepsClosingPunctuationOffLineStarts() {
        #expect(wrapped("你好，世界。", 4) == ["你", "好，", "世", "界。"])
        #expect(wrapped("你好，世界。", 5) == ["你", "好，", "世", "界。"])
        #expect(wrapped("你好，世界。", 6) == ["你好，", "世界。"])
        #expect(wrapped("你好,世界", 4) == ["你", "好,", "世界"])
        #expect(wrapped("等一下……好", 6) == ["等一", "下……好"])
        #expect(wrapped("等一下……好", 5) == ["等一", "下……", "好"])
    }

    @Test func kinsokuKeepsOpeningBracketsOffLineEnds() {
        #expect(wrapped("他说「你好」", 6) == ["他说", "「你", "好」"])
    }

    @Test func latinAndCJKBreakAtTheirBoundary() {
        #expect(wrapped("Hello世界", 6) == ["Hello", "世界"])
        #expect(wrapped("Hello世界", 7) == ["Hello世", "界"])
        #expect(wrapped("世界Hello", 5) == ["世界", "Hello"])
    }

    @Test func emojiBreakLikeIdeographs() {
        #expect(wrapped("😄😄😄", 5) == ["😄😄", "😄"])
        #expect(wrapped("ok👍fine", 3) == ["ok", "👍", "fin", "e"])
    }

    @Test func wideGraphemeIsNeverSplit() {
        #expect(wrapped("ab中", 3) == ["ab", "中"])
        let lines = TextLineBreaker.wrap("a中b", width: 1)
        #expect(lines == [TextLine(text: "a", width: 1), TextLine(text: "中", width: 2), TextLine(text: "b", width: 1)])
        #expect(TextLineBreaker.wrap("a中b", width: 0) == lines)
        #expect(TextLineBreaker.wrap("a中b", width: -3) == lines)
    }

    // MARK: Hard breaks and spaces

    @Test func hardBreaksAlwaysBreak() {
        #expect(TextLineBreaker.wrap("a\n\nb", width: nil) == [
            TextLine(text: "a", width: 1), TextLine(text: "", width: 0), TextLine(text: "b", width: 1),
        ])
        #expect(wrapped("a\n", nil) == ["a", ""])
        #expect(wrapped("", nil) == [""])
        #expect(wrapped("", 5) == [""])
        #expect(wrapped("Hello world", nil) == ["Hello world"])
        #expect(wrapped("ab cd\nef", 3) == ["ab", "cd", "ef"])
    }

    @Test func leadingSpacesOfAHardLineAreKept() {
        #expect(wrapped("  ab\ncd", 10) == ["  ab", "cd"])
        #expect(wrapped("  ab cd", 5) == ["  ab", "cd"])
        // An indent that leaves no room for the first word becomes an empty line of its own.
        #expect(wrapped("    abc", 3) == ["", "abc"])
    }

    @Test func trailingSpacesOfTheTextAreKeptOnlyWhileTheyFit() {
        #expect(wrapped("ab   ", 3) == ["ab "])
        #expect(wrapped("ab  ", nil) == ["ab  "])
    }

    // MARK: Line limit and truncation

    @Test func tailTruncationFillsTheLastLine() {
        let result = TextLineBreaker.layout("Hello world foo", width: 8, maxLines: 1, truncation: .tail)
        #expect(result == TextLayoutLines(lines: [TextLine(text: "Hello w…", width: 8)], isTruncated: true, width: 8))
        #expect(laidOut("Hello world foo bar", 8, maxLines: 2) == ["Hello", "world f…"])
    }

    @Test func trailingSpacesAreDroppedBeforeTheEllipsis() {
        let result = TextLineBreaker.layout("Hello world foo", width: 7, maxLines: 1, truncation: .tail)
        #expect(result.lines == [TextLine(text: "Hello…", width: 6)])
        #expect(result.width == 6)
    }

    @Test func headTruncationKeepsTheEnd() {
        #expect(laidOut("Hello world foo", 8, maxLines: 1, .head) == ["…rld foo"])
        #expect(laidOut("Hello world foo bar", 8, maxLines: 2, .head) == ["Hello", "…foo bar"])
        // The space after "…" is dropped too.
        #expect(laidOut("Hello world foo", 5, maxLines: 1, .head) == ["…foo"])
    }

    @Test func middleTruncationKeepsBothEnds() {
        #expect(laidOut("Hello world foo", 8, maxLines: 1, .middle) == ["Hell…foo"])
        #expect(laidOut("Hello world foo bar", 8, maxLines: 2, .middle) == ["Hello", "worl…bar"])
    }

    @Test func cjkTruncationNeverSplitsAWideGrapheme() {
        #expect(TextLineBreaker.layout("你好，世界。", width: 5, maxLines: 1, truncation: .tail).lines
            == [TextLine(text: "你好…", width: 5)])
        #expect(TextLineBreaker.layout("你好，世界。", width: 4, maxLines: 1, truncation: .tail).lines
            == [TextLine(text: "你…", width: 3)])
        #expect(laidOut("你好，世界。", 4, maxLines: 1, .head) == ["…。"])
        #expect(laidOut("你好，世界。", 6, maxLines: 1, .middle) == ["你…。"])
    }

    @Test func laterHardBreaksAreJoinedBySpaces() {
        #expect(laidOut("ab\ncd\nef", 4, maxLines: 2) == ["ab", "cd…"])
        #expect(laidOut("ab\n\ncdefgh", 6, maxLines: 1) == ["ab cd…"])
    }

    @Test func remainderThatFitsOnceJoinedIsShownWhole() {
        let result = TextLineBreaker.layout("ab\ncd", width: 10, maxLines: 1, truncation: .tail)
        #expect(result == TextLayoutLines(lines: [TextLine(text: "ab cd", width: 5)], isTruncated: false, width: 5))
        #expect(laidOut("ab\n\ncd", nil, maxLines: 1) == ["ab cd"])
    }

    @Test func ellipsisThatDoesNotFitLeavesAnEmptyLine() {
        let result = TextLineBreaker.layout("Hello", width: 0, maxLines: 1, truncation: .tail)
        #expect(result == TextLayoutLines(lines: [TextLine(text: "", width: 0)], isTruncated: true, width: 0))
        #expect(laidOut("Hello", 1, maxLines: 1) == ["…"])
    }

    @Test func lineLimitBelowOneActsAsOne() {
        #expect(laidOut("Hello world", 5, maxLines: 0) == ["Hell…"])
        #expect(laidOut("Hello world", 5, maxLines: -2) == ["Hell…"])
    }

    @Test func noLineLimitShowsEveryLine() {
        let result = TextLineBreaker.layout("Hello world foo bar", width: 8, maxLines: nil, truncation: .tail)
        #expect(result.lines.map(\.text) == ["Hello", "world", "foo bar"])
        #expect(!result.isTruncated)
        #expect(result.width == 7)
    }

    @Test func textThatFitsIsNotTruncated() {
        let result = TextLineBreaker.layout("Hi", width: 8, maxLines: 1, truncation: .tail)
        #expect(result == TextLayoutLines(lines: [TextLine(text: "Hi", width: 2)], isTruncated: false, width: 2))
        #expect(TextLineBreaker.layout("", width: 8, maxLines: 1, truncation: .tail).lines == [TextLine(text: "", width: 0)])
    }

    @Test func linesOfMixedGraphemesKeepEveryGraphemeAndTheirWidths() {
        let samples = [
            "e\u{301}te\u{301} 中文 \u{2764}\u{FE0F} ok", "👨‍👩‍👧 family 🇨🇳 flag 1\u{FE0F}\u{20E3} key",
            "Hindi \u{915}\u{94D}\u{200D}\u{937} text", "a\u{200B}b\u{200B}c 你好，世界。", "👍🏽 thumbs 한국어 ｶﾀｶﾅ",
        ]
        for raw in samples {
            let text = TextLineBreaker.prepare(raw)
            for width in 1...14 {
                let lines = TextLineBreaker.wrap(text, width: width)
                for line in lines {
                    #expect(line.width == line.text.cellWidth, "\(line.text)")
                    #expect(line.width <= max(width, 2), "\(line.text) at \(width)")
                }
                #expect(lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
            }
        }
    }

    @Test func wrappingIsLinearInTextLength() {
        // 400 KB of mixed text must wrap in one pass; a quadratic breaker takes minutes here.
        let text = String(repeating: "Hello 世界，emoji😄 and well-known words. ", count: 10_000)
        let lines = TextLineBreaker.wrap(text, width: 17)
        #expect(lines.count > 10_000)
        #expect(lines.allSatisfy { $0.width <= 17 })
        #expect(lines.map(\.text).joined().cellWidth + lines.count > text.cellWidth / 2)
    }
}
