import Foundation
// Temporary stand-in until the themes helper delivers the real Theme.
public struct Theme: Hashable, Sendable {
    public struct Appearance: Hashable, Sendable { public var light: RGBColor; public var dark: RGBColor }
    public var name: String
    public var colors: [String: Appearance]
    public init(name: String, colors: [String: Appearance]) { self.name = name; self.colors = colors }
    public func color(named: String, scheme: ColorScheme) -> RGBColor? {
        colors[named].map { scheme == .dark ? $0.dark : $0.light }
    }
    public static let `default` = Theme(name: "Default", colors: [:])
}
