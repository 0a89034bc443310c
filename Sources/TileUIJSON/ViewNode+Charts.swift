import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// `ProgressView`, `Gauge` and `Chart` nodes in JSON (docs/extensions-views.md#progressview-and-gauge
/// and #chart). Values are the Swift initialisers' arguments; a gauge's style and a chart's axis
/// are keys beside the view key, named as the SwiftUI modifiers that set them.
extension ViewNodeDecoder {
    /// The most marks one chart may have: a wide tile is about 130 braille dots across.
    static let maxChartMarks = 1_000

    static let gaugeStyles = NameTable<GaugeStyle>([
        ("linearCapacity", .linearCapacity), ("accessoryLinear", .accessoryLinear),
        ("accessoryLinearCapacity", .accessoryLinearCapacity), ("accessoryCircular", .accessoryCircular),
        ("accessoryCircularCapacity", .accessoryCircularCapacity),
    ])

    static let axisVisibilities = NameTable<AxisVisibility>([("automatic", .automatic), ("visible", .visible), ("hidden", .hidden)])

    static let markNames = NameTable<ChartMark.Kind>([("LineMark", .line), ("AreaMark", .area), ("BarMark", .bar), ("RuleMark", .rule)])

    /// `{"value": 0.4, "total": 1, "label": VIEW}`; a null value draws the track alone.
    mutating func progress(_ content: JSONValue, path: String, depth: Int) throws(ViewNodeError) -> ViewNode.Kind {
        let fields = try Values.fields(content, allowed: ["value", "total", "label"], path: path)
        guard let value = fields["value"] else {
            throw ViewNodeError(path: path, message: "ProgressView needs a value, such as {\"value\": 0.4} (of a total of 1) or {\"value\": null}")
        }
        var total = 1.0
        if let value = fields["total"] {
            guard case .number(let number) = value, number > 0 else { throw Values.expected("a number above 0", value, path: path + ".total") }
            total = number
        }
        let amount = try Self.optionalNumber(value, path: path + ".value")
        return .progress(
            fraction: amount.map { Swift.min(Swift.max($0 / total, 0), 1) },
            label: try fields["label"].map { v throws(ViewNodeError) in try node(v, path: path + ".label", depth: depth + 1) })
    }

    /// `{"value": 42, "in": [0, 100], "label": VIEW, "currentValueLabel": VIEW, …}`, with
    /// `"gaugeStyle"` beside the view key.
    mutating func gauge(_ content: JSONValue, style: JSONValue?, path: String, stylePath: String, depth: Int) throws(ViewNodeError) -> ViewNode.Kind {
        let labels = ["label", "currentValueLabel", "minimumValueLabel", "maximumValueLabel"]
        let fields = try Values.fields(content, allowed: Set(["value", "in"] + labels), path: path)
        guard let value = fields["value"] else {
            throw ViewNodeError(path: path, message: "Gauge needs a value, such as {\"value\": 42, \"in\": [0, 100]}")
        }
        var lower = 0.0, upper = 1.0
        if let bounds = fields["in"] {
            guard case .array(let pair) = bounds, pair.count == 2,
                  case .number(let from) = pair[0], case .number(let to) = pair[1], from < to else {
                throw Values.expected("[MIN, MAX], two numbers, MIN below MAX", bounds, path: path + ".in")
            }
            (lower, upper) = (from, to)
        }
        let amount = try Self.optionalNumber(value, path: path + ".value")
        var views: [String: ViewNode] = [:]
        for key in labels {
            if let label = fields[key] { views[key] = try node(label, path: path + "." + key, depth: depth + 1) }
        }
        let range = upper - lower
        return .gauge(ViewNode.GaugeParts(
            fraction: amount.flatMap { range.isFinite ? Swift.min(Swift.max(($0 - lower) / range, 0), 1) : nil },
            style: try style.map { v throws(ViewNodeError) in try Values.name(v, Self.gaugeStyles, path: stylePath) } ?? .linearCapacity,
            label: views["label"] ?? ViewNode(.empty), currentValueLabel: views["currentValueLabel"],
            minimumValueLabel: views["minimumValueLabel"], maximumValueLabel: views["maximumValueLabel"]))
    }

    /// `[{"LineMark": {"x": 0, "y": 3}}, {"RuleMark": {"y": 2}}, …]`, with `"chartYAxis"` beside
    /// the view key. x is a number or an ISO 8601 date; a mark may name its `series` and set its
    /// colour with `foregroundStyle`.
    mutating func chart(_ content: JSONValue, yAxis: JSONValue?, path: String, axisPath: String) throws(ViewNodeError) -> ViewNode.Kind {
        guard case .array(let elements) = content else {
            throw Values.expected("an array of marks such as [{\"LineMark\": {\"x\": 0, \"y\": 3}}]", content, path: path)
        }
        guard elements.count <= Self.maxChartMarks else {
            throw ViewNodeError(path: path, message: "more than \(Self.maxChartMarks) marks in one chart")
        }
        var marks: [ChartMark] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            nodeCount += 1
            guard nodeCount <= ViewNode.maxNodeCount else {
                throw ViewNodeError(path: elementPath, message: "more than \(ViewNode.maxNodeCount) views")
            }
            guard case .object(let pair) = element, pair.count == 1, let kind = Self.markNames.value(named: pair[0].key) else {
                throw Values.expected("a mark: an object with one of \(Self.markNames.names.joined(separator: ", "))", element, path: elementPath)
            }
            let markPath = elementPath + "." + pair[0].key
            let fields = try Values.fields(
                pair[0].value, allowed: kind == .rule ? ["y", "series", "foregroundStyle"] : ["x", "y", "series", "foregroundStyle"], path: markPath)
            guard let y = fields["y"], kind == .rule || fields["x"] != nil else {
                throw ViewNodeError(path: markPath, message: kind == .rule ? "expected {\"y\": NUMBER}" : "expected {\"x\": NUMBER or DATE, \"y\": NUMBER}")
            }
            marks.append(ChartMark(
                kind: kind,
                x: try fields["x"].map { v throws(ViewNodeError) in try Self.plottable(v, path: markPath + ".x") },
                y: try Values.number(y, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, path: markPath + ".y"),
                series: try fields["series"].map { v throws(ViewNodeError) in try Self.seriesName(v, path: markPath + ".series") } ?? "",
                color: try fields["foregroundStyle"].map { v throws(ViewNodeError) in try Values.color(v, path: markPath + ".foregroundStyle") }))
        }
        return .chart(marks: marks, yAxis: try yAxis.map { v throws(ViewNodeError) in try Values.name(v, Self.axisVisibilities, path: axisPath) } ?? .automatic)
    }

    /// A series' name: at most 64 characters, cleaned as any text.
    private static func seriesName(_ value: JSONValue, path: String) throws(ViewNodeError) -> String {
        let name = try Values.text(value, path: path)
        guard name.count <= 64 else { throw ViewNodeError(path: path, message: "expected a series name of at most 64 characters") }
        return name
    }

    private static func optionalNumber(_ value: JSONValue, path: String) throws(ViewNodeError) -> Double? {
        if case .null = value { return nil }
        guard case .number(let number) = value else { throw Values.expected("a number or null", value, path: path) }
        return number
    }

    /// A number, or a date as seconds since 1970 (as Swift Charts plots `Date`s).
    private static func plottable(_ value: JSONValue, path: String) throws(ViewNodeError) -> Double {
        if case .number(let number) = value { return number }
        guard case .string = value else { throw Values.expected("a number or an ISO 8601 date", value, path: path) }
        return try Values.date(value, path: path).timeIntervalSince1970
    }
}

extension ViewNodeEncoder {
    static func progress(fraction: Double?, label: ViewNode?) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = [("value", fraction.map(JSONValue.number) ?? .null)]
        if let label { fields.append(("label", label.jsonValue)) }
        return [("ProgressView", .object(fields))]
    }

    static func gauge(_ parts: ViewNode.GaugeParts) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = [("value", parts.fraction.map(JSONValue.number) ?? .null)]
        if parts.label != ViewNode(.empty) { fields.append(("label", parts.label.jsonValue)) }
        for (key, label) in [("currentValueLabel", parts.currentValueLabel), ("minimumValueLabel", parts.minimumValueLabel),
                             ("maximumValueLabel", parts.maximumValueLabel)] {
            if let label { fields.append((key, label.jsonValue)) }
        }
        var members: [(key: String, value: JSONValue)] = [("Gauge", .object(fields))]
        if parts.style != .linearCapacity {
            members.append(("gaugeStyle", .string(ViewNodeDecoder.gaugeStyles.name(of: parts.style)!)))
        }
        return members
    }

    static func chart(marks: [ChartMark], yAxis: AxisVisibility) -> [(key: String, value: JSONValue)] {
        let values: [JSONValue] = marks.map { mark in
            var point: [(key: String, value: JSONValue)] = []
            if let x = mark.x { point.append(("x", .number(x))) }
            point.append(("y", .number(mark.y)))
            if !mark.series.isEmpty { point.append(("series", .string(mark.series))) }
            if let color = mark.color { point.append(("foregroundStyle", ViewNodeEncoder.color(color))) }
            return .object([(ViewNodeDecoder.markNames.name(of: mark.kind)!, .object(point))])
        }
        var members: [(key: String, value: JSONValue)] = [("Chart", .array(values))]
        if yAxis != .automatic { members.append(("chartYAxis", .string(ViewNodeDecoder.axisVisibilities.name(of: yAxis)!))) }
        return members
    }
}
