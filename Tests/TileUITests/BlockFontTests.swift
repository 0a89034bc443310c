import Testing
@testable import TileUI

@Suite struct BlockFontTests {
    /// Every character the brief promises, at every scale.
    static let supported: [Character] =
        Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") + Array(" :/-.,%+!?'°")
    static let drawingCharacters: Set<Character> = [" ", "▀", "▄", "█"]

    @Test func scalesAreThreeThenTwoRows() {
        #expect(BlockFont.rowCounts == [3, 2])
        #expect(BlockFont.letterSpacing == 1)
    }

    @Test(arguments: BlockFont.rowCounts)
    func everySupportedCharacterHasARectangularGlyphOfHalfBlocks(rows: Int) throws {
        for character in Self.supported {
            let glyph = try #require(BlockFont.glyph(for: character, rows: rows), "no glyph for \(character)")
            #expect(glyph.count == rows, "\(character)")
            let width = glyph[0].count
            #expect(width > 0, "\(character)")
            #expect(glyph.allSatisfy { $0.count == width && $0.unicodeScalars.count == width }, "\(character)")
            #expect(glyph.allSatisfy { $0.allSatisfy(Self.drawingCharacters.contains) }, "\(character)")
            if character != " " {
                #expect(glyph.contains { $0.contains { $0 != " " } }, "\(character) has no ink")
            }
        }
    }

    @Test(arguments: BlockFont.rowCounts)
    func digitsAreMonospaced(rows: Int) {
        let widths = Set("0123456789".map { BlockFont.glyph(for: $0, rows: rows)?[0].count })
        #expect(widths.count == 1)
        #expect(widths.first! != nil)
    }

    /// Legibility: no two characters may look the same, except O and 0, which fonts
    /// conventionally share at this size.
    @Test(arguments: BlockFont.rowCounts)
    func glyphsAreDistinguishable(rows: Int) {
        var seen: [[String]: Character] = [:]
        for character in Self.supported where character != "O" {
            let glyph = BlockFont.glyph(for: character, rows: rows)!
            #expect(seen[glyph] == nil, "\(character) looks like \(seen[glyph].map(String.init) ?? "")")
            seen[glyph] = character
        }
        #expect(BlockFont.glyph(for: "O", rows: rows) == BlockFont.glyph(for: "0", rows: rows))
    }

    @Test func rendersTheDayNumberAtThreeRows() {
        #expect(BlockFont.render("06", rows: 3) == [
            "█▀▀█ █▀▀▀",
            "█  █ █▀▀█",
            "█▄▄█ █▄▄█",
        ])
    }

    @Test func rendersATimeAtTwoRows() {
        #expect(BlockFont.render("12:45", rows: 2) == [
            "▀█  ▀▀█ ▀ █ █ █▀▀",
            "▄█▄ █▄▄ ▄ ▀▀█ ▄▄█",
        ])
    }

    @Test func separatesGlyphsByLetterSpacing() throws {
        let one = try #require(BlockFont.glyph(for: "1", rows: 3))
        let colon = try #require(BlockFont.glyph(for: ":", rows: 3))
        let gap = String(repeating: " ", count: BlockFont.letterSpacing)
        #expect(BlockFont.render("1:1", rows: 3) == (0..<3).map { one[$0] + gap + colon[$0] + gap + one[$0] })
    }

    @Test(arguments: BlockFont.rowCounts)
    func lowercaseIsDrawnWithTheCapitals(rows: Int) {
        #expect(BlockFont.render("tiles", rows: rows) == BlockFont.render("TILES", rows: rows))
        #expect(BlockFont.glyph(for: "q", rows: rows) == BlockFont.glyph(for: "Q", rows: rows))
    }

    @Test(arguments: BlockFont.rowCounts)
    func unsupportedCharactersHaveNoGlyph(rows: Int) {
        for text in ["中", "😄", "é", "ß", "\n", "12中"] {
            #expect(BlockFont.glyph(for: text.last!, rows: rows) == nil, "\(text)")
            #expect(!BlockFont.canRender(text, rows: rows), "\(text)")
            #expect(BlockFont.width(of: text, rows: rows) == nil, "\(text)")
            #expect(BlockFont.render(text, rows: rows) == nil, "\(text)")
        }
    }

    @Test(arguments: [1, 4, 0])
    func otherScalesHaveNoGlyphs(rows: Int) {
        #expect(BlockFont.glyph(for: "0", rows: rows) == nil)
        #expect(!BlockFont.canRender("0", rows: rows))
        #expect(BlockFont.width(of: "0", rows: rows) == nil)
        #expect(BlockFont.render("0", rows: rows) == nil)
    }

    @Test(arguments: BlockFont.rowCounts)
    func widthMatchesTheRenderedRows(rows: Int) throws {
        let samples = [
            "06", "12:45", "28°", "TILES", "Hello World", "2022/06/09", "-3.5%", "+1,000!", "Why?", "it's", "A", "", " ",
        ]
        for text in samples {
            #expect(BlockFont.canRender(text, rows: rows), "\(text)")
            let rendered = try #require(BlockFont.render(text, rows: rows), "\(text)")
            #expect(rendered.count == rows, "\(text)")
            #expect(rendered.allSatisfy { $0.count == BlockFont.width(of: text, rows: rows) }, "\(text)")
        }
    }

    @Test func widthCountsGlyphsAndTheGapsBetweenThem() {
        let digit = BlockFont.glyph(for: "0", rows: 3)![0].count
        #expect(BlockFont.width(of: "", rows: 3) == 0)
        #expect(BlockFont.width(of: "0", rows: 3) == digit)
        #expect(BlockFont.width(of: "00", rows: 3) == 2 * digit + BlockFont.letterSpacing)
    }

    @Test(arguments: BlockFont.rowCounts)
    func spaceIsBlank(rows: Int) {
        #expect(BlockFont.render("A B", rows: rows)!.allSatisfy { $0.contains(" ") })
        #expect(BlockFont.glyph(for: " ", rows: rows)!.allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    /// Digits are equally wide at each scale (tabular figures): a ticking clock keeps its layout,
    /// which redrawing live text in place relies on (`RetainedDrawing`).
    @Test func digitsAreTabularAtEveryScale() {
        for rows in BlockFont.rowCounts {
            let widths = Set("0123456789".map { BlockFont.width(of: String($0), rows: rows) })
            #expect(widths.count == 1, "\(rows) rows: \(widths)")
        }
    }
}
