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
}

/// `Gauge(value:in:)` in SwiftUI's linear capacity style: the label, then the bar between the
/// minimum and maximum value labels, with the current value label at its right. The bar is
/// `LevelBar`, filled to where `value` lies in `bounds` (clamped to them).
public struct Gauge<Label: View, CurrentValueLabel: View, MinimumValueLabel: View, MaximumValueLabel: View>: View {
    let fraction: Double?
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

    public var body: some View {
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
        self.fraction = fraction
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
