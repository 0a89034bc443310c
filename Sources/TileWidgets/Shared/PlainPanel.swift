import TileKit

/// The plain background of the widgets without a picture or gradient (`system`, `calendar`): a
/// light or dark system background, the label colour over it, and the widgets' margins.
struct PlainPanel<Content: View>: View {
    @ViewBuilder var content: Content

    static var background: Color { Color(light: RGBColor(hex: 0xFFFFFF), dark: RGBColor(hex: 0x1C1C1E)) }
    static var label: Color { Color(light: RGBColor(hex: 0x1C1C1E), dark: RGBColor(hex: 0xF2F2F7)) }

    var body: some View {
        ZStack {
            Self.background
            content
                .foregroundColor(Self.label)
                .padding(EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2))
        }
    }
}
