import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How much room the terminal gives, as iOS devices give widgets different sizes: each family's
/// grid of cells depends on the class (docs/rules.md C5). `regular` is the grid tiles always had;
/// a big terminal gets `large` tiles and fills the way a phone's home screen is filled, a tiny
/// one `compact` tiles. Chosen from the terminal's size (``init(columns:rows:)``) unless the
/// config pins one (`size_class`).
public enum SizeClass: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    case compact
    case regular
    case large

    /// The class for a `columns` × `rows` terminal: `large` when two large mediums fit side by
    /// side in two rows with the status line (126 × 32 and more), `compact` when not even one
    /// regular medium fits (below 42 × 11), else `regular`, so that 80 × 24 and 100 × 30 keep the
    /// grids they always had.
    public init(columns: Int, rows: Int) {
        if Self.large.fitsReferenceBoard(columns: columns, rows: rows) {
            self = .large
        } else if columns >= 42 && rows >= 11 {
            self = .regular
        } else {
            self = .compact
        }
    }

    /// Whether a board of four mediums (two rows of two, with the gutters and the status line)
    /// fits a `columns` × `rows` terminal in this class.
    func fitsReferenceBoard(columns: Int, rows: Int) -> Bool {
        let medium = WidgetFamily.systemMedium.gridSize(in: self)
        return columns >= 2 * medium.columns + 2 && rows >= 2 * medium.rows + 1 + 1
    }

    /// The cells of `family` in this class: a medium is two smalls and a 2-column gutter, a large
    /// two smalls high and a 2-row gutter, an extra large two larges and a 2-column gutter.
    func grid(of family: WidgetFamily) -> (columns: Int, rows: Int) {
        switch (self, family) {
        case (.compact, .systemSmall): (16, 8)
        case (.compact, .systemMedium): (34, 8)
        case (.compact, .systemLarge): (34, 18)
        case (.compact, .systemExtraLarge): (70, 18)
        case (.compact, .accessoryCircular): (9, 4)
        case (.compact, .accessoryRectangular): (16, 4)
        case (.compact, .accessoryInline): (23, 1)
        case (.regular, .systemSmall): (20, 10)
        case (.regular, .systemMedium): (42, 10)
        case (.regular, .systemLarge): (42, 22)
        case (.regular, .systemExtraLarge): (86, 22)
        case (.regular, .accessoryCircular): (9, 4)
        case (.regular, .accessoryRectangular): (20, 4)
        case (.regular, .accessoryInline): (29, 1)
        case (.large, .systemSmall): (30, 15)
        case (.large, .systemMedium): (62, 15)
        case (.large, .systemLarge): (62, 32)
        case (.large, .systemExtraLarge): (126, 32)
        case (.large, .accessoryCircular): (13, 6)
        case (.large, .accessoryRectangular): (30, 6)
        case (.large, .accessoryInline): (43, 1)
        }
    }

    public var description: String { rawValue }
}

/// A size class setting: chosen from the terminal's size, or pinned.
public enum SizeClassSetting: Hashable, Sendable, CustomStringConvertible {
    /// From the terminal's size, chosen again on every resize.
    case auto
    /// Always this class.
    case pinned(SizeClass)

    /// `auto`, `compact`, `regular` or `large`; nil for anything else.
    public init?(name: String) {
        if name == "auto" {
            self = .auto
        } else if let sizeClass = SizeClass(rawValue: name) {
            self = .pinned(sizeClass)
        } else {
            return nil
        }
    }

    /// Every accepted spelling, for messages that list the choices.
    public static let allNames = ["auto"] + SizeClass.allCases.map(\.rawValue)

    /// The class for a `columns` × `rows` terminal.
    public func sizeClass(columns: Int, rows: Int) -> SizeClass {
        switch self {
        case .auto: SizeClass(columns: columns, rows: rows)
        case .pinned(let sizeClass): sizeClass
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .pinned(let sizeClass): sizeClass.rawValue
        }
    }
}

private struct SizeClassKey: EnvironmentKey {
    static let defaultValue = SizeClass.regular
}

extension EnvironmentValues {
    /// The size class the tile is drawn in, which with the family decides its grid.
    public var sizeClass: SizeClass {
        get { self[SizeClassKey.self] }
        set { self[SizeClassKey.self] = newValue }
    }
}
