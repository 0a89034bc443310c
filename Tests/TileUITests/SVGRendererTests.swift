import Testing
@testable import TileUI

@Suite struct SVGRendererTests {
    private static let white = RGBColor(hex: 0xFFFFFF)
    private static let black = RGBColor(hex: 0x000000)
    private static let red = RGBColor(hex: 0xFF0000)
    private static let blue = RGBColor(hex: 0x0000FF)
    private static let renderer = SVGRenderer(defaultForeground: black, defaultBackground: white)

    /// The lines of the picture that draw something (rects after the page's own, and texts).
    private static func drawing(_ grid: CellGrid) -> [String] {
        renderer.render(grid).split(separator: "\n").map(String.init)
            .filter { ($0.hasPrefix("<rect x=") || $0.hasPrefix("<text")) }
    }

    @Test func testThePictureIsTheGridsCellsAtEightPointFourBySeventeenPixels() {
        let svg = Self.renderer.render(CellGrid(width: 10, height: 2))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"84\" height=\"34\" viewBox=\"0 0 84 34\">"))
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"))
        #expect(svg.contains("Noto Sans CJK SC") && svg.contains("Noto Color Emoji") && svg.contains("monospace"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func testARunOfOneBackgroundIsOneRectangleAndTheDefaultBackgroundNone() {
        var grid = CellGrid(width: 6, height: 1)
        for x in 1..<4 { grid[x, 0] = Cell(background: Self.blue) }
        grid[4, 0] = Cell(background: Self.red)
        #expect(Self.drawing(grid) == [
            "<rect x=\"8.4\" y=\"0\" width=\"25.2\" height=\"17\" fill=\"#0000ff\"/>",
            "<rect x=\"33.6\" y=\"0\" width=\"8.4\" height=\"17\" fill=\"#ff0000\"/>",
        ])
    }

    @Test func testNarrowTextIsStretchedToItsCellsAndTextWithWideCharactersPlacedByColumn() {
        var grid = CellGrid(width: 9, height: 1)
        grid[0, 0] = Cell(character: "a", foreground: Self.red, attributes: .bold)
        grid[1, 0] = Cell(character: "b", foreground: Self.red, attributes: .bold)
        grid[3, 0] = Cell(character: "中")
        grid[4, 0] = Cell(isContinuation: true)
        grid[5, 0] = Cell(character: ",")
        grid[6, 0] = Cell(character: "文")
        grid[7, 0] = Cell(isContinuation: true)
        #expect(Self.drawing(grid) == [
            "<text x=\"0\" y=\"13\" textLength=\"16.8\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#ff0000\" class=\"b\">ab</text>",
            "<text x=\"25.2 42 50.4\" y=\"13\" fill=\"#000000\">中,文</text>",
        ])
    }

    @Test func testAnEmojiAndAZWJSequenceEachSpanExactlyTwoCells() {
        var grid = CellGrid(width: 6, height: 1)
        grid[0, 0] = Cell(character: "😄")
        grid[1, 0] = Cell(isContinuation: true)
        grid[2, 0] = Cell(character: "👨‍👩‍👧")
        grid[3, 0] = Cell(isContinuation: true)
        #expect(Self.drawing(grid) == [
            "<text x=\"0\" y=\"13\" textLength=\"16.8\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#000000\">😄</text>",
            "<text x=\"16.8\" y=\"13\" textLength=\"16.8\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#000000\">👨‍👩‍👧</text>",
        ])
    }

    @Test func testMarkupIsEscapedAndControlsReplaced() {
        var grid = CellGrid(width: 5, height: 1)
        for (x, character) in ["<", "&", ">", "\u{1B}", "\""].enumerated() { grid[x, 0] = Cell(character: Character(character)) }
        // A control has no width and draws nothing; inside a grapheme it would be replaced.
        #expect(Self.drawing(grid) == [
            "<text x=\"0\" y=\"13\" textLength=\"25.2\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#000000\">&lt;&amp;&gt;</text>",
            "<text x=\"33.6\" y=\"13\" textLength=\"8.4\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#000000\">\"</text>",
        ])
        #expect(SVGRenderer.escaped("a\u{1}b\u{9B}c\u{FFFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    }

    @Test func testBlockGlyphsAreRectanglesMergedAcrossCells() {
        var grid = CellGrid(width: 4, height: 1)
        grid[0, 0] = Cell(character: "█", foreground: Self.red)
        grid[1, 0] = Cell(character: "█", foreground: Self.red)
        grid[2, 0] = Cell(character: "▀", foreground: Self.red)
        grid[3, 0] = Cell(character: "▄", foreground: Self.red)
        #expect(Self.drawing(grid) == [
            "<rect x=\"0\" y=\"0\" width=\"16.8\" height=\"17\" fill=\"#ff0000\"/>",
            "<rect x=\"16.8\" y=\"0\" width=\"8.4\" height=\"8.5\" fill=\"#ff0000\"/>",
            "<rect x=\"25.2\" y=\"8.5\" width=\"8.4\" height=\"8.5\" fill=\"#ff0000\"/>",
        ])
    }

    @Test func testReverseSwapsColoursAndDimQuietensTheForeground() {
        var grid = CellGrid(width: 2, height: 1)
        grid[0, 0] = Cell(character: "r", foreground: Self.red, background: Self.blue, attributes: .reverse)
        grid[1, 0] = Cell(character: "d", foreground: Self.black, attributes: [.dim, .underline, .italic])
        let lines = Self.drawing(grid)
        #expect(lines.contains("<rect x=\"0\" y=\"0\" width=\"8.4\" height=\"17\" fill=\"#ff0000\"/>"))
        #expect(lines.contains { $0.contains("fill=\"#0000ff\">r</text>") })
        let dimmed = Self.black.dimmed(over: Self.white)
        #expect(dimmed != Self.black)
        #expect(lines.contains { $0.contains("fill=\"\(dimmed)\" class=\"i u\">d</text>") })
    }

    @Test func testTheSameGridGivesTheSameBytes() {
        var grid = CellGrid(width: 3, height: 2)
        grid[0, 1] = Cell(character: "x", foreground: Self.red, background: Self.blue)
        #expect(Self.renderer.render(grid) == Self.renderer.render(grid))
    }
}
