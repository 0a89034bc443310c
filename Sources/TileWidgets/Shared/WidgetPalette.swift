import TileKit

/// The fills and text colours the built-in widgets paint with. Each is a fixed light/dark pair,
/// as an asset catalog colour with Any and Dark appearances: the widgets keep their brand look
/// under any theme, and accessory families use the theme's `text.primary` instead.
enum WidgetPalette {
    /// QQ Sync's blue-to-violet background (seed 000), deeper in dark mode.
    static let qqSyncGradient = LinearGradient(
        colors: [.adaptive(light: 0x3A7BD5, dark: 0x1D3D6B), .adaptive(light: 0x8E54E9, dark: 0x472A75)],
        startPoint: .topLeading, endPoint: .bottomTrailing)

    /// Alipay's blue background (seed 004), a night blue in dark mode.
    static let alipayGradient = LinearGradient(
        colors: [.adaptive(light: 0x1677FF, dark: 0x0A2A5E), .adaptive(light: 0x4096FF, dark: 0x123D7A)],
        startPoint: .topLeading, endPoint: .bottomTrailing)

    /// The 支付宝 今日宜 bar and the almanac panel: white at 27 % over the background, a lighter
    /// band, as seed 004's `AlipayWidgetLunarView` (`.background(.white).opacity(0.27)` on a
    /// hidden copy of the bar, the bar itself drawn over it at full opacity).
    static let alipayBar = Color.white.opacity(0.27)

    /// The tile behind each quick-action button: translucent white over the background.
    static let alipayButton = Color.white.opacity(0.22)

    /// Commit's orange-to-yellow background (seed 003), burnt amber in dark mode.
    static let commitGradient = LinearGradient(
        colors: [.adaptive(light: 0xFF9500, dark: 0x7A3600), .adaptive(light: 0xFFCC00, dark: 0x7D5A00)],
        startPoint: .top, endPoint: .bottom)

    /// Text on the commit gradient: black as in the seed, white in dark mode.
    static let commitText = Color.adaptive(light: 0x000000, dark: 0xFFFFFF)

    /// Text on the QQ Sync and Alipay backgrounds.
    static let textOnGradient = Color.white

    /// The 去分享 pill: white with black text, a soft gray in dark mode so it does not glare.
    static let pillBackground = Color.adaptive(light: 0xFFFFFF, dark: 0xD1D1D6)
    static let pillText = Color.black

    /// The 宜 and 忌 chips of the almanac.
    static let yiChip = Color.adaptive(light: 0x389E0D, dark: 0x237804)
    static let jiChip = Color.adaptive(light: 0xCF1322, dark: 0xA8071A)
}

extension Color {
    /// A colour with its own light and dark values, from `0xRRGGBB` literals.
    static func adaptive(light: UInt32, dark: UInt32) -> Color {
        Color(light: RGBColor(hex: light), dark: RGBColor(hex: dark))
    }
}
