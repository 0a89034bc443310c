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

    /// Two series make two lines, the first in the foreground colour and the second in the
    /// palette's next (green); a cell where both pass shows both's dots in the later's colour.
    /// `foregroundStyle(_:)` on a series' mark colours the whole series, and a bar or rule on its own.
    @Test func eachSeriesIsItsOwnLineInItsOwnColour() throws {
        let chart = Chart {
            for (index, value) in [1.0, 2, 3, 4].enumerated() {
                LineMark(x: .value("t", index), y: .value("v", value), series: .value("s", "up"))
                LineMark(x: .value("t", index), y: .value("v", 5 - value), series: .value("s", "down"))
            }
        }
        .chartYAxis(.hidden)
        var environment = EnvironmentValues()
        environment.foregroundColor = .blue
        let grid = CellGrid.render(chart, width: 5, height: 2, environment: environment)
        let blue = try #require(Color.blue.resolve(in: environment)?.rgb), green = try #require(Color.green.resolve(in: environment)?.rgb)
        let colours = (0..<2).flatMap { y in (0..<5).compactMap { x in grid[x, y].character == " " ? nil : grid[x, y].foreground } }
        #expect(Set(colours) == [blue, green], "\(grid.text)")
        // Each line alone (same scales), then together: a cell both pass shows the union of
        // their dots, in green.
        func alone(_ values: [Double]) -> CellGrid {
            CellGrid.render(Chart {
                for (index, value) in values.enumerated() { LineMark(x: .value("t", index), y: .value("v", value)) }
            }.chartYAxis(.hidden), width: 5, height: 2)
        }
        let up = alone([1, 2, 3, 4]), down = alone([4, 3, 2, 1])
        var shared = 0
        for y in 0..<2 {
            for x in 0..<5 where up[x, y].character != " " && down[x, y].character != " " {
                shared += 1
                let bits = { (c: Character) in c.unicodeScalars.first!.value - 0x2800 }
                #expect(bits(grid[x, y].character) == bits(up[x, y].character) | bits(down[x, y].character))
                #expect(grid[x, y].foreground == green)
            }
        }
        #expect(shared > 0, "the lines cross in a cell:\n\(grid.text)")

        let styled = Chart {
            LineMark(x: .value("t", 0), y: .value("v", 1)).foregroundStyle(.red)
            LineMark(x: .value("t", 1), y: .value("v", 2))
            BarMark(x: .value("t", 1), y: .value("v", 1)).foregroundStyle(.orange)
        }.chartYAxis(.hidden)
        let styledGrid = CellGrid.render(styled, width: 4, height: 2, environment: environment)
        let red = try #require(Color.red.resolve(in: environment)?.rgb), orange = try #require(Color.orange.resolve(in: environment)?.rgb)
        let styledColours = Set((0..<2).flatMap { y in (0..<4).compactMap { x in styledGrid[x, y].character == " " ? nil : styledGrid[x, y].foreground } })
        #expect(styledColours == [red, orange], "\(styledGrid.text)")
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

    @Test func largeAxisLabelsAreWrittenAsCsPercentE() {
        for value in [1e9, 1.25e9, -3.96e12, 9.96e9, 9.94e14, 123_456_789_012] {
            #expect(ChartNode.scientific(value) == String(format: "%.1e", value), "\(value)")
        }
        #expect(ChartNode.label(2_500_000_000) == "2.5e+09")
    }
}
