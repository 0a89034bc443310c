import Testing
@testable import TileUI

@Suite struct TmuxRendererTests {
    private static let red = RGBColor(hex: 0xFF0000)
    private static let blue = RGBColor(hex: 0x0000FF)

    private static func row(_ text: String, foreground: RGBColor? = nil, background: RGBColor? = nil, attributes: CellAttributes = []) -> CellGrid {
        var grid = CellGrid(width: text.cellWidth, height: 1)
        var x = 0
        for character in text {
            grid[x, 0] = Cell(character: character, foreground: foreground, background: background, attributes: attributes)
            if character.cellWidth == 2 { grid[x + 1, 0] = Cell(isContinuation: true, foreground: foreground, background: background) }
            x += character.cellWidth
        }
        return grid
    }

    @Test func testEachRunStartsWithACompleteStyleAndTheLineEndsWithDefault() {
        var grid = Self.row("ab中", foreground: Self.red, background: Self.blue, attributes: .bold)
        grid[1, 0].attributes = [.italic, .underline, .dim, .reverse]
        #expect(TmuxRenderer().render(grid)
            == "#[default,fg=#ff0000,bg=#0000ff,bold]a#[default,fg=#ff0000,bg=#0000ff,dim,italics,underscore,reverse]b"
            + "#[default,fg=#ff0000,bg=#0000ff,bold]中#[default]")
    }

    @Test func testUncolouredCellsKeepTheStatusLinesColours() {
        #expect(TmuxRenderer().render(Self.row("ok")) == "#[default]ok#[default]")
    }

    @Test func testWithoutColoursOnlyAttributesAreWritten() {
        let grid = Self.row("ok", foreground: Self.red, background: Self.blue, attributes: .bold)
        #expect(TmuxRenderer(colors: false).render(grid) == "#[default,bold]ok#[default]")
    }

    @Test func testEveryHashIsDoubledSoTextCannotStartAStyleACommandOrAVariable() {
        let output = TmuxRenderer().render(Self.row("#[fg=red]#(reboot)#{host}##"))
        #expect(output == "#[default]##[fg=red]##(reboot)##{host}####" + "#[default]")
    }

    @Test func testRowsAreSeparatedByNewlinesAndControlsNeverPass() {
        var grid = CellGrid(width: 2, height: 2)
        grid[0, 0] = Cell(character: "\u{1B}")
        grid[0, 1] = Cell(character: "y")
        #expect(TmuxRenderer().render(grid) == "#[default]\u{FFFD} #[default]\n#[default]y #[default]")
    }
}
