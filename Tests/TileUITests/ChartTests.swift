import Foundation
import Testing
import TileUISamples
@testable import TileUI

/// Charts (issue 13): Swift Charts' marks in braille dots and eighth blocks.
@Suite struct ChartTests {
    static let values: [Double] = [3, 5, 2, 8, 6, 9, 4, 7]

    @Test func aSparklineIsALineWithoutAxes() {
        let chart = Chart(Self.values.indices) { LineMark(x: .value("i", $0), y: .value("v", Self.values[$0])) }
            .chartYAxis(.hidden)
        let grid = CellGrid.render(chart, width: 8, height: 2)
        #expect(grid.text == "  ⢀⠦⢄⠞⡄⡠\n⠔⠱⡜   ⠘⠁")
    }

    @Test func barsRiseFromZeroInEighthsAndTheAxisShowsTheRange() {
        let chart = Chart(Self.values.indices) { BarMark(x: .value("i", $0), y: .value("v", Self.values[$0])) }
        let grid = CellGrid.render(chart, width: 10, height: 2)
        #expect(grid.text == " ▁ ▆▃█ ▄ 9\n▅█▄███▇█ 0")
    }

    @Test func anAreaIsFilledDownToZeroAndARuleCrossesTheChart() {
        let chart = Chart {
            for (index, value) in [1.0, 4, 2, 4].enumerated() { AreaMark(x: .value("i", index), y: .value("v", value)) }
            RuleMark(y: .value("limit", 3))
        }
        .chartYAxis(.hidden)
        let grid = CellGrid.render(chart, width: 6, height: 2)
        #expect(grid.text == "─⣠⣷⣄⣠⣾\n⣾⣿⣿⣿⣿⣿")
    }

    @Test func nothingToPlotDrawsNothing() {
        let empty = CellGrid.render(Chart { RuleMark(y: .value("x", Double.nan)) }, width: 5, height: 2)
        #expect(empty.text == "     \n     ")
        let one = CellGrid.render(Chart { LineMark(x: .value("x", 1), y: .value("y", 1)) }.chartYAxis(.hidden), width: 3, height: 1)
        #expect(one.text.contains { $0 != " " }, "a single point is drawn")
    }

    /// Random data of every mark kind (NaN, infinities and huge values among it) in any frame from
    /// 1×1 to 200×60: never traps, and draws only inside its frame.
    @Test func anyDataInAnyFrameStaysInsideIt() {
        var random = SplitMix64(seed: 0xC4A27)
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, 1e-300]
        for _ in 0..<120 {
            let width = Int.random(in: 1...200, using: &random), height = Int.random(in: 1...60, using: &random)
            let count = Int.random(in: 0...80, using: &random)
            var points: [(Double, Double)] = []
            for _ in 0..<count {
                let x = Int.random(in: 0..<10, using: &random) == 0 ? specials.randomElement(using: &random)! : Double.random(in: -50...50, using: &random)
                let y = Int.random(in: 0..<10, using: &random) == 0 ? specials.randomElement(using: &random)! : Double.random(in: -1e6...1e6, using: &random)
                points.append((x, y))
            }
            let kind = Int.random(in: 0..<4, using: &random)
            let chart = Chart(points.indices) { index in
                switch kind {
                case 0: LineMark(x: .value("x", points[index].0), y: .value("y", points[index].1))
                case 1: AreaMark(x: .value("x", points[index].0), y: .value("y", points[index].1))
                case 2: BarMark(x: .value("x", points[index].0), y: .value("y", points[index].1))
                default: RuleMark(y: .value("y", points[index].1))
                }
            }
            // One blank cell all round: anything drawn there came from outside the chart's frame.
            let grid = CellGrid.render(chart.frame(width: width, height: height).padding(1), width: width + 2, height: height + 2)
            let border = (0..<(width + 2)).flatMap { [(x: $0, y: 0), (x: $0, y: height + 1)] }
                + (0..<(height + 2)).flatMap { [(x: 0, y: $0), (x: width + 1, y: $0)] }
            #expect(border.allSatisfy { grid[$0.x, $0.y].character == " " }, "kind \(kind), \(count) points in \(width)×\(height)")
        }
    }
}
