import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A named set of colours, each with a light and a dark value, like an asset catalog's Any/Dark
/// appearances. Views name them with `Color("widget.background")`; files in `Themes/` define them.
public struct Theme: Hashable, Sendable {
    /// One named colour's values for the two schemes.
    public struct Appearance: Hashable, Sendable {
        /// The value in light mode (an asset catalog's Any appearance).
        public var light: RGBColor
        /// The value in dark mode.
        public var dark: RGBColor

        /// A colour with a value for each scheme.
        public init(light: RGBColor, dark: RGBColor) {
            self.light = light
            self.dark = dark
        }

        /// A colour that is the same in both schemes (`{ any = "#RRGGBB" }` in a theme file).
        public init(any: RGBColor) {
            self.init(light: any, dark: any)
        }

        /// The value for `scheme`.
        public func color(for scheme: ColorScheme) -> RGBColor {
            scheme == .dark ? dark : light
        }
    }

    /// The display name, shown when switching themes.
    public var name: String
    /// The colours by name (`text.primary`, `widget.background`, …).
    public var colors: [String: Appearance]

    /// A theme from values in code.
    public init(name: String, colors: [String: Appearance]) {
        self.name = name
        self.colors = colors
    }

    /// The value of colour `named` in `scheme`; nil when the theme does not define it.
    public func color(named: String, scheme: ColorScheme) -> RGBColor? {
        colors[named]?.color(for: scheme)
    }

    /// The names the built-in widgets and the board draw with; every built-in theme defines them.
    public static let requiredColorNames: [String] = [
        "board.background", "widget.background", "widget.border",
        "text.primary", "text.secondary", "text.inverse", "accent",
        "button.background", "button.text", "gradient.start", "gradient.end",
        "status.background", "status.text", "status.stale",
        "hint.background", "hint.text", "focus.border",
    ]

    /// The names in `requiredColorNames` this theme lacks, in that list's order.
    public var missingRequiredColorNames: [String] {
        Theme.requiredColorNames.filter { colors[$0] == nil }
    }

    /// This theme with every colour it lacks taken from `base`: how a user's partial theme can
    /// still draw everything.
    public func completed(from base: Theme) -> Theme {
        Theme(name: name, colors: colors.merging(base.colors) { own, _ in own })
    }
}

/// Why a theme could not be loaded, with the place in the file to fix.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// What is wrong and what would be right.
    public var message: String

    /// An error at `file:line:column`.
    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, leaving out the parts that are unknown, as compilers do.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
