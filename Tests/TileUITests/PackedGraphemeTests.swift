import Testing
@testable import TileUI

/// A cell's grapheme packed into two words: every kind of grapheme comes back as it went in,
/// and equality and hashing follow the bytes.
@Suite struct PackedGraphemeTests {
    static let samples: [Character] = [
        " ", "a", "~", "\u{7F}", "\r\n", "é", "e\u{301}", "中", "你", "█", "▀", "😀", "🇨🇳", "❤️",
        "👍🏽", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}",
    ]

    @Test(arguments: samples)
    func everyGraphemeComesBackAsItWentIn(character: Character) {
        let cell = Cell(character: character, foreground: RGBColor(red: 1, green: 2, blue: 3))
        #expect(cell.character == character)
        #expect(Array(String(cell.character).utf8) == Array(String(character).utf8))
        var changed = Cell()
        changed.character = character
        #expect(changed.character == character)
        #expect(changed == Cell(character: character))
    }

    @Test func longGraphemesAreKeptInTheTableAndShortOnesInline() {
        let family: Character = "👨‍👩‍👧‍👦"  // 25 bytes of UTF-8
        #expect(String(family).utf8.count > 15)
        #expect(PackedGrapheme(family).high >> 56 == PackedGrapheme.interned)
        #expect(PackedGrapheme(family) == PackedGrapheme(family))
        #expect(PackedGrapheme("😀").high >> 56 == 4)
        // 15 bytes: the most that fits inline.
        let fifteen: Character = "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}"
        #expect(String(fifteen).utf8.count == 15)
        #expect(PackedGrapheme(fifteen).high >> 56 == 15)
    }

    /// The writer's shortcut for one-scalar graphemes gives what the `Character` gives: the
    /// scalar, and the same width, for every scalar of the first four planes that is a grapheme
    /// of its own; and nothing for ASCII, longer graphemes and scalars that join others.
    @Test func aStandaloneScalarIsReadFromTheBytesWithTheCharactersWidth() {
        var checked = 0
        for value in stride(from: 0x80, to: 0x40000, by: 1) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            let cell = Cell(character: character)
            guard let single = cell.standaloneScalar else {
                #expect(!scalar.isStandaloneGrapheme, "U+\(String(value, radix: 16))")
                continue
            }
            #expect(single.scalar == scalar && single.width == character.cellWidth, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 40_000)
        for text in ["a", "\r\n", "e\u{301}", "👍🏽", "🇨🇳", "👨‍👩‍👧‍👦", "❤️"] {
            #expect(Cell(character: Character(text)).standaloneScalar == nil, "\(text)")
        }
    }

    @Test func asciiIsOneByteAndCRLFIsNot() {
        #expect(Cell(character: "q").singleByteASCII == UInt8(ascii: "q"))
        #expect(Cell().singleByteASCII == 0x20)
        #expect(Cell(character: "\r\n").singleByteASCII == nil)
        #expect(Cell(character: "\r\n").character == "\r\n")
        #expect(Cell(character: "中").singleByteASCII == nil)
    }

    @Test func equalityAndHashingFollowTheBytes() {
        var seen: [Cell: Int] = [:]
        for (index, character) in Self.samples.enumerated() {
            seen[Cell(character: character)] = index
        }
        for (index, character) in Self.samples.enumerated() {
            #expect(seen[Cell(character: character)] == index, "\(character)")
        }
        // Canonically equivalent, spelled differently: different cells.
        #expect(Cell(character: "é") != Cell(character: "e\u{301}"))
        #expect(Cell(character: "a", background: RGBColor(red: 0, green: 0, blue: 0)) != Cell(character: "a"))
    }
}
