import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The sizes a widget comes in, as WidgetKit's `WidgetFamily`, each with a grid of cells per
/// size class (docs/rules.md C5; the regular class has the iPhone 393-class defaults).
public enum WidgetFamily: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline

    /// The grid a tile of this family occupies in the regular size class: small 20×10, medium
    /// 42×10, large 42×22, extra large 86×22, circular 9×4, rectangular 20×4, inline 29×1.
    public var gridSize: (columns: Int, rows: Int) { gridSize(in: .regular) }

    /// The grid a tile of this family occupies in `sizeClass` (docs/rules.md C5).
    public func gridSize(in sizeClass: SizeClass) -> (columns: Int, rows: Int) {
        sizeClass.grid(of: self)
    }

    /// The regular grid in points (1 column = 8 pt, 1 row = 16 pt, docs/rules.md C1).
    public var displaySize: (width: Double, height: Double) { displaySize(in: .regular) }

    /// The grid in points (1 column = 8 pt, 1 row = 16 pt, docs/rules.md C1), as `context.displaySize`.
    public func displaySize(in sizeClass: SizeClass) -> (width: Double, height: Double) {
        let grid = gridSize(in: sizeClass)
        return (Double(grid.columns * 8), Double(grid.rows * 16))
    }

    /// The name used on the command line and in files: `small`, `medium`, `large`, `extraLarge`,
    /// `circular`, `rectangular`, `inline`.
    public var shortName: String {
        switch self {
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        case .systemExtraLarge: "extraLarge"
        case .accessoryCircular: "circular"
        case .accessoryRectangular: "rectangular"
        case .accessoryInline: "inline"
        }
    }

    /// The family in the language in use (`extra large`, `超大`), for what the board says.
    public var displayName: String { L("family.\(shortName)") }

    /// A family from its short name or WidgetKit's full name (`medium` or `systemMedium`).
    public init?(name: String) {
        if let family = WidgetFamily(rawValue: name) {
            self = family
        } else if let family = WidgetFamily.allCases.first(where: { $0.shortName == name }) {
            self = family
        } else {
            return nil
        }
    }

    /// Every accepted spelling, for messages that list the valid choices.
    public static var allNames: [String] { allCases.map(\.shortName) + allCases.map(\.rawValue) }

    /// Whether this is a Home Screen family (small, medium, large, extra large).
    public var isSystem: Bool { rawValue.hasPrefix("system") }

    /// The system families offered when a widget does not list its own (B1.4).
    public static let systemFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]

    public var description: String { rawValue }
}

private struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.systemSmall
}

extension EnvironmentValues {
    /// The family the widget is being drawn in, as WidgetKit's `\.widgetFamily`.
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}
