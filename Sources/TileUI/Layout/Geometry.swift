/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// A cell position: column `x`, row `y`, from the top-leading corner.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x.addingSaturating(size.width) }
    public var maxY: Int { origin.y.addingSaturating(size.height) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let minX = min(self.minX, other.minX), minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// Whether the cell (x, y) lies inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }
}

/// A size offered to a view: per axis, nil asks for the ideal size, 0 for the minimum,
/// `.infinity` (`Int.max`) for the maximum, any other value is a concrete offer (docs/rules.md A1.2).
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?
    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }
    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }
    /// Both axes nil: the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// The proposal with nil axes replaced by `size`'s.
    public func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    public var description: String {
        func axis(_ v: Int?) -> String { v.map { $0 == .infinity ? "∞" : String($0) } ?? "nil" }
        return "(\(axis(width)), \(axis(height)))"
    }
}

extension Int {
    /// An unbounded cell count, for `frame(maxWidth: .infinity)` and infinite proposals.
    public static var infinity: Int { .max }

    /// Addition that sticks at ±`Int.max` instead of trapping, so infinite sizes stay infinite.
    @inlinable
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        if overflow { return other > 0 ? .max : .min }
        if self == .max || other == .max { return .max }
        return sum
    }

    /// Subtraction that keeps `Int.max` infinite and never traps.
    @inlinable
    func subtractingSaturating(_ other: Int) -> Int {
        if self == .max { return .max }
        let (difference, overflow) = subtractingReportingOverflow(other)
        if overflow { return other > 0 ? .min : .max }
        return difference
    }
}

/// A layout axis.
public enum Axis: Hashable, Sendable {
    case horizontal
    case vertical
}

/// Edges of a rectangle, for `padding(_:_:)`.
public struct Edge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = Edge(rawValue: 1)
    public static let leading = Edge(rawValue: 2)
    public static let bottom = Edge(rawValue: 4)
    public static let trailing = Edge(rawValue: 8)
    public static let all: Edge = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Edge = [.leading, .trailing]
    public static let vertical: Edge = [.top, .bottom]
}

/// Insets per edge in cells (negative values enlarge the proposal and shrink the size).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// Insets given in SwiftUI points, converted with docs/rules.md C1 (8 pt a column, 16 pt a row).
    public init(points top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) {
        self.init(
            top: Points.rows(top), leading: Points.columns(leading),
            bottom: Points.rows(bottom), trailing: Points.columns(trailing))
    }
    var horizontal: Int { leading.addingSaturating(trailing) }
    var vertical: Int { top.addingSaturating(bottom) }
}

/// Conversions from SwiftUI points to cells (docs/rules.md C1): 1 column = 8 pt, 1 row = 16 pt.
public enum Points {
    /// `⌊pt/8 + ½⌋` (half up); negatives convert symmetrically.
    public static func columns(_ points: Double) -> Int {
        guard points.isFinite else { return points > 0 ? .infinity : -.infinity }
        let magnitude = Int((abs(points) / 8 + 0.5).rounded(.down))
        return points < 0 ? -magnitude : magnitude
    }
    /// `⌈pt/16 − ½⌉` (half down, so 8 pt of vertical spacing is 0 rows); negatives symmetric.
    public static func rows(_ points: Double) -> Int {
        guard points.isFinite else { return points > 0 ? .infinity : -.infinity }
        let magnitude = Int((abs(points) / 16 - 0.5).rounded(.up))
        return points < 0 ? -max(0, magnitude) : max(0, magnitude)
    }
}
