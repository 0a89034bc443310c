/// The SF Symbols names `Image(systemName:)` knows, each drawn as a Unicode glyph. Most are text
/// glyphs of one column that take the foreground colour; a few have only an emoji (two columns,
/// its own colours). docs/layout.md#system-names lists the table; a test keeps the two equal.
public enum SystemSymbols {
    /// Name → glyph; `.fill` variants draw the solid glyph where Unicode has one.
    public static let table: [(name: String, glyph: String)] = [
        ("sun.max", "☀"), ("sun.max.fill", "☀"), ("moon", "☾"), ("moon.fill", "☾"),
        ("cloud", "☁"), ("cloud.fill", "☁"), ("cloud.rain", "☂"), ("cloud.rain.fill", "☂"),
        ("cloud.snow", "❄"), ("cloud.snow.fill", "❄"), ("cloud.bolt", "ϟ"), ("cloud.bolt.fill", "ϟ"),
        ("cloud.sun", "⛅"), ("cloud.sun.fill", "⛅"), ("umbrella", "☂"), ("umbrella.fill", "☂"),
        ("snowflake", "❄"), ("wind", "≋"), ("bolt", "ϟ"), ("bolt.fill", "ϟ"),
        ("star", "☆"), ("star.fill", "★"), ("heart", "♡"), ("heart.fill", "♥"),
        ("checkmark", "✓"), ("checkmark.circle", "✓"), ("checkmark.circle.fill", "✔"),
        ("xmark", "✕"), ("xmark.circle", "⊗"), ("xmark.circle.fill", "⊗"),
        ("plus", "+"), ("minus", "−"), ("plus.circle", "⊕"), ("minus.circle", "⊖"),
        ("circle", "○"), ("circle.fill", "●"), ("square", "□"), ("square.fill", "■"),
        ("triangle", "△"), ("triangle.fill", "▲"), ("diamond", "◇"), ("diamond.fill", "◆"),
        ("arrow.up", "↑"), ("arrow.down", "↓"), ("arrow.left", "←"), ("arrow.right", "→"),
        ("arrow.up.right", "↗"), ("arrow.clockwise", "↻"), ("arrow.counterclockwise", "↺"),
        ("chevron.up", "˄"), ("chevron.down", "˅"), ("chevron.left", "‹"), ("chevron.right", "›"),
        ("gear", "⚙"), ("gearshape", "⚙"), ("gearshape.fill", "⚙"), ("house", "⌂"), ("house.fill", "⌂"),
        ("envelope", "✉"), ("envelope.fill", "✉"), ("phone", "☎"), ("phone.fill", "☎"),
        ("clock", "◷"), ("clock.fill", "◷"), ("alarm", "⏰"), ("calendar", "▦"),
        ("bell", "🔔"), ("bell.fill", "🔔"), ("music.note", "♪"), ("flag", "⚑"), ("flag.fill", "⚑"),
        ("magnifyingglass", "⌕"), ("person", "👤"), ("person.fill", "👤"), ("lock", "🔒"), ("lock.fill", "🔒"),
        ("exclamationmark.triangle", "⚠"), ("exclamationmark.triangle.fill", "⚠"), ("info.circle", "ⓘ"),
        ("square.and.arrow.up", "⇪"), ("doc.on.doc", "⧉"), ("location", "➤"), ("location.fill", "➤"),
        ("cart", "🛒"), ("cart.fill", "🛒"), ("creditcard", "💳"), ("creditcard.fill", "💳"),
        ("qrcode", "▣"), ("qrcode.viewfinder", "▣"), ("bus", "🚌"), ("bus.fill", "🚌"),
    ]

    private static let glyphs: [String: String] = Dictionary(table.map { ($0.name, $0.glyph) }, uniquingKeysWith: { first, _ in first })

    /// The glyph for `name`, or nil when the table has no such name.
    public static func glyph(for name: String) -> String? { glyphs[name] }
}
