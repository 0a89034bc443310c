import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `ProgressView(value:total:)` as SwiftUI's determinate linear style: an optional label over a
/// one-row bar. The bar fills `value / total` of its width in eighth blocks (`█` and `▏`…`▉`,
/// eight steps a cell) in the foreground colour over a `░` track; a value that is not a number,
/// or a total of zero or less, draws the track alone.
public struct ProgressView<Label: View>: View {
    let fraction: Double?
    let label: Label?

    /// A bar `value` of `total` full, without a label.
    public init(value: Double?, total: Double = 1) where Label == EmptyView {
        fraction = LevelBar.fraction(value, lower: 0, upper: total)
        label = nil
    }

    /// A bar `value` of `total` full under `title`.
    public init(_ title: String, value: Double?, total: Double = 1) where Label == Text {
        fraction = LevelBar.fraction(value, lower: 0, upper: total)
        label = Text(title)
    }

    /// A bar `value` of `total` full under `label`.
    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> Label) {
        fraction = LevelBar.fraction(value, lower: 0, upper: total)
        self.label = label()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let label { label }
            LevelBar(fraction: fraction)
        }
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let label = try view.label.map { label throws(ViewDescriptionError) in ViewNode.single(try Label._describe(label, inputs: inputs)) }
        return [ViewNode(.progress(fraction: view.fraction, label: label))]
    }
}

extension ProgressView where Label == AnyView {
    /// The bar a `ViewNode` describes: `fraction` full (nil: the track alone), under `label`.
    public init(fraction: Double?, label: AnyView?) {
        self.fraction = fraction.map { Swift.min(Swift.max($0, 0), 1) }
        self.label = label
    }
}

/// `Gauge(value:in:)`: in SwiftUI's linear capacity style (the default), the label, then the bar
/// between the minimum and maximum value labels, with the current value label at its right; the
/// bar is `LevelBar`, filled to where `value` lies in `bounds` (clamped to them). With
/// `.gaugeStyle(.accessoryCircular)` a ring (`GaugeRing`) around the current value label.
public struct Gauge<Label: View, CurrentValueLabel: View, MinimumValueLabel: View, MaximumValueLabel: View>: View {
    let fraction: Double?
    var style: GaugeStyle = .linearCapacity
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: MinimumValueLabel?
    let maximumValueLabel: MaximumValueLabel?

    /// A gauge of `value` in `bounds` with all four labels.
    public init(
        value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> MinimumValueLabel,
        @ViewBuilder maximumValueLabel: () -> MaximumValueLabel
    ) {
        fraction = LevelBar.fraction(value, lower: bounds.lowerBound, upper: bounds.upperBound)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    /// The gauge drawn in `style`: linear (the default) or a circular ring.
    public func gaugeStyle(_ style: GaugeStyle) -> Gauge {
        var gauge = self
        gauge.style = style
        return gauge
    }

    public var body: some View {
        if style.isCircular {
            ZStack {
                GaugeRing(fraction: fraction, sweep: style == .accessoryCircularCapacity ? 360 : 270)
                if let currentValueLabel { currentValueLabel } else { label }
            }
        } else {
            linear
        }
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        func described<V: View>(_ label: V?) throws(ViewDescriptionError) -> ViewNode? {
            guard let label else { return nil }
            return ViewNode.single(try V._describe(label, inputs: inputs))
        }
        return [ViewNode(.gauge(ViewNode.GaugeParts(
            fraction: view.fraction, style: view.style, label: try described(view.label)!,
            currentValueLabel: try described(view.currentValueLabel),
            minimumValueLabel: try described(view.minimumValueLabel),
            maximumValueLabel: try described(view.maximumValueLabel))))]
    }

    private var linear: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                label
                Spacer(minLength: 0)
                if let currentValueLabel { currentValueLabel }
            }
            HStack(spacing: 1) {
                if let minimumValueLabel { minimumValueLabel }
                LevelBar(fraction: fraction)
                if let maximumValueLabel { maximumValueLabel }
            }
        }
    }
}

extension Gauge where Label == AnyView, CurrentValueLabel == AnyView, MinimumValueLabel == AnyView, MaximumValueLabel == AnyView {
    /// The gauge a `ViewNode` describes: `fraction` of the way from the minimum to the maximum
    /// (nil when that cannot be told), in `style`, with the labels given.
    public init(fraction: Double?, style: GaugeStyle, label: AnyView, currentValueLabel: AnyView?,
                minimumValueLabel: AnyView?, maximumValueLabel: AnyView?) {
        self.fraction = fraction.map { Swift.min(Swift.max($0, 0), 1) }
        self.style = style
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }
}

extension Gauge where CurrentValueLabel == EmptyView, MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// A gauge of `value` in `bounds` under `label`.
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label) {
        fraction = LevelBar.fraction(value, lower: bounds.lowerBound, upper: bounds.upperBound)
        self.label = label()
        currentValueLabel = nil
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

extension Gauge where MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// A gauge of `value` in `bounds` under `label`, `currentValueLabel` at the right.
    public init(
        value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        fraction = LevelBar.fraction(value, lower: bounds.lowerBound, upper: bounds.upperBound)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

/// How a `Gauge` is drawn, with SwiftUI's names. The linear ones are the bar of
/// `linearCapacity`; `accessoryCircular` is an open ring (270°) filled to the value around the
/// current value label (the label without one), `accessoryCircularCapacity` a closed ring.
public enum GaugeStyle: Sendable, Hashable, CaseIterable {
    case linearCapacity, accessoryLinear, accessoryLinearCapacity, accessoryCircular, accessoryCircularCapacity

    var isCircular: Bool { self == .accessoryCircular || self == .accessoryCircularCapacity }
}

/// A ring of braille dots (2×4 a cell) around the middle of its frame, filled clockwise for
/// `fraction` of `sweep` degrees: from the lower left for an open ring, from the top for a closed one.
public struct GaugeRing: PrimitiveView {
    public let fraction: Double?
    public let sweep: Double

    public init(fraction: Double?, sweep: Double) {
        self.fraction = fraction.map { Swift.min(Swift.max($0, 0), 1) }
        self.sweep = Swift.min(Swift.max(sweep, 0), 360)
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(GaugeRingNode(ring: view, environment: inputs.environment))
    }
}

/// Draws a `GaugeRing`.
final class GaugeRingNode: LayoutNode {
    let ring: GaugeRing
    let color: ResolvedColor?

    init(ring: GaugeRing, environment: EnvironmentValues) {
        // A placeholder shows no value: the empty ring, as its text shows no digits.
        self.ring = environment.redactionReasons.contains(.placeholder) ? GaugeRing(fraction: nil, sweep: ring.sweep) : ring
        color = (environment.foregroundColor ?? .primary).resolve(in: environment)
        super.init()
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        Size(width: p.width.map { Swift.max(0, $0) } ?? 9, height: p.height.map { Swift.max(0, $0) } ?? 4)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let width = rect.size.width * 2, height = rect.size.height * 4
        guard width > 2, height > 2, let fraction = ring.fraction, fraction > 0 else { return }
        // Braille dots are about as wide as high, so the ring is a circle in dots.
        let radius = Double(Swift.min(width, height) - 1) / 2
        let centre = (x: Double(width - 1) / 2, y: Double(height - 1) / 2)
        let start = ring.sweep >= 360 ? -90.0 : 135.0
        // Two points a dot along the arc, so that it has no gaps.
        let steps = 8 + Int(ring.sweep / 360 * 2 * .pi * radius * 2)
        var cells: [Int: UInt32] = [:]
        for step in 0...Int(Double(steps) * fraction) {
            let angle = (start + ring.sweep * Double(step) / Double(steps)) * .pi / 180
            let x = Int((centre.x + radius * cos(angle)).rounded()), y = Int((centre.y + radius * sin(angle)).rounded())
            guard x >= 0, x < width, y >= 0, y < height else { continue }
            let bit = Self.bits[y % 4][x % 2]
            cells[(y / 4) * rect.size.width + x / 2, default: 0] |= bit
        }
        for (cell, bits) in cells {
            guard let scalar = Unicode.Scalar(0x2800 + bits) else { continue }
            canvas.put(Character(scalar), width: 1, x: rect.minX + cell % rect.size.width, y: rect.minY + cell / rect.size.width, color: color, attributes: [])
        }
    }

    /// The braille bit of each dot in a cell, by row (0…3) and column (0…1).
    static let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
}

/// A one-row bar filled `fraction` of its width in eighth blocks over a `░` track, in the
/// foreground colour. It takes the width it is offered (10 cells when asked its ideal size).
public struct LevelBar: PrimitiveView {
    /// How full, 0…1; nil draws the track alone.
    public let fraction: Double?

    public init(fraction: Double?) {
        self.fraction = fraction.map { Swift.min(Swift.max($0, 0), 1) }
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(LevelBarNode(fraction: view.fraction, environment: inputs.environment))
    }

    /// Where `value` lies between `lower` and `upper`, clamped to 0…1; nil when it cannot be
    /// told (a value or bound that is not a finite number, or an empty or reversed range).
    static func fraction(_ value: Double?, lower: Double, upper: Double) -> Double? {
        guard let value, value.isFinite, lower.isFinite, upper.isFinite, upper > lower else { return nil }
        return Swift.min(Swift.max((value - lower) / (upper - lower), 0), 1)
    }

    /// The bar's glyphs for `width` cells: full blocks, one partial block, the track.
    static func glyphs(fraction: Double?, width: Int) -> [Character] {
        guard width > 0 else { return [] }
        let eighths = Int(((fraction ?? 0) * Double(width) * 8).rounded())
        let full = Swift.min(eighths / 8, width)
        var glyphs = [Character](repeating: "█", count: full)
        if full < width, eighths % 8 > 0 { glyphs.append(partial[eighths % 8 - 1]) }
        glyphs += [Character](repeating: "░", count: width - glyphs.count)
        return glyphs
    }

    /// One to seven eighths of a cell, filled from the left.
    static let partial: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
}

/// Draws a `LevelBar`.
final class LevelBarNode: LayoutNode {
    let fraction: Double?
    let color: ResolvedColor?

    init(fraction: Double?, environment: EnvironmentValues) {
        // A placeholder shows no value: the bare track.
        self.fraction = environment.redactionReasons.contains(.placeholder) ? nil : fraction
        color = (environment.foregroundColor ?? .primary).resolve(in: environment)
        super.init()
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        Size(width: p.width.map { Swift.max(0, $0) } ?? 10, height: 1)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        guard rect.size.height > 0 else { return }
        let glyphs = LevelBar.glyphs(fraction: fraction, width: rect.size.width)
        for (offset, glyph) in glyphs.enumerated() where canvas.clip.contains(x: rect.minX + offset, y: rect.minY) {
            canvas.put(glyph, width: 1, x: rect.minX + offset, y: rect.minY, color: color, attributes: [])
        }
    }
}
