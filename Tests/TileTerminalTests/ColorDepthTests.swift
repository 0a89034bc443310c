import Testing
import TileUI
@testable import TileTerminal

@Suite struct ColorDepthTests {
    @Test func depthFollowsTheTerminalsColourCount() {
        #expect(ColorDepth(colors: 16_777_216, colorEnabled: true) == .direct)
        #expect(ColorDepth(colors: 256, colorEnabled: true) == .indexed256)
        #expect(ColorDepth(colors: 16, colorEnabled: true) == .indexed16)
        #expect(ColorDepth(colors: 8, colorEnabled: true) == .indexed8)
        #expect(ColorDepth(colors: 0, colorEnabled: true) == .none)
        #expect(ColorDepth(colors: 256, colorEnabled: false) == .none)
    }

    @Test func eightColourTerminalsReportPalette16() {
        #expect(ColorDepth.indexed8.colorMode == .palette16)
        #expect(ColorDepth.direct.colorMode == .trueColor)
        #expect(ColorDepth.none.colorMode == .none)
    }

    @Test func directColourIsTheRGBValueKeepingNearBlackOutOfTheANSIRange() {
        #expect(ColorDepth.direct.number(for: RGBColor(hex: 0x1E90FF)) == 0x1E90FF)
        #expect(ColorDepth.direct.number(for: RGBColor(hex: 0x000000)) == 0x010000)
        #expect(ColorDepth.direct.number(for: RGBColor(hex: 0x000007)) == 0x010007)
        #expect(ColorDepth.direct.number(for: RGBColor(hex: 0x000008)) == 8)
    }

    @Test func palettesUseTileUIsNearestColours() {
        let orange = RGBColor(hex: 0xFF8700)
        #expect(ColorDepth.indexed256.number(for: orange) == Int32(ColorPalette.nearest256(orange)))
        #expect(ColorDepth.indexed16.number(for: orange) == Int32(ColorPalette.nearest16(orange)))
        #expect(ColorDepth.indexed8.number(for: RGBColor(hex: 0xFF0000)) == 1)
        #expect(ColorDepth.indexed8.number(for: RGBColor(hex: 0xFFFFFF)) == 7)
    }

    @Test func noColourIsTheDefault() {
        #expect(ColorDepth.none.number(for: RGBColor(hex: 0xFF0000)) == -1)
        #expect(ColorDepth.indexed256.number(for: nil) == -1)
    }
}
