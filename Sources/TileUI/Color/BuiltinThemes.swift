/// The default theme, written out in code (its file's text, and the other built-in themes, are
/// in TileKit's `BuiltinThemeSource`, where themes are read).
extension Theme {
    /// The theme views use when none is chosen: iOS system colours. The values of
    /// `Themes/default.toml`, written out so that a board starts without parsing the file's text
    /// (docs/performance.md); a test checks that they are the file's.
    public static let `default` = Theme(name: "Default", colors: [
        "board.background": Appearance(light: RGBColor(hex: 0xF2F2F7), dark: RGBColor(hex: 0x000000)),
        "widget.background": Appearance(light: RGBColor(hex: 0xFFFFFF), dark: RGBColor(hex: 0x1C1C1E)),
        "widget.border": Appearance(light: RGBColor(hex: 0xC6C6C8), dark: RGBColor(hex: 0x48484A)),
        "text.primary": Appearance(light: RGBColor(hex: 0x000000), dark: RGBColor(hex: 0xFFFFFF)),
        "text.secondary": Appearance(light: RGBColor(hex: 0x6C6C70), dark: RGBColor(hex: 0xAEAEB2)),
        "text.inverse": Appearance(any: RGBColor(hex: 0xFFFFFF)),
        "accent": Appearance(light: RGBColor(hex: 0x007AFF), dark: RGBColor(hex: 0x0A84FF)),
        "button.background": Appearance(light: RGBColor(hex: 0x0066D6), dark: RGBColor(hex: 0x0071E3)),
        "button.text": Appearance(any: RGBColor(hex: 0xFFFFFF)),
        "gradient.start": Appearance(light: RGBColor(hex: 0x5856D6), dark: RGBColor(hex: 0x3634A3)),
        "gradient.end": Appearance(light: RGBColor(hex: 0x0062E0), dark: RGBColor(hex: 0x0040DD)),
        "status.background": Appearance(light: RGBColor(hex: 0xE5E5EA), dark: RGBColor(hex: 0x2C2C2E)),
        "status.text": Appearance(light: RGBColor(hex: 0x000000), dark: RGBColor(hex: 0xFFFFFF)),
        "status.stale": Appearance(light: RGBColor(hex: 0xC93400), dark: RGBColor(hex: 0xFF9F0A)),
        "hint.background": Appearance(light: RGBColor(hex: 0xFFCC00), dark: RGBColor(hex: 0xFFD60A)),
        "hint.text": Appearance(any: RGBColor(hex: 0x000000)),
        "focus.border": Appearance(light: RGBColor(hex: 0x007AFF), dark: RGBColor(hex: 0x0A84FF)),
    ])
}
