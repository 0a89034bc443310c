import Testing
@testable import TileUI

@Suite struct ANSIRendererTests {
    private static let red = RGBColor(hex: 0xFF0000)
    private static let blue = RGBColor(hex: 0x0000FF)
    private static let gray = RGBColor(hex: 0x808080)

    /// Row 0: bold red "AB"; a wide 中 in red on blue (bold dropped, so a reset) and its
    /// continuation; "C" back to the default foreground on blue; then the row's closing reset.
    /// Row 1: unstyled, so no escapes at all. Row 2: italic gray "x", underline added for "y",
    /// everything back to default for "z  ".
    private static let grid: CellGrid = {
        var grid = CellGrid(width: 5, height: 3)
        grid[0, 0] = Cell(character: "A", foreground: red, attributes: .bold)
        grid[1, 0] = Cell(character: "B", foreground: red, attributes: .bold)
        grid[2, 0] = Cell(character: "中", foreground: red, background: blue)
        grid[3, 0] = Cell(character: " ", isContinuation: true, foreground: red, background: blue)
        grid[4, 0] = Cell(character: "C", background: blue)
        grid[0, 1] = Cell(character: "o")
        grid[1, 1] = Cell(character: "k")
        grid[0, 2] = Cell(character: "x", foreground: gray, attributes: .italic)
        grid[1, 2] = Cell(character: "y", foreground: gray, attributes: [.italic, .underline])
        grid[2, 2] = Cell(character: "z")
        return grid
    }()

    @Test func trueColor() {
        let expected = [
            "\u{1B}[1;38;2;255;0;0mAB\u{1B}[0;38;2;255;0;0;48;2;0;0;255m中\u{1B}[39mC\u{1B}[0m",
            "ok   ",
            "\u{1B}[3;38;2;128;128;128mx\u{1B}[4my\u{1B}[0mz  \u{1B}[0m",
        ]
        #expect(ANSIRenderer(colorMode: .trueColor).render(Self.grid) == expected.joined(separator: "\n"))
    }

    @Test func palette256() {
        let expected = [
            "\u{1B}[1;38;5;196mAB\u{1B}[0;38;5;196;48;5;21m中\u{1B}[39mC\u{1B}[0m",
            "ok   ",
            "\u{1B}[3;38;5;244mx\u{1B}[4my\u{1B}[0mz  \u{1B}[0m",
        ]
        #expect(ANSIRenderer(colorMode: .palette256).render(Self.grid) == expected.joined(separator: "\n"))
    }

    @Test func palette16() {
        let expected = [
            "\u{1B}[1;91mAB\u{1B}[0;91;44m中\u{1B}[39mC\u{1B}[0m",
            "ok   ",
            "\u{1B}[3;90mx\u{1B}[4my\u{1B}[0mz  \u{1B}[0m",
        ]
        #expect(ANSIRenderer(colorMode: .palette16).render(Self.grid) == expected.joined(separator: "\n"))
    }

    @Test func noColorKeepsAttributesOnly() {
        let expected = [
            "\u{1B}[1mAB\u{1B}[0m中C\u{1B}[0m",
            "ok   ",
            "\u{1B}[3mx\u{1B}[4my\u{1B}[0mz  \u{1B}[0m",
        ]
        #expect(ANSIRenderer(colorMode: .none).render(Self.grid) == expected.joined(separator: "\n"))
    }

    @Test func removingTheBackgroundWritesDefaultBackground() {
        var grid = CellGrid(width: 3, height: 1)
        grid[0, 0] = Cell(character: "a", foreground: Self.red, background: Self.blue)
        grid[1, 0] = Cell(character: "b", foreground: Self.red)
        grid[2, 0] = Cell(character: "c", foreground: Self.blue)
        #expect(ANSIRenderer(colorMode: .palette256).render(grid)
            == "\u{1B}[38;5;196;48;5;21ma\u{1B}[49mb\u{1B}[38;5;21mc\u{1B}[0m")
    }

    @Test func coloursThatShareAPaletteEntryWriteNoEscape() {
        var grid = CellGrid(width: 2, height: 1)
        grid[0, 0] = Cell(character: "a", foreground: RGBColor(hex: 0xFF0000))
        grid[1, 0] = Cell(character: "b", foreground: RGBColor(hex: 0xFE0101))
        #expect(ANSIRenderer(colorMode: .palette256).render(grid) == "\u{1B}[38;5;196mab\u{1B}[0m")
        #expect(ANSIRenderer(colorMode: .trueColor).render(grid)
            == "\u{1B}[38;2;255;0;0ma\u{1B}[38;2;254;1;1mb\u{1B}[0m")
    }

    @Test func everyModeKeepsTheGridText() {
        for mode in ColorMode.allCases {
            let rendered = ANSIRenderer(colorMode: mode).render(Self.grid)
            #expect(stripSGR(rendered) == Self.grid.text, "\(mode)")
        }
    }

    @Test func emptyGridsRenderEmpty() {
        #expect(ANSIRenderer(colorMode: .trueColor).render(CellGrid(width: 0, height: 0)) == "")
        #expect(ANSIRenderer(colorMode: .trueColor).render(CellGrid(width: 0, height: 2)) == "\n")
        #expect(ANSIRenderer(colorMode: .trueColor).render(CellGrid(width: 2, height: 1)) == "  ")
    }

    @Test func sgrParametersSetTheWholeStyle() {
        let all = Cell(
            character: "x", foreground: RGBColor(hex: 0x010203), background: RGBColor(hex: 0x040506),
            attributes: [.bold, .dim, .italic, .underline, .reverse]
        )
        #expect(ANSIRenderer(colorMode: .trueColor).sgrParameters(for: all) == "1;2;3;4;7;38;2;1;2;3;48;2;4;5;6")
        #expect(ANSIRenderer(colorMode: .none).sgrParameters(for: all) == "1;2;3;4;7")
        let redBold = Cell(character: "x", foreground: Self.red, attributes: .bold)
        #expect(ANSIRenderer(colorMode: .trueColor).sgrParameters(for: redBold) == "1;38;2;255;0;0")
        #expect(ANSIRenderer(colorMode: .palette256).sgrParameters(for: redBold) == "1;38;5;196")
        let blackOnWhite = Cell(character: "x", foreground: .black, background: .white)
        #expect(ANSIRenderer(colorMode: .palette16).sgrParameters(for: blackOnWhite) == "30;107")
        let darkRedOnGray = Cell(character: "x", foreground: RGBColor(hex: 0xCD0000), background: Self.gray)
        #expect(ANSIRenderer(colorMode: .palette16).sgrParameters(for: darkRedOnGray) == "31;100")
        #expect(ANSIRenderer(colorMode: .trueColor).sgrParameters(for: .blank) == "")
    }

    @Test func detectFollowsTheEnvironment() {
        let cases: [([String: String], ColorMode)] = [
            (["NO_COLOR": "", "COLORTERM": "truecolor", "TERM": "xterm-256color"], .none),
            (["NO_COLOR": "1", "TERM": "xterm"], .none),
            (["COLORTERM": "truecolor", "TERM": "xterm"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["COLORTERM": "TrueColor", "TERM": "xterm"], .trueColor),
            (["COLORTERM": "yes", "TERM": "tmux-256color"], .palette256),
            (["TERM": "xterm-256color"], .palette256),
            (["TERM": "xterm"], .palette16),
            (["TERM": "linux"], .palette16),
            (["TERM": "dumb"], .none),
            (["TERM": ""], .none),
            ([:], .none),
        ]
        for (environment, mode) in cases {
            #expect(ColorMode.detect(environment: environment) == mode, "\(environment)")
        }
    }

    private func stripSGR(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                while let next = scalars.next(), next != "m" {}
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
