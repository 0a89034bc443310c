import Testing
@testable import TileUI

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

    /// The fast search looks only at the cube levels around each channel; a full scan of 16…255
    /// must agree. (All 2^24 colours were checked once in a release build; this grid keeps it.)
    @Test func nearest256MatchesAFullScanOnAGrid() {
        var values = Array(stride(from: 0, through: 255, by: 15))
        values += [1, 47, 48, 94, 95, 96, 114, 115, 116, 154, 155, 156, 194, 195, 196, 234, 235, 236, 254]
        for r in values {
            for g in values {
                for b in values {
                    let color = RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    #expect(ColorPalette.nearest256(color) == fullScan(color, in: 16..<256), "\(color)")
                }
            }
        }
        for level in 0...255 {
            let gray = RGBColor(red: UInt8(level), green: UInt8(level), blue: UInt8(level))
            #expect(ColorPalette.nearest256(gray) == fullScan(gray, in: 16..<256), "\(gray)")
        }
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

    /// Plain redmean would give cyan (6) for these; grays must stay black or white.
    @Test func nearGraysStayGrayAmongTheAnsiColours() {
        let expected: [(UInt32, UInt8)] = [(0x808080, 7), (0x6C6C70, 0), (0x586E75, 0), (0x8E8E93, 7)]
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

    /// Redmean weighs green most: a green error costs more than the same red or blue error.
    @Test func distanceWeighsGreenMost() {
        let green = ColorPalette.distance(100, 100, 100, 100, 120, 100)
        let red = ColorPalette.distance(100, 100, 100, 120, 100, 100)
        let blue = ColorPalette.distance(100, 100, 100, 100, 100, 120)
        #expect(green > red && green > blue)
        #expect(ColorPalette.distance(1, 2, 3, 1, 2, 3) == 0)
    }

    private func fullScan(_ color: RGBColor, in range: Range<Int>) -> UInt8 {
        var best = (distance: Int.max, index: 0)
        for index in range {
            let entry = ColorPalette.color(ofIndex: UInt8(index))
            let d = ColorPalette.distance(
                Int(color.red), Int(color.green), Int(color.blue),
                Int(entry.red), Int(entry.green), Int(entry.blue)
            )
            if d < best.distance { best = (d, index) }
        }
        return UInt8(best.index)
    }
}
