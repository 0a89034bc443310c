/// A shape that fills or strokes its frame, as SwiftUI's `Shape`.
public protocol Shape: View {
    /// How the shape's outline maps to cells.
    var _outline: _ShapeOutline { get }
}

/// The cell outline of a shape. Not for widget authors.
public struct _ShapeOutline {
    @usableFromInline let value: ShapeOutline
}

extension Shape {
    @inlinable public var body: some View { _FilledShape(outline: _outline.value, paint: nil) }

    /// Fills the shape with a colour.
    @inlinable public func fill(_ color: Color) -> some View { _FilledShape(outline: _outline.value, paint: .color(color)) }
    /// Fills the shape with a gradient.
    @inlinable public func fill(_ gradient: LinearGradient) -> some View { _FilledShape(outline: _outline.value, paint: .gradient(gradient)) }
    /// Draws the shape's outline in box-drawing characters (╭─╮ when rounded).
    @inlinable public func stroke(_ color: Color) -> some View { _StrokedShape(outline: _outline.value, color: color) }
    /// Same as `stroke(_:)`: a cell outline is always inside the frame.
    @inlinable public func strokeBorder(_ color: Color) -> some View { stroke(color) }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    @inlinable public init() {}
    public var _outline: _ShapeOutline { _ShapeOutline(value: .rectangle) }
}

/// A rectangle with rounded corners; from 8 pt of radius its corner cells stay unpainted when
/// filled and draw ╭╮╰╯ when stroked (A7.6).
public struct RoundedRectangle: Shape {
    public let cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var _outline: _ShapeOutline { _ShapeOutline(value: .rounded(cornerRadius)) }
}

/// A pill: a rectangle with fully rounded ends.
public struct Capsule: Shape {
    @inlinable public init() {}
    public var _outline: _ShapeOutline { _ShapeOutline(value: .capsule) }
}

/// A shape filled with a paint, or with the foreground colour. Usable from inlinable code so that
/// clients see through the `some View` of `fill` (see ModifiedView).
@usableFromInline
struct _FilledShape: PrimitiveView {
    @usableFromInline var body: Never { fatalError("_FilledShape is a primitive view and has no body") }

    @usableFromInline let outline: ShapeOutline
    @usableFromInline let paint: Paint?

    @inlinable init(outline: ShapeOutline, paint: Paint?) {
        self.outline = outline
        self.paint = paint
    }

    @usableFromInline static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let env = inputs.environment
        let paint = view.paint ?? .color(env.foregroundColor ?? .primary)
        return _ViewOutputs(ShapeNode(outline: view.outline, style: .fill(paint), environment: env))
    }
}

/// A shape's outline in box drawing. Usable from inlinable code so that clients see through the
/// `some View` of `stroke` (see ModifiedView).
@usableFromInline
struct _StrokedShape: PrimitiveView {
    @usableFromInline var body: Never { fatalError("_StrokedShape is a primitive view and has no body") }

    @usableFromInline let outline: ShapeOutline
    @usableFromInline let color: Color

    @inlinable init(outline: ShapeOutline, color: Color) {
        self.outline = outline
        self.color = color
    }

    @usableFromInline static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(ShapeNode(outline: view.outline, style: .stroke(view.color), environment: inputs.environment))
    }
}

extension Color: View {
    public typealias Body = Never
    public var body: Never { fatalError("Color is a primitive view and has no body") }
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(ShapeNode(outline: .rectangle, style: .fill(.color(view)), environment: inputs.environment))
    }
}

/// A gradient's colours, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    public init(colors: [Color]) { self.colors = colors }
}

/// A linear gradient filling its frame cell by cell; in 256 or 16 colours it is quantized by the
/// renderer.
public struct LinearGradient: PrimitiveView, Hashable, Sendable {
    public let colors: [Color]
    public let startPoint: UnitPoint
    public let endPoint: UnitPoint

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.colors = colors
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(colors: gradient.colors, startPoint: startPoint, endPoint: endPoint)
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(ShapeNode(outline: .rectangle, style: .fill(.gradient(view)), environment: inputs.environment))
    }

    /// The gradient parameter along row `y` of `rect`: `t0` at its first cell's centre, growing by
    /// `dt` a column. A cell centre's projection on start→end, in unit coordinates, is linear in x.
    func rowStep(y: Int, in rect: Rect) -> (t0: Double, dt: Double) {
        let width = Double(max(rect.size.width, 1)), height = Double(max(rect.size.height, 1))
        let v = (Double(y - rect.minY) + 0.5) / height
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return (0, 0) }
        let t0 = ((0.5 / width - startPoint.x) * dx + (v - startPoint.y) * dy) / lengthSquared
        return (t0, dx / width / lengthSquared)
    }

    /// The colour at parameter `t` (clamped to 0…1) between evenly spaced `stops`, alpha
    /// included, for translucent fills; opaque ones use `GradientRamp`, which gives the same
    /// colours. Inlined into the fill's cell loop, where it is most of the work.
    @inline(__always) func color(t: Double, stops: [ResolvedColor]) -> ResolvedColor {
        guard stops.count > 1 else { return stops[0] }
        let position = min(max(t, 0), 1) * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let fraction = position - Double(index)
        let a = stops[index], b = stops[index + 1]
        return ResolvedColor(
            rgb: a.rgb.interpolated(to: b.rgb, fraction: fraction),
            alpha: a.alpha + (b.alpha - a.alpha) * fraction)
    }
}

/// A thin line across the stack it sits in.
public struct Divider: PrimitiveView {
    public init() {}
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let env = inputs.environment
        return _ViewOutputs(DividerNode(isVertical: env.stackAxis == .horizontal, environment: env))
    }
}
