import Testing
@testable import TileUI
import TileUISamples

@Suite struct ColorPaletteTests {
    @Test func tableHoldsXtermDefaults() {
        let expected: [(UInt8, UInt32)] = [
            (0, 0x000000), (1, 0xCD0000), (4, 0x0000EE), (7, 0xE5E5E5), (8, 0x7F7F7F), (9, 0xFF0000),
            (12, 0x5C5CFF), (15, 0xFFFFFF), (16, 0x000000), (21, 0x0000FF), (67, 0x5F87AF),
            (196, 0xFF0000), (231, 0xFFFFFF), (232, 0x080808), (244, 0x808080), (255, 0xEEEEEE),
        ]
        for (index, hex) in expected {
            #expect(ColorPalette.color(ofIndex: index) == RGBColor(hex: hex), "index \(index)")
        }
    }

    @Test func nearest256KnownValues() {
        let expected: [(UInt32, UInt8)] = [
            (0xFF0000, 196), (0x808080, 244), (0x000000, 16), (0xFFFFFF, 231), (0x5F87AF, 67),
            (0x7F7F7F, 244), (0x1C1C1E, 234), (0xEEEEEE, 255), (0x0000FF, 21), (0x00FF00, 46),
            (0xFE0101, 196), (0x0A84FF, 33),
        ]
        for (hex, index) in expected {
            #expect(ColorPalette.nearest256(RGBColor(hex: hex)) == index, "\(RGBColor(hex: hex))")
        }
    }

    @Test func nearest256NeverPicksTheRemappableFirstSixteen() {
        for index in UInt8(0)..<16 {
            let color = ColorPalette.color(ofIndex: index)
            #expect(ColorPalette.nearest256(color) >= 16, "\(color)")
        }
    }

    /// Random colours (a fixed seed, a bounded count): the match is an entry of 16…255 that no
    /// other entry beats in the weighted OKLab distance, and asking again (from the cache) gives
    /// the same answer.
    @Test func nearest256IsTheNearestEntryForRandomColours() {
        var generator = SplitMix64(seed: 0x7111E5)
        for _ in 0..<500 {
            let color = RGBColor(
                red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                blue: .random(in: 0...255, using: &generator))
            let index = ColorPalette.nearest256(color)
            #expect(index >= 16)
            let lab = OKLab(color)
            let chosen = lab.distance(to: ColorPalette.labTable[Int(index)], chromaWeight: ColorPalette.chromaWeight)
            for other in 16..<256 {
                #expect(chosen <= lab.distance(to: ColorPalette.labTable[other], chromaWeight: ColorPalette.chromaWeight), "\(color): \(index) vs \(other)")
            }
            #expect(ColorPalette.nearest256(color) == index)
            #expect(ColorPalette.nearest16(color) < 16 && ColorPalette.nearest8(color) < 8)
        }
    }

    /// The search outward by lightness gives the full scan's answer, ties included: for every
    /// palette entry, every gray, the cube's midpoints and 40,000 random colours.
    @Test func theLightnessSearchEqualsTheScan() {
        var colors = (0..<256).map { ColorPalette.color(ofIndex: UInt8($0)) }
        colors += (0...255).map { RGBColor(red: UInt8($0), green: UInt8($0), blue: UInt8($0)) }
        let midpoints = zip(ColorPalette.cubeLevels, ColorPalette.cubeLevels.dropFirst()).map { ($0 + $1) / 2 }
        for r in midpoints { for g in midpoints { for b in midpoints { colors.append(RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))) } } }
        var generator = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<40_000 {
            colors.append(RGBColor(
                red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                blue: .random(in: 0...255, using: &generator)))
        }
        var differing: [RGBColor] = []
        for color in colors {
            let lab = OKLab(color)
            if ColorPalette.nearestInCubeAndRamp(lab) != ColorPalette.nearest(lab, among: 16..<256) { differing.append(color) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
    }

    /// Dark blues stay blue, dark ambers stay warm: the hue weighs more than the lightness.
    @Test func darkColoursKeepTheirHue() {
        #expect(ColorPalette.nearest256(RGBColor(hex: 0x0A2A5E)) == 17, "a dark navy is the cube's darkest blue, not a gray")
        let amber = ColorPalette.color(ofIndex: ColorPalette.nearest256(RGBColor(hex: 0x7A3E00)))
        #expect(amber.red > amber.blue && amber.green > amber.blue, "\(amber)")
    }

    /// OKLab of the sRGB primaries and of white and black, as its definition gives them.
    @Test func okLabMatchesItsReferenceValues() {
        let red = OKLab(RGBColor(hex: 0xFF0000))
        #expect(abs(red.l - 0.627955) < 1e-4 && abs(red.a - 0.224863) < 1e-4 && abs(red.b - 0.125846) < 1e-4)
        let white = OKLab(RGBColor(hex: 0xFFFFFF))
        #expect(abs(white.l - 1) < 1e-4 && white.chroma < 1e-4)
        let black = OKLab(RGBColor(hex: 0x000000))
        #expect(black.l.magnitude < 1e-9 && black.chroma < 1e-9)
        let blue = OKLab(RGBColor(hex: 0x0000FF))
        #expect(abs(blue.l - 0.452014) < 1e-4 && abs(blue.b + 0.311528) < 1e-4)
    }

    @Test func nearest16KnownValues() {
        let expected: [(UInt32, UInt8)] = [
            (0xFF0000, 9), (0xCD0000, 1), (0xB00000, 1), (0x808080, 8), (0x000000, 0), (0xFFFFFF, 15),
            (0x0000FF, 4), (0x6060FF, 12), (0xE0E0E0, 7), (0x00FFFF, 14),
        ]
        for (hex, index) in expected {
            #expect(ColorPalette.nearest16(RGBColor(hex: hex)) == index, "\(RGBColor(hex: hex))")
        }
    }

    @Test func nearest8KnownValues() {
        let expected: [(UInt32, UInt8)] = [
            (0xFF0000, 1), (0xFFFFFF, 7), (0x404040, 0), (0x00FF00, 2), (0xFFFF00, 3),
            (0x0000FF, 4), (0xFF00FF, 5), (0x00FFFF, 6), (0x268BD2, 6), (0xB58900, 3),
        ]
        for (hex, index) in expected {
            #expect(ColorPalette.nearest8(RGBColor(hex: hex)) == index, "\(RGBColor(hex: hex))")
        }
    }

    /// Plain redmean would give cyan (6) for these; grays must stay black or white (whichever
    /// is nearer in lightness: these mid grays are all lighter than halfway, in OKLab).
    @Test func nearGraysStayGrayAmongTheAnsiColours() {
        let expected: [(UInt32, UInt8)] = [(0x808080, 7), (0x6C6C70, 7), (0x586E75, 7), (0x8E8E93, 7), (0x303030, 0)]
        for (hex, index) in expected {
            #expect(ColorPalette.nearest8(RGBColor(hex: hex)) == index, "\(RGBColor(hex: hex))")
            #expect(ColorPalette.nearest16(RGBColor(hex: hex)) == 8, "\(RGBColor(hex: hex))")
        }
    }

    @Test func everyPaletteEntryMatchesItself() {
        for index in UInt8(16)...255 {
            #expect(ColorPalette.nearest256(ColorPalette.color(ofIndex: index)) == index)
        }
        for index in UInt8(0)..<16 {
            #expect(ColorPalette.nearest16(ColorPalette.color(ofIndex: index)) == index)
        }
    }
}
