import Foundation
import Testing
import TileUISamples
@testable import TileUI

/// ProgressView and Gauge (issue 13): bars in eighth blocks over a track.
@Suite struct ProgressTests {
    @Test func aBarFillsInEighthsOfACell() {
        #expect(String(LevelBar.glyphs(fraction: 0, width: 8)) == "░░░░░░░░")
        #expect(String(LevelBar.glyphs(fraction: 1, width: 8)) == "████████")
        #expect(String(LevelBar.glyphs(fraction: 0.5, width: 8)) == "████░░░░")
        #expect(String(LevelBar.glyphs(fraction: 0.5 + 3.0 / 64, width: 8)) == "████▍░░░")
        #expect(String(LevelBar.glyphs(fraction: 1.0 / 64, width: 8)) == "▏░░░░░░░")
        #expect(String(LevelBar.glyphs(fraction: nil, width: 3)) == "░░░")
        #expect(LevelBar.glyphs(fraction: 0.7, width: 0).isEmpty)
    }

    @Test func valuesThatCannotBeToldDrawTheTrackAndOthersAreClamped() {
        #expect(LevelBar.fraction(.nan, lower: 0, upper: 1) == nil)
        #expect(LevelBar.fraction(1, lower: 0, upper: .infinity) == nil)
        #expect(LevelBar.fraction(1, lower: 2, upper: 2) == nil)
        #expect(LevelBar.fraction(nil, lower: 0, upper: 1) == nil)
        #expect(LevelBar.fraction(-5, lower: 0, upper: 1) == 0)
        #expect(LevelBar.fraction(50, lower: 0, upper: 10) == 1)
        #expect(LevelBar.fraction(25, lower: 20, upper: 30) == 0.5)
    }

    @Test func progressViewAndGaugeMatchTheirRenders() {
        let progress = CellGrid.render(ProgressView("下载", value: 3, total: 8), width: 12, height: 2)
        #expect(progress.text == "下载        \n████▌░░░░░░░")
        let gauge = CellGrid.render(
            Gauge(value: 72, in: 0...100) { Text("CPU") } currentValueLabel: { Text("72%") }
                minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") },
            width: 20, height: 2)
        #expect(gauge.text == "CPU              72%\n0 ██████████▏░░░ 100")
        let plain = CellGrid.render(ProgressView(value: .nan), width: 5, height: 1)
        #expect(plain.text == "░░░░░")
    }

    @Test func theBarIsInTheForegroundColour() {
        let grid = CellGrid.render(ProgressView(value: 0.5).foregroundColor(Color(hex: 0x34C759)), width: 4, height: 1)
        #expect(grid[0, 0].foreground == RGBColor(hex: 0x34C759))
        #expect(grid[3, 0].foreground == RGBColor(hex: 0x34C759) && grid[3, 0].character == "░")
    }

    /// Any value (NaN and infinities included) in any frame: the bar fills exactly its frame's
    /// width with bar glyphs, and nothing traps.
    @Test func anyValueInAnyFrameFillsItsWidth() {
        var random = SplitMix64(seed: 0x6A06E)
        let specials: [Double] = [.nan, .infinity, -.infinity, 0, 1, -1, 1e300, -1e-300]
        for round in 0..<300 {
            let width = Int.random(in: 1...200, using: &random)
            let value = round < specials.count ? specials[round] : Double.random(in: -2...3, using: &random)
            let grid = CellGrid.render(ProgressView(value: value), width: width, height: 1)
            let line = grid.line(0)
            #expect(line.count == width, "\(value) at \(width)")
            #expect(line.allSatisfy { "█░▏▎▍▌▋▊▉".contains($0) }, "\(value) at \(width): \(line)")
        }
    }
}

/// The circular gauge styles, for the accessory families.
@Suite struct CircularGaugeTests {
    static func ring(_ value: Double, _ style: GaugeStyle, width: Int = 9, height: Int = 4) -> CellGrid {
        CellGrid.render(
            Gauge(value: value) { Text("CPU") } currentValueLabel: { Text("\(Int(value * 100))") }.gaugeStyle(style),
            width: width, height: height)
    }

    @Test func aRingAroundTheCurrentValue() {
        let grid = Self.ring(0.6, .accessoryCircular)
        #expect(grid.text == " ⣠⠖⠉⠉⠉⠂  \n⢰⠁ 60    \n⠸⡀       \n ⠙       ", "an open ring, 60 % drawn from its lower left")
        #expect(grid.text.contains("60"))
    }

    @Test func moreValueDrawsMoreRingAndAClosedRingGoesAllRound() {
        func dots(_ grid: CellGrid) -> Int {
            grid.text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
                .map { ($0.value - 0x2800).nonzeroBitCount }.reduce(0, +)
        }
        let counts = [0.0, 0.25, 0.5, 0.75, 1].map { dots(Self.ring($0, .accessoryCircular)) }
        #expect(counts == counts.sorted() && counts.first == 0 && counts.last! > counts[2])
        #expect(dots(Self.ring(1, .accessoryCircularCapacity)) > dots(Self.ring(1, .accessoryCircular)))
    }

    @Test func anyValueInAnyFrameNeverTraps() {
        for value in [Double.nan, -1, 0, 0.5, 1, 2, .infinity] {
            for (width, height) in [(1, 1), (2, 1), (3, 2), (9, 4), (13, 6), (40, 20)] {
                let grid = CellGrid.render(
                    Gauge(value: value) { Text("x") }.gaugeStyle(.accessoryCircularCapacity), width: width, height: height)
                #expect(grid.width == width && grid.height == height)
            }
        }
    }
}
