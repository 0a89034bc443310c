/// Where views line up along the horizontal axis (a VStack's alignment).
public enum HorizontalAlignment: Hashable, Sendable {
    case leading, center, trailing

    /// Offset of a child `child` columns wide inside `container` columns (negative when it overflows).
    func offset(child: Int, container: Int) -> Int {
        switch self {
        case .leading: return 0
        case .center: return (container - child) / 2
        case .trailing: return container - child
        }
    }
}

/// Where views line up along the vertical axis (an HStack's alignment).
public enum VerticalAlignment: Hashable, Sendable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline

    func offset(child: Int, container: Int) -> Int {
        switch self {
        case .top, .firstTextBaseline, .lastTextBaseline: return 0
        case .center: return (container - child) / 2
        case .bottom: return container - child
        }
    }
}

/// A two-axis alignment, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Offset of a child of `child` size inside a container of `container` size.
    func offset(child: Size, container: Size) -> Point {
        Point(
            x: horizontal.offset(child: child.width, container: container.width),
            y: vertical.offset(child: child.height, container: container.height))
    }
}

/// A point in a view's bounds in unit coordinates (0…1), for gradients.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
