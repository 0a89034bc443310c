import Foundation
import Testing
@testable import TileUI

/// What views draw into cells: shapes, corners, links, redaction, opacity, wide graphemes.
@Suite struct DrawingTests {
    @Test func testBorderDrawsABoxAndCornerRadiusRoundsIt() {
        let square = CellGrid.render(Color.clear.frame(width: 4, height: 3).border(.white), width: 4, height: 3)
        #expect(square.text == "┌──┐\n│  │\n└──┘")
        let rounded = CellGrid.render(Color.clear.frame(width: 4, height: 3).border(.white).cornerRadius(12), width: 4, height: 3)
        #expect(rounded.text == "╭──╮\n│  │\n╰──╯")
    }

    @Test func testRoundedFillEndsInHalfBlocksInColourAndLeavesCornersUnpaintedWithout() {
        let view = Text("去分享").padding(.horizontal, 2).background(.white).cornerRadius(12)
        // In colour, a one-row pill ends in half blocks of its fill over what lies beneath.
        let grid = CellGrid.render(view, width: 10, height: 1)
        #expect(grid.text == "▐ 去分享 ▌")
        #expect(grid[0, 0].foreground == .white && grid[0, 0].background == nil)
        #expect(grid[1, 0].background == .white)
        #expect(grid[8, 0].background == .white)
        #expect(grid[9, 0].foreground == .white && grid[9, 0].background == nil)
        // Without colour a block would be a visible glyph where the fill is not: unpainted.
        var plain = EnvironmentValues.standard
        plain.colorMode = .none
        let text = CellGrid.render(view, width: 10, height: 1, environment: plain)
        #expect(text.text == "  去分享  ")
        #expect(text[0, 0].background == nil)
        let square = CellGrid.render(Text("x").padding(.horizontal, 2).background(.white).cornerRadius(4), width: 5, height: 1)
        #expect(square[0, 0].background == .white)
    }

    @Test func testRoundedShapesOfTwoRowsAndMoreGetQuadrantCorners() {
        let beneath = RGBColor(hex: 0x123456)
        for (width, height) in [(2, 2), (3, 2), (6, 3), (8, 4)] {
            let view = RoundedRectangle(cornerRadius: 8).fill(Color.white).frame(width: width, height: height)
                .background(Color(hex: 0x123456))
            let grid = CellGrid.render(view, width: width, height: height)
            let corners = [(0, 0, "▟"), (width - 1, 0, "▙"), (0, height - 1, "▜"), (width - 1, height - 1, "▛")]
            for (x, y, block) in corners {
                #expect(String(grid[x, y].character) == block, "\(width)×\(height) at \(x),\(y)")
                #expect(grid[x, y].foreground == .white && grid[x, y].background == beneath)
            }
            if width > 2 { #expect(grid[1, 0].background == .white && grid[1, 0].character == " ") }
        }
        // A translucent fill blends into its corners as into every other cell.
        let translucent = CellGrid.render(
            RoundedRectangle(cornerRadius: 8).fill(Color.white.opacity(0.5)).frame(width: 4, height: 2).background(Color.black),
            width: 4, height: 2)
        #expect(translucent[0, 0].character == "▟")
        #expect(translucent[0, 0].foreground == translucent[1, 0].background)
        #expect(translucent[0, 0].background == .black)
        // A clip rounds the corners of what it clips the same way.
        let clipped = CellGrid.render(Color.white.frame(width: 4, height: 2).cornerRadius(8).background(Color.black), width: 4, height: 2)
        #expect(clipped.text == "▟  ▙\n▜  ▛")
    }

    @Test func testTextKeepsTheBackgroundBeneathIt() {
        let grid = CellGrid.render(Text("ab").foregroundColor(.black).background(Color(hex: 0x336699)), width: 2, height: 1)
        #expect(grid[0, 0].background == RGBColor(hex: 0x336699))
        #expect(grid[0, 0].foreground == RGBColor(hex: 0x000000))
    }

    @Test func testInnermostLinkWinsElseWidgetURL() throws {
        let outer = try #require(URL(string: "https://example.com/outer"))
        let inner = try #require(URL(string: "https://example.com/inner"))
        let widget = try #require(URL(string: "tiles://widget"))
        let view = VStack(spacing: 0) {
            Link(destination: outer) {
                HStack(spacing: 0) {
                    Text("out")
                    Link("in", destination: inner)
                }
            }
            Text("none")
        }.widgetURL(widget)
        let grid = CellGrid.render(view, width: 5, height: 2)
        #expect(grid.text == "outin\nnone ")
        #expect(grid.link(x: 0, y: 0) == outer)
        #expect(grid.link(x: 3, y: 0) == inner)
        #expect(grid.link(x: 0, y: 1) == widget)
        #expect(grid.widgetURL == widget)
    }

    @Test func testFirstWidgetURLInPreorderWins() throws {
        let first = try #require(URL(string: "tiles://first"))
        let second = try #require(URL(string: "tiles://second"))
        let view = VStack { Text("a").widgetURL(second) }.widgetURL(first)
        #expect(CellGrid.render(view, width: 1, height: 1).widgetURL == first)
    }

    @Test func testPlaceholderRedactionDrawsDimBlocksKeepingSpaces() {
        let grid = CellGrid.render(Text("ab 中").redacted(reason: .placeholder), width: 5, height: 1)
        #expect(grid.text == "▒▒ ▒▒")
        #expect(grid[0, 0].attributes.contains(.dim))
        let shown = CellGrid.render(VStack { Text("ab").unredacted() }.redacted(reason: .placeholder), width: 2, height: 1)
        #expect(shown.text == "ab")
    }

    @Test func testPrivacyRedactionOnlyAffectsSensitiveViews() {
        let view = HStack(spacing: 1) { Text("pin"); Text("1234").privacySensitive() }.redacted(reason: .privacy)
        #expect(CellGrid.render(view, width: 8, height: 1).text == "pin ▒▒▒▒")
    }

    @Test func testDimTextOverAKnownBackgroundIsBlendedTowardsItKeepingThreeToOne() {
        let white = RGBColor.white, black = RGBColor.black, orange = RGBColor(hex: 0xFF9500)
        let quiet = CellGrid.render(Text("by").font(.caption).foregroundColor(Color(white)).background(Color(black)), width: 2, height: 1)
        let shown = try! #require(quiet[0, 0].foreground)
        #expect(!quiet[0, 0].attributes.contains(.dim), "no terminal dim over a colour")
        #expect(shown != white, "quieter than the text")
        #expect(shown.contrastRatio(with: black) >= 3)
        // White on a saturated orange is already below 3:1: it is not made any fainter.
        let onOrange = CellGrid.render(Text("by").font(.caption).foregroundColor(Color(white)).background(Color(orange)), width: 2, height: 1)
        #expect(onOrange[0, 0].foreground == white)
        #expect(!onOrange[0, 0].attributes.contains(.dim))
        // Over the terminal's own background tiles cannot blend: the dim attribute stays.
        let plain = CellGrid.render(Text("by").font(.caption).foregroundColor(Color(white)), width: 2, height: 1)
        #expect(plain[0, 0].attributes.contains(.dim))
    }

    @Test func testContrastRatioFollowsWCAG() {
        #expect(abs(RGBColor.black.contrastRatio(with: .white) - 21) < 0.01)
        #expect(RGBColor.white.contrastRatio(with: .white) == 1)
        #expect(abs(RGBColor(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.01)
        // The table of linear values is the transfer function itself, value for value.
        for value in 0...255 {
            let c = Double(value) / 255
            let linear = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            #expect(SRGB.linear[value] == linear, "\(value)")
            let gray = RGBColor(red: UInt8(value), green: UInt8(value), blue: UInt8(value))
            #expect(abs(gray.contrastRatio(with: .black) - (linear + 0.05) / 0.05) < 1e-12, "\(value)")
        }
    }

    @Test func testOpacityBlendsOverKnownBackgroundAndDimsOtherwise() {
        let blended = CellGrid.render(Text("a").foregroundColor(.white).opacity(0.5).background(.black), width: 1, height: 1)
        #expect(blended[0, 0].foreground == RGBColor(hex: 0x808080))
        #expect(!blended[0, 0].attributes.contains(.dim))
        let dim = CellGrid.render(Text("a").foregroundColor(.white).opacity(0.5), width: 1, height: 1)
        #expect(dim[0, 0].attributes.contains(.dim))
        let none = CellGrid.render(Text("a").opacity(0), width: 1, height: 1)
        #expect(none.text == " ")
    }

    @Test func testHiddenKeepsLayoutAndDrawsNothing() {
        let grid = CellGrid.render(HStack(spacing: 0) { Text("ab").hidden(); Text("c") }, width: 3, height: 1)
        #expect(grid.text == "  c")
    }

    @Test func testWideGraphemeIsNeverSplitAtAnEdge() {
        // "中" starts at the last column: a space is drawn instead of half a glyph.
        let grid = CellGrid.render(Text("ab中").fixedSize().frame(width: 3, alignment: .leading), width: 3, height: 1)
        #expect(grid.text == "ab ")
        #expect(!grid[2, 0].isContinuation)
        // Overdrawing half of a wide glyph blanks the other half.
        let covered = CellGrid.render(ZStack(alignment: .leading) { Text("中文"); Text("x").offset(x: 1) }, width: 4, height: 1)
        #expect(covered.text == " x文")
    }

    @Test func testGradientInterpolatesAcrossCells() {
        let grid = CellGrid.render(
            LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing), width: 4, height: 1)
        let levels = (0..<4).map { grid[$0, 0].background?.red ?? 0 }
        #expect(levels == [32, 96, 159, 223])
    }

    @Test func testDividerFollowsItsStack() {
        #expect(CellGrid.render(VStack(spacing: 0) { Text("a"); Divider() }, width: 3, height: 2).text == " a \n───")
        #expect(CellGrid.render(HStack(spacing: 0) { Text("a"); Divider(); Text("b") }, width: 3, height: 1).text == "a│b")
    }

    @Test func testEnvironmentPropertyWrapperReadsTheRenderEnvironment() {
        struct SchemeName: View {
            @Environment(\.colorScheme) var scheme
            var body: some View { Text(scheme == .dark ? "dark" : "light") }
        }
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(CellGrid.render(SchemeName(), width: 5, height: 1, environment: dark).text == "dark ")
        #expect(CellGrid.render(SchemeName(), width: 5, height: 1).text == "light")
        #expect(CellGrid.render(SchemeName().environment(\.colorScheme, .dark), width: 5, height: 1).text == "dark ")
    }

    @Test func testPrimaryColorFollowsTheScheme() {
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(CellGrid.render(Text("a"), width: 1, height: 1)[0, 0].foreground == .black)
        #expect(CellGrid.render(Text("a"), width: 1, height: 1, environment: dark)[0, 0].foreground == .white)
    }

    @Test func testBuilderConditionalsAndOptionals() {
        struct Choice: View {
            let flag: Bool
            let extra: String?
            var body: some View {
                HStack(spacing: 0) {
                    if flag { Text("yes") } else { Text("no") }
                    if let extra { Text(extra) }
                }
            }
        }
        #expect(CellGrid.render(Choice(flag: true, extra: "!"), width: 4, height: 1).text == "yes!")
        #expect(CellGrid.render(Choice(flag: false, extra: nil), width: 4, height: 1).text == " no ")
    }

    @Test func testGeometryReaderGivesItsSize() {
        let view = GeometryReader { proxy in Text("\(proxy.size.width)x\(proxy.size.height)") }
        #expect(CellGrid.render(view, width: 6, height: 2).text == "6x2   \n      ")
    }

    @Test func testViewModifierApplies() {
        struct Pill: ViewModifier {
            func body(content: Content) -> some View { content.padding(1).border(.white) }
        }
        #expect(CellGrid.render(Text("a").modifier(Pill()), width: 3, height: 3).text == "┌─┐\n│a│\n└─┘")
    }
}

/// Text layout in cells: wrapping, truncation, glyph scales (docs/rules.md A6).
@Suite struct TextLayoutTests {
    @Test func testTextHugsItsWrappedWidth() {
        let size = LayoutInspection.size(of: Text("hello world"), proposal: ProposedSize(width: 8, height: 5))
        #expect(size == Size(width: 5, height: 2))
    }

    @Test func testHeightProposalLimitsLinesAndTruncatesTail() {
        let grid = CellGrid.render(Text("hello wide world").frame(width: 8, height: 1), width: 8, height: 1)
        #expect(grid.text == "hello w…")
    }

    @Test func testLineLimitReservesSpace() {
        let size = LayoutInspection.size(of: Text("a").lineLimit(3, reservesSpace: true), proposal: ProposedSize(width: 5, height: 10))
        #expect(size == Size(width: 1, height: 3))
        let range = LayoutInspection.size(of: Text("a").lineLimit(2...4), proposal: ProposedSize(width: 5, height: 10))
        #expect(range.height == 2)
    }

    @Test func testLargeFontUsesThreeRowGlyphs() {
        let size = LayoutInspection.size(of: Text("06").font(.system(size: 50)), proposal: ProposedSize(width: 20, height: 10))
        #expect(size == Size(width: 9, height: 3))
        let title = LayoutInspection.size(of: Text("06").font(.title), proposal: ProposedSize(width: 20, height: 10))
        #expect(title.height == 2)
    }

    @Test func testMinimumScaleFactorStepsDownThroughGlyphScales() {
        let big = Text("12:45").font(.system(size: 50))
        // 21 columns at three rows, 17 at two, 5 at one.
        #expect(LayoutInspection.size(of: big.minimumScaleFactor(0.5), proposal: ProposedSize(width: 18, height: 5)).height == 2)
        #expect(LayoutInspection.size(of: big.minimumScaleFactor(0.2), proposal: ProposedSize(width: 10, height: 5)) == Size(width: 5, height: 1))
        // Without a scale factor the text stays big and loses glyphs instead.
        #expect(LayoutInspection.size(of: big, proposal: ProposedSize(width: 10, height: 5)).height == 3)
    }

    @Test func testLargeTextWithoutBlockGlyphsIsOneRowAndBold() {
        let grid = CellGrid.render(Text("周一").font(.largeTitle), width: 4, height: 1)
        #expect(grid.text == "周一")
        #expect(grid[0, 0].attributes.contains(.bold))
    }

    @Test func testMultilineAlignmentWithinTheTextFrame() {
        let grid = CellGrid.render(Text("abc\na").multilineTextAlignment(.trailing).frame(width: 5, alignment: .leading), width: 5, height: 2)
        #expect(grid.text == "abc  \n  a  ")
    }
}
