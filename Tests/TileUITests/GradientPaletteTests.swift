import Foundation
import Testing
@testable import TileUI

/// Gradients below truecolor (GradientPalette): the quantised cells keep the hues of the stops
/// and their order, instead of falling into blocks of other hues.
@Suite struct GradientPaletteTests {
    /// The built-in widgets' backgrounds in both schemes (QQ Sync, Alipay, Commit), and a few
    /// more: a rainbow half-turn, gray to blue, and hues the 16 colours lack.
    static let gradients: [(String, [UInt32])] = [
        ("qqsync light", [0x3A7BD5, 0x8E54E9]), ("qqsync dark", [0x1D3D6B, 0x472A75]),
        ("alipay light", [0x1677FF, 0x4096FF]), ("alipay dark", [0x0A2A5E, 0x123D7A]),
        ("commit light", [0xFF9500, 0xFFCC00]), ("commit dark", [0x7A3600, 0x7D5A00]),
        ("red to yellow", [0xFF0000, 0xFFFF00]), ("gray to blue", [0x808080, 0x0000FF]),
        ("three stops", [0x003366, 0x336699, 0x66CCFF]),
    ]

    @Test(arguments: [ColorMode.palette256, .palette16])
    func quantisedCellsKeepTheHuesOfTheStopsAndTheirOrder(mode: ColorMode) throws {
        for (name, hexes) in Self.gradients {
            let stops = hexes.map { RGBColor(hex: $0) }
            let palette = try #require(GradientPalette(stops: stops, mode: mode))
            let ramp = GradientRamp(stops)
            let cells = (0...60).map { palette.color(for: ramp.color(t: Double($0) / 60)) }
            // Every cell is a palette colour the terminal writer keeps as it is.
            for cell in cells {
                let index = mode == .palette256 ? ColorPalette.nearest256(cell) : ColorPalette.nearest16(cell)
                #expect(ColorPalette.color(ofIndex: index) == cell, "\(name): \(cell)")
            }
            // Each colour is one run: no colour comes back after another took over (no noise,
            // no A B A steps between hues).
            var runs: [RGBColor] = []
            for cell in cells where runs.last != cell { runs.append(cell) }
            #expect(Set(runs).count == runs.count, "\(name) in \(mode): \(runs)")
            // Chromatic cells have the stops' hues (within the tolerance), unless the palette has
            // none of them and the fill is one colour.
            let labs = stops.map { OKLab($0) }
            let chromatic = labs.filter { $0.chroma >= GradientPalette.grayChroma }
            if let arc = GradientPalette.hueRange(chromatic.map(\.hue)), runs.count > 1 {
                for cell in Set(cells) where OKLab(cell).chroma >= GradientPalette.grayChroma {
                    #expect(GradientPalette.contains(arc, OKLab(cell).hue), "\(name) in \(mode): \(cell) is outside the stops' hues")
                }
            }
        }
    }

    @Test func theDarkAlipayBackgroundStaysBlueIn256Colours() throws {
        let stops = [RGBColor(hex: 0x0A2A5E), RGBColor(hex: 0x123D7A)]
        let palette = try #require(GradientPalette(stops: stops, mode: .palette256))
        let ramp = GradientRamp(stops)
        for step in 0...20 {
            let cell = palette.color(for: ramp.color(t: Double(step) / 20))
            #expect(cell.blue > cell.green && cell.blue > cell.red, "\(cell) is not blue")
        }
    }

    @Test func noPaletteInTruecolorOrWithoutColour() {
        #expect(GradientPalette(stops: [.white, .black], mode: .trueColor) == nil)
        #expect(GradientPalette(stops: [.white, .black], mode: .none) == nil)
    }

    @Test func hueArcsWrapAroundTheCircle() throws {
        // Hues on both sides of ±π: the arc is the short way round, not the long one.
        let arc = try #require(GradientPalette.hueRange([3.0, -3.0]))
        #expect(GradientPalette.contains(arc, .pi))
        #expect(!GradientPalette.contains(arc, 0))
        #expect(arc.length < 1)
    }

    /// The palette kept between frames matches every colour as one made afresh, in both modes,
    /// the first time and the second (from the cache), with two palettes' colours sharing the
    /// table of matches: 10,000 colours in its 4,096 slots, so that many replace each other.
    @Test(arguments: [ColorMode.palette256, .palette16])
    func theCachedPaletteMatchesAsAFreshOne(mode: ColorMode) throws {
        let gradients = [[RGBColor(hex: 0x1D2B64), RGBColor(hex: 0xF8CDDA)], [RGBColor(hex: 0xFF8C00), RGBColor(hex: 0x2E8B57)]]
        let fresh = try gradients.map { try #require(GradientPalette(stops: $0, mode: mode)) }
        var state: UInt32 = 7
        var mismatches = 0
        for step in 0..<10_000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let color = RGBColor(hex: state >> 8)
            let which = step % 2
            let first = try #require(GradientPalette.cached(stops: gradients[which], mode: mode)).color(for: color)
            let again = try #require(GradientPalette.cached(stops: gradients[which], mode: mode)).color(for: color)
            if first != fresh[which].color(for: color) || again != first { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(GradientPalette.cached(stops: gradients[0], mode: .trueColor) == nil)
    }
}
