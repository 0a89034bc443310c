import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A value a mark plots, as Swift Charts' `PlottableValue`: `.value("温度", 28.1)`. Numbers and
/// dates (as seconds since 1970) plot; the label names the axis.
public struct PlottableValue: Sendable {
    public let label: String
    public let value: Double

    public static func value<V: BinaryFloatingPoint>(_ label: String, _ value: V) -> PlottableValue {
        PlottableValue(label: label, value: Double(value))
    }

    public static func value<V: BinaryInteger>(_ label: String, _ value: V) -> PlottableValue {
        PlottableValue(label: label, value: Double(value))
    }

    public static func value(_ label: String, _ date: Date) -> PlottableValue {
        PlottableValue(label: label, value: date.timeIntervalSince1970)
    }
}

/// The series a line or area mark belongs to, as Swift Charts' `series:` argument:
/// `.value("Load", "CPU")`. Marks of one series make one line or area.
public struct PlottableSeries: Sendable, Hashable {
    public let label: String
    public let name: String

    public static func value(_ label: String, _ name: String) -> PlottableSeries {
        PlottableSeries(label: label, name: name)
    }
}

/// One mark of a chart, with its kind, position, series and colour.
public struct ChartMark: Sendable, Hashable {
    public enum Kind: Sendable, Hashable, CaseIterable { case line, area, bar, rule }
    public let kind: Kind
    /// Nil for a rule, which spans the chart at `y`.
    public let x: Double?
    public let y: Double
    /// The series' name ("" for the chart's one series): lines and areas join the marks of a series.
    public var series: String
    /// The colour set with `foregroundStyle`; nil: the series' colour.
    public var color: Color?

    /// A mark of `kind` at `x` (nil for a rule) and `y`, in `series`, drawn in `color`.
    public init(kind: Kind, x: Double?, y: Double, series: String = "", color: Color? = nil) {
        self.kind = kind
        self.x = kind == .rule ? nil : x
        self.y = y
        self.series = series
        self.color = color
    }
}

/// Marks, and groups of them, as Swift Charts' `ChartContent`.
public protocol ChartContent {
    /// The marks, in order.
    var _marks: [ChartMark] { get }
}

/// A line through the points of the chart's line marks, in order of x, drawn in braille dots.
public struct LineMark: ChartContent {
    public let _marks: [ChartMark]
    public init(x: PlottableValue, y: PlottableValue, series: PlottableSeries? = nil) {
        _marks = [ChartMark(kind: .line, x: x.value, y: y.value, series: series?.name ?? "")]
    }
}

/// The area between the line of the chart's area marks and zero, filled in braille dots.
public struct AreaMark: ChartContent {
    public let _marks: [ChartMark]
    public init(x: PlottableValue, y: PlottableValue, series: PlottableSeries? = nil) {
        _marks = [ChartMark(kind: .area, x: x.value, y: y.value, series: series?.name ?? "")]
    }
}

/// A bar from zero to y, in vertical eighth blocks (`▁`…`█`), one column of cells per bar.
public struct BarMark: ChartContent {
    public let _marks: [ChartMark]
    public init(x: PlottableValue, y: PlottableValue) { _marks = [ChartMark(kind: .bar, x: x.value, y: y.value)] }
}

/// A horizontal rule across the chart at y (`─`).
public struct RuleMark: ChartContent {
    public let _marks: [ChartMark]
    public init(y: PlottableValue) { _marks = [ChartMark(kind: .rule, x: nil, y: y.value)] }
}

/// Several marks as one.
public struct _ChartGroup: ChartContent {
    public let _marks: [ChartMark]
}

extension ChartContent {
    /// These marks in `color`, as Swift Charts' `foregroundStyle(_:)`; a line or area takes the
    /// colour of its series' first mark that has one.
    public func foregroundStyle(_ color: Color) -> _ChartGroup {
        _ChartGroup(_marks: _marks.map { mark in
            var styled = mark
            styled.color = color
            return styled
        })
    }

    /// These marks in the series named by `value` (`.foregroundStyle(by: .value("Load", "CPU"))`):
    /// each series takes its own colour.
    public func foregroundStyle(by value: PlottableSeries) -> _ChartGroup {
        _ChartGroup(_marks: _marks.map { mark in
            var grouped = mark
            grouped.series = value.name
            return grouped
        })
    }
}

/// Builds chart content from marks, `if`, `for` loops and optionals.
@resultBuilder
public enum ChartContentBuilder {
    public static func buildBlock(_ parts: any ChartContent...) -> _ChartGroup { _ChartGroup(_marks: parts.flatMap(\._marks)) }
    public static func buildArray(_ parts: [any ChartContent]) -> _ChartGroup { _ChartGroup(_marks: parts.flatMap(\._marks)) }
    public static func buildOptional(_ part: (any ChartContent)?) -> _ChartGroup { _ChartGroup(_marks: part?._marks ?? []) }
    public static func buildEither(first part: any ChartContent) -> _ChartGroup { _ChartGroup(_marks: part._marks) }
    public static func buildEither(second part: any ChartContent) -> _ChartGroup { _ChartGroup(_marks: part._marks) }
}

/// Whether a chart draws an axis, as SwiftUI's `Visibility`.
public enum AxisVisibility: Sendable, Hashable, CaseIterable { case automatic, visible, hidden }

/// A chart with Swift Charts' names: lines and areas in braille dots (2×4 a cell), bars in
/// eighth blocks, rules as `─`. Marks are drawn in the foreground colour; with several series
/// (`series:` or `foregroundStyle(by:)`), the first takes the foreground colour and each next one
/// the next of green, orange, purple, red, cyan, yellow and pink, unless `foregroundStyle(_:)`
/// sets one. Where two series cross in a cell, the cell shows both's dots in the later's colour. The y axis, unless hidden, is the
/// largest and smallest value at the trailing edge, as Swift Charts places it; there is no x
/// axis. A chart without axes is a sparkline. The scale spans the marks' values (and zero for
/// bars and areas); a mark whose values are not numbers, or lie beyond ±10¹⁵, is left out.
public struct Chart: PrimitiveView {
    let marks: [ChartMark]
    var yAxis: AxisVisibility = .automatic

    public init(@ChartContentBuilder content: () -> some ChartContent) {
        marks = content()._marks
    }

    /// A chart of `marks`, in order, as a `ViewNode` describes it.
    public init(marks: [ChartMark]) {
        self.marks = marks
    }

    /// A chart of `data`, each element's marks from `content`, as `Chart(data) { LineMark(…) }`.
    public init<Data: Sequence>(_ data: Data, @ChartContentBuilder content: (Data.Element) -> some ChartContent) {
        marks = data.flatMap { content($0)._marks }
    }

    /// Shows or hides the y axis (`.hidden` for a sparkline).
    public func chartYAxis(_ visibility: AxisVisibility) -> Chart {
        var chart = self
        chart.yAxis = visibility
        return chart
    }

    /// Accepted for Swift Charts code; there is no x axis to hide.
    public func chartXAxis(_ visibility: AxisVisibility) -> Chart { self }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(ChartNode(chart: view, environment: inputs.environment))
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.chart(marks: view.marks, yAxis: view.yAxis))]
    }
}
