/// A colour as a view or a style: RGB, a named theme colour, or one of SwiftUI's semantic colours.
///
/// Resolved at render time against the environment's `colorScheme` and `theme`, like an asset
/// catalog's Any/Dark appearances (docs/rules.md B7.1).
public struct Color: Hashable, Sendable {
    /// What the colour is before resolution; read by encoders that write views as data.
    public enum Storage: Hashable, Sendable {
        case rgb(RGBColor)
        case appearance(light: RGBColor, dark: RGBColor)
        case named(String)
        case primary
        case secondary
        case clear
    }

    /// What the colour is before resolution.
    public let storage: Storage
    /// Multiplier applied on top of the colour (`Color.opacity(_:)`).
    public let alpha: Double

    init(storage: Storage, alpha: Double = 1) {
        self.storage = storage
        self.alpha = alpha
    }

    /// An sRGB colour with components in 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func channel(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        self.init(storage: .rgb(RGBColor(red: channel(red), green: channel(green), blue: channel(blue))), alpha: opacity)
    }

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(storage: .rgb(RGBColor(hex: hex)), alpha: opacity)
    }

    /// A resolved colour.
    public init(_ rgb: RGBColor) {
        self.init(storage: .rgb(rgb))
    }

    /// A colour named in the environment's theme (`widget.background`, `text.primary`, …). A name
    /// the theme does not define draws nothing, as a missing asset does in SwiftUI.
    public init(_ name: String) {
        self.init(storage: .named(name))
    }

    /// A colour with its own light and dark values, independent of the theme.
    public init(light: RGBColor, dark: RGBColor) {
        self.init(storage: .appearance(light: light, dark: dark))
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(storage: storage, alpha: alpha * min(max(opacity, 0), 1))
    }

    /// The default text colour: black in light mode, white in dark mode (or the theme's `text.primary`).
    public static let primary = Color(storage: .primary)
    /// Secondary text: the primary colour at reduced opacity, drawn dim where nothing is beneath.
    public static let secondary = Color(storage: .secondary)
    /// No colour at all: draws nothing.
    public static let clear = Color(storage: .clear)
    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let gray = Color(hex: 0x8E8E93)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)

    /// The opacity `.secondary` draws with; below 0.6 it is dim where blending is impossible (A7.8).
    static let secondaryAlpha = 0.55

    /// The colour for `environment`, or nil when it paints nothing (clear, unknown name, alpha 0).
    func resolve(in environment: EnvironmentValues) -> ResolvedColor? {
        let rgb: RGBColor?
        var alpha = self.alpha
        switch storage {
        case .rgb(let value):
            rgb = value
        case .appearance(let light, let dark):
            rgb = environment.colorScheme == .dark ? dark : light
        case .named(let name):
            rgb = environment.theme.color(named: name, scheme: environment.colorScheme)
        case .primary:
            rgb = environment.primaryColor
        case .secondary:
            rgb = environment.primaryColor
            alpha *= Color.secondaryAlpha
        case .clear:
            rgb = nil
        }
        guard let rgb, alpha > 0 else { return nil }
        return ResolvedColor(rgb: rgb, alpha: alpha)
    }
}

/// A colour after resolution: RGB plus the opacity to blend it with.
struct ResolvedColor: Hashable, Sendable {
    var rgb: RGBColor
    var alpha: Double
}

extension EnvironmentValues {
    /// The scheme's primary label colour, from the theme's `text.primary` when it has one.
    var primaryColor: RGBColor {
        theme.color(named: "text.primary", scheme: colorScheme) ?? (colorScheme == .dark ? .white : .black)
    }
}
