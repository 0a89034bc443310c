import Testing
@testable import TileUI

/// Cell widths of scalars, graphemes and strings (docs/platform.md "Cell width").
@Suite struct CellWidthTests {
    @Test func printableASCIIIsOneColumn() {
        for value in 0x20..<0x7F {
            let character = Character(Unicode.Scalar(UInt8(value)))
            #expect(character.cellWidth == 1, "U+\(String(value, radix: 16))")
        }
        #expect("Hello, world!".cellWidth == 13)
    }

    @Test func controlsAreZeroColumns() {
        for character: Character in ["\u{0}", "\u{7}", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}"] {
            #expect(character.cellWidth == 0, "\(character.unicodeScalars.map(\.value))")
        }
        #expect("a\u{7}b".cellWidth == 2)
    }

    @Test func cjkIdeographsKanaAndHangulAreTwoColumns() {
        for character: Character in ["中", "乐", "あ", "カ", "한", "\u{3400}", "\u{20000}", "Ａ", "\u{3000}"] {
            #expect(character.cellWidth == 2, "\(character)")
        }
        #expect("所有快乐".cellWidth == 8)
    }

    @Test func fullwidthPunctuationIsTwoColumns() {
        for character in "，。！、「」（）：；？～" {
            #expect(character.cellWidth == 2, "\(character)")
        }
    }

    @Test func ambiguousAndHalfwidthFormsAreOneColumn() {
        for character: Character in ["…", "“", "”", "é", "Ω", "Я", "ｱ", "½", "→"] {
            #expect(character.cellWidth == 1, "\(character)")
        }
    }

    @Test func emojiPresentationIsTwoColumns() {
        for character: Character in ["😄", "🎉", "👍", "🚀", "⌚"] {
            #expect(character.cellWidth == 2, "\(character)")
        }
    }

    @Test func textStyleEmojiIsOneColumnUntilVS16() {
        #expect(Character("\u{2764}").cellWidth == 1)
        #expect(Character("\u{2764}\u{FE0F}").cellWidth == 2)
        #expect(Character("\u{A9}").cellWidth == 1)
        #expect(Character("\u{A9}\u{FE0F}").cellWidth == 2)
        #expect(Character("\u{2764}\u{FE0F}").terminalNormalized == Character("\u{2764}\u{FE0F}"))
        // VS16 after a non-emoji changes nothing.
        #expect(Character("a\u{FE0F}").cellWidth == 1)
    }

    @Test func zwjSequenceIsKeptWholeInTheColumnsOfItsFirstEmoji() {
        let family: Character = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(family.terminalNormalized == family)
        #expect(family.cellWidth == 2)
        let rainbowFlag: Character = "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"
        #expect(rainbowFlag.terminalNormalized == rainbowFlag)
        #expect(rainbowFlag.cellWidth == 2)
        // Skin tones go, the sequence stays.
        let technologist: Character = "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"
        #expect(technologist.terminalNormalized == "\u{1F469}\u{200D}\u{1F4BB}")
        #expect(technologist.cellWidth == 2)
    }

    @Test func aTextWithAZWJSequenceKeepsItWholeInOneCell() {
        let grid = CellGrid.render(Text("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}下班"), width: 6, height: 1)
        #expect(grid[0, 0].character == "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
        #expect(grid[1, 0].isContinuation)
        #expect(grid[2, 0].character == "下")
        #expect(grid.line(0).hasPrefix("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}下班"))
    }

    @Test func zwjInsideNonEmojiGraphemeIsKept() {
        // Devanagari half forms use ZWJ; cutting there would change the text.
        let halfForm: Character = "\u{915}\u{94D}\u{200D}"
        #expect(halfForm.terminalNormalized == halfForm)
        #expect(halfForm.cellWidth == 1)
    }

    @Test func skinToneModifiersAreDropped() {
        let thumbs: Character = "\u{1F44D}\u{1F3FD}"
        #expect(thumbs.terminalNormalized == "\u{1F44D}")
        #expect(thumbs.cellWidth == 2)
        let wave: Character = "\u{270B}\u{1F3FB}"
        #expect(wave.terminalNormalized == "\u{270B}")
        // A modifier on its own is a swatch, drawn as it is.
        let swatch: Character = "\u{1F3FD}"
        #expect(swatch.terminalNormalized == swatch)
        #expect(swatch.cellWidth == 2)
    }

    @Test func flagsAreTwoColumnsAndLoneRegionalIndicatorsOne() {
        #expect(Character("🇨🇳").cellWidth == 2)
        #expect(Character("🇨🇳").terminalNormalized == "🇨🇳")
        #expect(Character("\u{1F1E8}").cellWidth == 1)
        #expect("🇨🇳🇯🇵".cellWidth == 4)
    }

    @Test func combiningMarksAddNothing() {
        #expect(Character("e\u{301}").cellWidth == 1)
        #expect(Character("\u{1100}\u{1161}\u{11A8}").cellWidth == 2)
        #expect(Character("\u{304B}\u{3099}").cellWidth == 2)
        #expect(Character("a\u{20DD}").cellWidth == 1)
        #expect("e\u{301}te\u{301}".cellWidth == 3)
    }

    @Test func loneCombiningMarkIsZeroColumns() {
        #expect(Character("\u{301}").cellWidth == 0)
        #expect(Character("\u{301}\u{302}").cellWidth == 0)
    }

    @Test func keycapWithVS16IsTwoColumns() {
        #expect(Character("1\u{FE0F}\u{20E3}").cellWidth == 2)
        #expect(Character("#\u{FE0F}\u{20E3}").cellWidth == 2)
        // Unqualified keycap: terminals measure it by scalars, 1 + 0.
        #expect(Character("1\u{20E3}").cellWidth == 1)
    }

    @Test func zeroWidthFormatCharactersAreZeroColumns() {
        for character: Character in ["\u{200B}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{E0001}", "\u{FE0F}"] {
            #expect(character.cellWidth == 0, "\(character.unicodeScalars.map(\.value))")
        }
        #expect("a\u{200B}b".cellWidth == 2)
    }

    @Test func wholeStringsSumTheirGraphemes() {
        #expect("加油,打工人!😄".cellWidth == 14)
        #expect("所有快乐".cellWidth == 8)
        #expect("Hello世界".cellWidth == 9)
        #expect("你好，世界。".cellWidth == 12)
        #expect("👨‍👩‍👧 ok".cellWidth == 5)
        #expect("".cellWidth == 0)
        #expect("所有快乐"[...].cellWidth == 8)
    }

    @Test func scalarWidthsFollowTheGeneratedRule() {
        let cases: [(UInt32, Int)] = [
            (0x41, 1), (0x1F, 0), (0x9F, 0), (0xA0, 1), (0xAD, 0), (0x300, 0), (0x1100, 2), (0x1160, 0),
            (0x11FF, 0), (0x200B, 0), (0x2028, 0), (0x2065, 0), (0x302A, 0), (0x3099, 0), (0x3000, 2),
            (0x4E00, 2), (0xAC00, 2), (0xFF01, 2), (0xFF61, 1), (0x1F600, 2), (0x1F1E6, 1), (0x1F3FB, 2),
            (0xE0001, 0), (0xE0100, 0), (0xE0FFF, 0), (0x0378, 1), (0x2A6E0, 1), (0x10FFFF, 1),
        ]
        for (value, width) in cases {
            #expect(Unicode.Scalar(value)!.cellWidth == width, "U+\(String(value, radix: 16))")
        }
    }

    @Test func tableRangesAreSortedDisjointAndNotOne() {
        var previousEnd: Int64 = -1
        for packed in EastAsianWidthTable.ranges {
            let start = Int64(packed >> 32)
            let end = Int64((packed >> 8) & 0xFF_FFFF)
            let width = packed & 0xFF
            #expect(start > previousEnd && end >= start && (width == 0 || width == 2))
            previousEnd = end
        }
        #expect(EastAsianWidthTable.unicodeVersion == "18.0.0")
    }

    @Test func plainGraphemesNormalizeToThemselves() {
        for character: Character in ["a", "中", "e\u{301}", "😄", "🇨🇳", "\r\n", "1\u{FE0F}\u{20E3}"] {
            #expect(character.terminalNormalized == character)
        }
    }

    @Test func standaloneScalarsNeverJoinEachOther() {
        // The scalar fast paths assume this; Swift's own segmentation is the judge.
        let partners: [Unicode.Scalar] = ["a", "\n", "中", "，", "\u{1F604}", "\u{2764}"]
        var checked = 0
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isStandaloneGrapheme else { continue }
            for partner in partners {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(partner)
                #expect(String(pair).count == 2, "U+\(String(value, radix: 16)) + U+\(String(partner.value, radix: 16))")
                pair = String.UnicodeScalarView()
                pair.append(partner)
                pair.append(scalar)
                #expect(String(pair).count == 2, "U+\(String(partner.value, radix: 16)) + U+\(String(value, radix: 16))")
            }
            #expect(Character(scalar).cellWidth == scalar.cellWidth)
            checked += 1
        }
        #expect(checked > 40_000)
    }

    @Test func directTableAgreesWithTheRanges() {
        for value in UInt32(0x7F)..<CellWidth.directLimit {
            #expect(CellWidth.direct(value) == CellWidth.search(value), "U+\(String(value, radix: 16))")
        }
    }
}
