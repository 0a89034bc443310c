import Foundation
import Testing
import TileUI
import TileUIJSON
import TileUISamples

/// `ProgressView`, `Gauge` and `Chart` nodes: each form reads back as the view a Swift tree
/// describes itself as, and draws the same cells; bad values are refused with the path and what
/// is expected; random nodes decode or fail cleanly, never a crash.
@Suite struct ChartJSONTests {
    static let load: [Double] = [3, 5, 4, 8, 13, 9, 6, 11]

    @Test func formsReadAsTheSwiftViewsAndDrawTheSame() throws {
        let values = Self.load
        let cases: [(String, AnyView)] = [
            (#"{"ProgressView": {"value": 3, "total": 8, "label": {"Text": "下载"}}}"#, AnyView(ProgressView("下载", value: 3, total: 8))),
            (#"{"ProgressView": {"value": 0.25}}"#, AnyView(ProgressView(value: 0.25))),
            (#"{"Gauge": {"value": 62, "in": [0, 100], "label": {"Text": "CPU"}, "currentValueLabel": {"Text": "62%"}}}"#,
             AnyView(Gauge(value: 62, in: 0...100) { Text("CPU") } currentValueLabel: { Text("62%") })),
            (#"{"Gauge": {"value": 0.7, "label": {"Text": "内存"}}, "gaugeStyle": "accessoryCircular"}"#,
             AnyView(Gauge(value: 0.7) { Text("内存") }.gaugeStyle(.accessoryCircular))),
            (#"{"Chart": [{"BarMark": {"x": 0, "y": 3}}, {"BarMark": {"x": 1, "y": 5}}, {"RuleMark": {"y": 4}}]}"#,
             AnyView(Chart { BarMark(x: .value("i", 0), y: .value("v", 3)); BarMark(x: .value("i", 1), y: .value("v", 5)); RuleMark(y: .value("m", 4)) })),
        ]
        for (json, view) in cases {
            let node = try ViewNode(json: Data(json.utf8), path: "view")
            #expect(try ViewNode(json: node.jsonData) == node, "\(json) writes back as itself")
            for (width, height) in [(16, 3), (11, 5), (30, 6)] {
                #expect(CellGrid.render(node.makeView(), width: width, height: height) == CellGrid.render(view, width: width, height: height),
                        "\(json) at \(width)×\(height)")
            }
        }
        let sparkline = Chart(values.indices) { LineMark(x: .value("t", $0), y: .value("%", values[$0])) }.chartYAxis(.hidden)
        let described = try ViewNode(describing: sparkline)
        let json = String(decoding: described.jsonData, as: UTF8.self)
        #expect(json.hasPrefix(#"{"Chart":[{"LineMark":{"x":0,"y":3}},"#) && json.hasSuffix(#"],"chartYAxis":"hidden"}"#), "\(json)")
        #expect(CellGrid.render(try ViewNode(json: described.jsonData).makeView(), width: 12, height: 3) == CellGrid.render(sparkline, width: 12, height: 3))
    }

    @Test func seriesAndStylesReadAsInSwift() throws {
        let json = ##"{"Chart": [{"LineMark": {"x": 0, "y": 1, "series": "CPU", "foregroundStyle": "red"}}, {"LineMark": {"x": 1, "y": 2, "series": "CPU"}}, {"LineMark": {"x": 0, "y": 2, "series": "内存"}}, {"RuleMark": {"y": 1.5, "foregroundStyle": "#ff9500"}}]}"##
        let swift = Chart {
            LineMark(x: .value("t", 0), y: .value("v", 1), series: .value("s", "CPU")).foregroundStyle(.red)
            LineMark(x: .value("t", 1), y: .value("v", 2), series: .value("s", "CPU"))
            LineMark(x: .value("t", 0), y: .value("v", 2)).foregroundStyle(by: .value("s", "内存"))
            RuleMark(y: .value("m", 1.5)).foregroundStyle(Color(hex: 0xFF9500))
        }
        let node = try ViewNode(json: Data(json.utf8), path: "view")
        #expect(node == (try ViewNode(describing: swift)))
        #expect(try ViewNode(json: node.jsonData) == node)
        #expect(CellGrid.render(node.makeView(), width: 12, height: 4) == CellGrid.render(swift, width: 12, height: 4))
        expectRefused([
            (#"{"Chart": [{"LineMark": {"x": 0, "y": 1, "series": 3}}]}"#, "view.Chart[0].LineMark.series: expected a string"),
            (#"{"Chart": [{"BarMark": {"x": 0, "y": 1, "foregroundStyle": "nope!"}}]}"#, "view.Chart[0].BarMark.foregroundStyle"),
        ])
    }

    @Test func datesPlotAsSecondsSince1970() throws {
        let node = try ViewNode(json: Data(#"{"Chart": [{"LineMark": {"x": "1970-01-01T00:01:00Z", "y": 1}}]}"#.utf8))
        #expect(node.view == .chart(marks: [ChartMark(kind: .line, x: 60, y: 1)], yAxis: .automatic))
    }

    @Test func badValuesAreRefusedWithTheirPath() {
        let cases: [(String, String)] = [
            (#"{"ProgressView": {}}"#, "view.ProgressView: ProgressView needs a value"),
            (#"{"ProgressView": {"value": "half"}}"#, "view.ProgressView.value: expected a number or null"),
            (#"{"ProgressView": {"value": 1, "total": 0}}"#, "view.ProgressView.total: expected a number above 0"),
            (#"{"Gauge": {"value": 1, "in": [5, 5]}}"#, "view.Gauge.in: expected [MIN, MAX], two numbers, MIN below MAX"),
            (#"{"Gauge": {"value": 1}, "gaugeStyle": "round"}"#, "view.gaugeStyle: expected one of linearCapacity"),
            (#"{"Gauge": {"value": 1, "label": "CPU"}}"#, "view.Gauge.label: expected a view"),
            (#"{"Chart": {"LineMark": {"x": 0, "y": 1}}}"#, "view.Chart: expected an array of marks"),
            (#"{"Chart": [{"PointMark": {"x": 0, "y": 1}}]}"#, "view.Chart[0]: expected a mark"),
            (#"{"Chart": [{"LineMark": {"y": 1}}]}"#, "view.Chart[0].LineMark: expected {\"x\": NUMBER or DATE, \"y\": NUMBER}"),
            (#"{"Chart": [{"RuleMark": {"x": 1, "y": 1}}]}"#, "view.Chart[0].RuleMark"),
            (#"{"Chart": [{"BarMark": {"x": true, "y": 1}}]}"#, "view.Chart[0].BarMark.x: expected a number or an ISO 8601 date"),
            (#"{"Chart": [], "chartYAxis": "off"}"#, "view.chartYAxis: expected one of automatic, visible, hidden"),
        ]
        expectRefused(cases)
        let marks = Array(repeating: #"{"BarMark": {"x": 1, "y": 1}}"#, count: 1_001).joined(separator: ",")
        #expect(throws: ViewNodeError.self) { try ViewNode(json: Data(#"{"Chart": [\#(marks)]}"#.utf8), path: "view") }
    }

    /// Random gauges, bars and charts with values at and past the edges (huge, tiny, negative,
    /// null, wrong kinds) for a bounded budget: refused, or read, drawn inside every frame and
    /// written back as the same node.
    @Test func randomNodesDecodeOrFailCleanly() throws {
        var random = SplitMix64(seed: 13)
        let numbers: [JSONValue] = [0, 1, -1, 0.5, 1e300, -1e300, 1e-300, 100, 62, -0.0].map { .number($0) }
            + [.null, .string("2026-11-24T08:00:00Z"), .string("x"), .bool(true), .array([.number(0), .number(1)])]
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        var drawn = 0
        for _ in 0..<300 {
            let json: JSONValue
            switch random.next() % 3 {
            case 0:
                json = .object([("ProgressView", .object([("value", pick(numbers)), ("total", pick(numbers))]))])
            case 1:
                json = .object([("Gauge", .object([("value", pick(numbers)), ("in", .array([pick(numbers), pick(numbers)])),
                                                   ("currentValueLabel", .object([("Text", .string("62"))]))])),
                                ("gaugeStyle", .string(pick(["linearCapacity", "accessoryCircular", "accessoryCircularCapacity", "dial"])))])
            default:
                let marks = (0..<Int(random.next() % 40)).map { _ in
                    JSONValue.object([(pick(["LineMark", "AreaMark", "BarMark", "RuleMark"]), .object([("x", pick(numbers)), ("y", pick(numbers))]))])
                }
                json = .object([("Chart", .array(marks)), ("chartYAxis", .string(pick(["automatic", "hidden"])))])
            }
            guard let node = try? ViewNode(json: json, path: "view") else { continue }
            drawn += 1
            for (width, height) in [(1, 1), (16, 7), (34, 3)] {
                let grid = CellGrid.render(node.makeView(), width: width, height: height)
                #expect(grid.width == width && grid.height == height)
            }
            #expect(try ViewNode(json: node.jsonValue) == node)
        }
        #expect(drawn >= 30, "too few random nodes were valid to test drawing")
    }
}
