import TileKit

/// QQ Sync's background: seed 000's picture (`Image("widget_background_test").resizable()`,
/// a light and a dark one in Assets/) over the blue-to-violet gradient, which shows where the
/// picture cannot be drawn (no colour). The picture is decoration, not data, so a placeholder
/// keeps it rather than drawing the grey box of a redacted image.
struct QQSyncBackground: View {
    var body: some View {
        ZStack {
            WidgetPalette.qqSyncGradient
            Image("widget_background_test").resizable().unredacted()
        }
    }
}
