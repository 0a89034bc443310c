import Foundation
import Testing
import TileUISamples
@testable import TileUI

/// Grids of hostile text (controls, markup, tmux syntax, ZWJ sequences, blocks) through the SVG,
/// tmux and hyperlink writers: nothing crashes, nothing escapes its syntax. Seeded and bounded.
@Suite struct RendererFuzzTests {
    private static let pieces: [String] = [
        "a", " ", "#", "#", "[", "(", "{", "]", "<", ">", "&", "\"", "'", "中", "😄", "👨‍👩‍👧", "🇨🇳", "e\u{301}",
        "█", "▀", "▄", "▒", "\u{1B}", "\u{07}", "\u{9B}", "\u{0}", "\u{7F}", "\u{202E}", "\u{FFFE}", "\u{FFFF}", "❤️", "1️⃣",
    ]

    /// A grid drawn as a canvas would: wide graphemes with continuations, random colours, links.
    private static func randomGrid(_ random: inout SplitMix64) -> CellGrid {
        var grid = CellGrid(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...4, using: &random))
        let links = (0..<3).map { _ in
            URL(string: "https://example.com/\(Int.random(in: 0...99, using: &random))?q=%1B\(pieces.randomElement(using: &random)!.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")!
        }
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                let character = Character(pieces.randomElement(using: &random)!)
                let width = max(1, character.cellWidth)
                guard x + width <= grid.width else { break }
                let color = Bool.random(using: &random) ? RGBColor(hex: UInt32.random(in: 0...0xFFFFFF, using: &random)) : nil
                let link = Bool.random(using: &random) ? grid.index(forLink: links.randomElement(using: &random)!) : 0
                let attributes = CellAttributes(rawValue: UInt8.random(in: 0...31, using: &random))
                grid[x, y] = Cell(character: character, foreground: color, background: color.map { RGBColor(hex: ~$0.hex & 0xFFFFFF) },
                                  attributes: attributes, linkIndex: link)
                if width == 2 { grid[x + 1, y] = Cell(isContinuation: true) }
                x += width
            }
        }
        return grid
    }

    @Test func testHostileGridsNeverBreakTheSVG() {
        var random = SplitMix64(seed: 0x5156)
        let renderer = SVGRenderer(defaultForeground: RGBColor(hex: 0), defaultBackground: RGBColor(hex: 0xFFFFFF))
        for _ in 0..<400 {
            let svg = renderer.render(Self.randomGrid(&random))
            // No control character at all, and every text's content is escaped markup.
            #expect(!svg.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0xFFFE })
            for element in svg.components(separatedBy: "<text ").dropFirst() {
                guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else {
                    Issue.record("an unclosed text element: \(element)")
                    continue
                }
                let content = element[element.index(after: open)..<close.lowerBound]
                #expect(!content.contains("<") && !content.contains(">"))
                #expect(content.replacingOccurrences(of: "&amp;", with: "").replacingOccurrences(of: "&lt;", with: "")
                    .replacingOccurrences(of: "&gt;", with: "").contains("&") == false)
            }
        }
    }

    @Test func testHostileGridsComeOutOfTmuxAsTheirOwnTextOnly() {
        var random = SplitMix64(seed: 0x7407)
        for _ in 0..<400 {
            let grid = Self.randomGrid(&random)
            let lines = TmuxRenderer().render(grid).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == grid.height)
            for (y, line) in lines.enumerated() {
                // Read as tmux reads it: `##` is `#`, `#[…]` a style of ours; anything else fails.
                var text = ""
                var rest = line[...]
                var valid = true
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character != "#" {
                        text.append(character)
                    } else if rest.first == "#" {
                        text.append("#")
                        rest = rest.dropFirst()
                    } else if rest.hasPrefix("[default"), let end = rest.firstIndex(of: "]") {
                        rest = rest[rest.index(after: end)...]
                    } else {
                        valid = false
                        break
                    }
                }
                #expect(valid, "\(line)")
                let expected = String(grid.line(y).map { character -> Character in
                    character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? "\u{FFFD}" : character
                })
                #expect(text == expected)
            }
        }
    }

    @Test func testHostileLinksNeverPutAControlByteInsideAnOSC() {
        var random = SplitMix64(seed: 0x0508)
        let renderer = ANSIRenderer(colorMode: .trueColor, hyperlinks: true)
        for _ in 0..<400 {
            var grid = Self.randomGrid(&random)
            // Cells draw what they hold; only the link targets are checked here.
            for y in 0..<grid.height { for x in 0..<grid.width where !grid[x, y].isContinuation { grid[x, y].character = "x" } }
            let output = renderer.render(grid)
            for sequence in output.components(separatedBy: "\u{1B}]8;;").dropFirst() {
                guard let end = sequence.range(of: "\u{1B}\\") else {
                    Issue.record("an OSC 8 without its terminator")
                    continue
                }
                #expect(sequence[..<end.lowerBound].utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
            }
        }
    }
}
