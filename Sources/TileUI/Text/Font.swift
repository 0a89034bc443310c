/// A font: a size in points (SwiftUI's scale) and a weight. In cells, size picks a glyph scale
/// (docs/rules.md C3) and weight picks bold.
public struct Font: Hashable, Sendable {
    /// Font weights, as SwiftUI's `Font.Weight`.
    public enum Weight: Int, Hashable, Sendable, Comparable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    /// Size in points.
    public var size: Double
    public var weight: Weight
    public var isItalic: Bool
    /// Caption styles draw dim (C3).
    var isCaption: Bool

    init(size: Double, weight: Weight = .regular, isItalic: Bool = false, isCaption: Bool = false) {
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
        self.isCaption = isCaption
    }

    /// A system font of `size` points.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12, isCaption: true)
    public static let caption2 = Font(size: 11, isCaption: true)

    /// The same font with another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }
    /// The same font, bold.
    public func bold() -> Font { weight(.bold) }
    /// The same font, italic.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// Rows one line of text takes at this size: 1 below 24 pt, 2 up to 33 pt, 3 from 34 pt (C3).
    public var glyphRows: Int { Font.glyphRows(forPoints: size) }

    static func glyphRows(forPoints points: Double) -> Int {
        if points >= 34 { return 3 }
        if points >= 24 { return 2 }
        return 1
    }
}
