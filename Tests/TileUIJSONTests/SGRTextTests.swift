import Testing
import TileUI
import TileUIJSON

@Suite struct SGRTextTests {
    private func render(_ output: String, width: Int = 12, height: Int = 3) -> CellGrid {
        CellGrid.render(SGRText.viewNode(output, width: width, height: height).makeView(), width: width, height: height)
    }

    @Test func colorsAndAttributesBecomeCellStyles() {
        let grid = render("\u{1B}[1;31mred\u{1B}[0m \u{1B}[38;5;208;4mor\u{1B}[24m\u{1B}[48;2;0;0;255mbg\u{1B}[49;39m.\n\u{1B}[3;92mit\u{1B}[23;22mok")
        #expect(grid.text == "red orbg.   \nitok        \n            ")
        #expect(grid[0, 0].foreground == RGBColor(hex: 0xCD0000))
        #expect(grid[0, 0].attributes == [.bold])
        // Default colours are the tile's: primary text, no background.
        #expect(grid[3, 0].attributes == [] && grid[3, 0].foreground == .black && grid[3, 0].background == nil)
        #expect(grid[4, 0].foreground == ColorPalette.color(ofIndex: 208))
        #expect(grid[4, 0].attributes == [.underline])
        #expect(grid[6, 0].background == RGBColor(hex: 0x0000FF) && grid[6, 0].attributes == [])
        #expect(grid[5, 0].background == nil)
        #expect(grid[8, 0].background == nil && grid[8, 0].foreground == .black)
        #expect(grid[0, 1].attributes == [.italic] && grid[0, 1].foreground == RGBColor(hex: 0x00FF00))
        #expect(grid[2, 1].attributes == [] && grid[2, 1].foreground == RGBColor(hex: 0x00FF00))
    }

    @Test func colonFormsAndBackgroundSpacesKeepTheirColour() {
        let grid = render("\u{1B}[38:2::10:20:30mA\u{1B}[48:5:21m  \u{1B}[mB", width: 5, height: 1)
        #expect(grid.text == "A  B ")
        #expect(grid[0, 0].foreground == RGBColor(red: 10, green: 20, blue: 30))
        #expect(grid[1, 0].background == ColorPalette.color(ofIndex: 21) && grid[2, 0].background == ColorPalette.color(ofIndex: 21))
        #expect(grid[3, 0].background == nil && grid[3, 0].foreground == .black)
    }

    @Test func faintAndReverseUseTheTilesColours() {
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        let output = "\u{1B}[2mfaint\u{1B}[22m \u{1B}[7mrev\u{1B}[27m \u{1B}[31;44;7mx\u{1B}[0m"
        let grid = CellGrid.render(SGRText.viewNode(output, width: 13, height: 1).makeView(), width: 13, height: 1, environment: environment)
        #expect(grid.text == "faint rev x  ")
        #expect(grid[0, 0].attributes == [.dim] && grid[0, 0].foreground == .white)
        #expect(grid[5, 0].attributes == [] && grid[5, 0].foreground == .white)
        let widgetBackground = environment.theme.color(named: "widget.background", scheme: .dark)
        #expect(grid[6, 0].background == .white && grid[6, 0].foreground == widgetBackground)
        #expect(grid[10, 0].background == RGBColor(hex: 0xCD0000) && grid[10, 0].foreground == RGBColor(hex: 0x0000EE))
    }

    @Test func linesAreClippedToTheTileAndTabsExpand() {
        #expect(render("a\tb\n所有快乐都在路上\nthird\nfourth", width: 11, height: 3).text
            == "a       b  \n所有快乐都 \nthird      ")
        #expect(render("only the first\nsecond", width: 8, height: 1).text == "only the")
    }

    @Test func hostileOutputNeverReachesTheGridOrTheANSIOutput() {
        let hostile = "ok\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}2J\u{1B}]0;title\u{1B}\\\u{1B}P1$q\u{1B}\\\u{202E}evil\u{2066}\u{1B}[1mB\u{1B}[0m\u{8}\u{7}"
        var bytes = Array(hostile.utf8)
        bytes += [0x9B, 0x33, 0x31, 0x6D, 0x78]   // a raw 8-bit CSI: ESC [ 31 m in one byte, then "x"
        for grid in [render(hostile, width: 20, height: 2),
                     CellGrid.render(SGRText.viewNode(bytes: bytes, width: 20, height: 2).makeView(), width: 20, height: 2)] {
            #expect(grid.line(0).hasPrefix("okevilB"))
            let ansi = ANSIRenderer(colorMode: .trueColor).render(grid)
            for forbidden in ["\u{1B}]", "\u{1B}[2J", "\u{9B}", "\u{202E}", "\u{2066}", "\u{7}", "\u{8}", "\u{1B}P", "52;"] {
                #expect(!ansi.contains(forbidden), "\(forbidden.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(!grid.text.contains(forbidden))
            }
            // Only SGR sequences remain: ESC [ digits and semicolons m.
            let escapes = ansi.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst()
            #expect(escapes.allSatisfy { $0.first == "[" && $0.dropFirst().prefix { $0 != "m" }.allSatisfy { $0.isNumber || $0 == ";" } })
        }
        #expect(CellGrid.render(SGRText.viewNode(bytes: bytes, width: 20, height: 2).makeView(), width: 20, height: 2)
            .line(0).hasPrefix("okevilBx"))
    }

    @Test func emojiSequencesStayWhole() {
        #expect(render("👨‍👩‍👧|❤️|e\u{301}", width: 8, height: 1).text.hasPrefix("👨‍👩‍👧|❤️|é"))
    }
}
