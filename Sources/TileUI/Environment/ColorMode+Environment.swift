private struct ColorModeKey: EnvironmentKey {
    static let defaultValue = ColorMode.trueColor
}

extension EnvironmentValues {
    /// The colours the output can show. Pictures draw only with colour: where it is `.none` (plain
    /// text, `NO_COLOR`) an `Image` draws nothing and what lies beneath shows. Hosts set it from
    /// the terminal; the default is truecolor.
    public var colorMode: ColorMode {
        get { self[ColorModeKey.self] }
        set { self[ColorModeKey.self] = newValue }
    }
}
