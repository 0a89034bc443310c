import Foundation
import SnapshotTesting
import Testing
@testable import TileUI

/// Golden files (plain text and truecolor ANSI) of ProgressView, Gauge in its linear and circular
/// styles, and each chart mark, in colour over a tile's background. Compared exactly; re-record on
/// purpose with `make golden`.
@Suite struct ChartGoldenTests {
    private func assertGolden<V: View>(
        _ view: V, width: Int, height: Int, named name: String,
        testName: String = #function, filePath: StaticString = #filePath, line: UInt = #line
    ) {
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        let tile = ZStack { Color(hex: 0x1C1C1E); view.padding(1) }
        let grid = CellGrid.render(tile, width: width, height: height, environment: environment)
        assertSnapshot(of: grid.text, as: .lines, named: name, file: filePath, testName: testName, line: line)
        assertSnapshot(of: ANSIRenderer(colorMode: .trueColor).render(grid), as: .lines, named: name + "-ansi",
                       file: filePath, testName: testName, line: line)
    }

    static let load: [Double] = [3, 5, 4, 8, 13, 9, 6, 11, 15, 12, 7, 5, 9, 14, 10, 6]

    @Test func testProgressViewMatchesGolden() {
        assertGolden(ProgressView("下载 3/8", value: 3, total: 8).foregroundColor(Color(hex: 0x34C759)),
                     width: 18, height: 4, named: "labelled")
    }

    @Test(arguments: ["linearCapacity", "accessoryCircular", "accessoryCircularCapacity"])
    func testGaugeMatchesGolden(style: String) {
        let gauge = Gauge(value: 62, in: 0...100) { Text("CPU") } currentValueLabel: { Text("62") }
        switch style {
        case "linearCapacity":
            let labelled = Gauge(value: 62, in: 0...100) { Text("CPU") } currentValueLabel: { Text("62%") }
                minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
            assertGolden(labelled.foregroundColor(.orange), width: 20, height: 4, named: style)
        case "accessoryCircular":
            assertGolden(gauge.gaugeStyle(.accessoryCircular).foregroundColor(.cyan), width: 11, height: 6, named: style)
        default:
            assertGolden(gauge.gaugeStyle(.accessoryCircularCapacity).foregroundColor(.green), width: 11, height: 6, named: style)
        }
    }

    /// Two series (CPU and memory), each its own line in its own colour, over a styled rule.
    @Test func testTwoSeriesMatchGolden() {
        let memory: [Double] = [6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 13]
        let chart = Chart {
            for index in Self.load.indices {
                LineMark(x: .value("t", index), y: .value("%", Self.load[index]), series: .value("what", "CPU"))
                LineMark(x: .value("t", index), y: .value("%", memory[index])).foregroundStyle(by: .value("what", "memory"))
            }
            RuleMark(y: .value("limit", 12)).foregroundStyle(.red)
        }
        assertGolden(chart.foregroundColor(Color(hex: 0x0A84FF)), width: 22, height: 7, named: "two-series")
    }

    @Test(arguments: ["LineMark", "AreaMark", "BarMark", "RuleMark", "sparkline"])
    func testChartMarkMatchesGolden(mark: String) {
        let values = Self.load
        let chart: Chart
        switch mark {
        case "LineMark": chart = Chart(values.indices) { LineMark(x: .value("t", $0), y: .value("%", values[$0])) }
        case "AreaMark": chart = Chart(values.indices) { AreaMark(x: .value("t", $0), y: .value("%", values[$0])) }
        case "BarMark": chart = Chart(values.indices) { BarMark(x: .value("t", $0), y: .value("%", values[$0])) }
        case "RuleMark":
            chart = Chart {
                for index in values.indices { LineMark(x: .value("t", index), y: .value("%", values[index])) }
                RuleMark(y: .value("mean", 8.5))
            }
        default: chart = Chart(values.indices) { LineMark(x: .value("t", $0), y: .value("%", values[$0])) }.chartYAxis(.hidden)
        }
        assertGolden(chart.foregroundColor(Color(hex: 0x0A84FF)), width: 22, height: 7, named: mark)
    }
}
