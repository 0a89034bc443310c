import TileKit

/// A rounded pill button label, as the seed's 去分享: one line that never wraps, 20 pt of
/// padding each side (3 columns), white with black text, the end cells left unpainted.
struct PillLabel: View {
    var title: String

    var body: some View {
        Text(title)
            .fixedSize()
            .font(.system(size: 14))
            .padding(EdgeInsets(points: 5, 20, 5, 20))
            .background(WidgetPalette.pillBackground)
            .foregroundColor(WidgetPalette.pillText)
            .cornerRadius(12)
    }
}
