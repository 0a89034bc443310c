/// Every key of the board, in one table: the `?` overlay, `tiles run --help` and the man page
/// (made from the help) are all drawn from it, and a test checks that docs/usage.md's Keys table
/// names each one.
public enum BoardKeys {
    public struct Binding: Sendable {
        /// The keys as the overlay shows them (`s m l x`).
        public let keys: String
        /// What they do, in the overlay's words.
        public let action: String
        /// The short form for `tiles run --help` (`families`).
        public let brief: String
    }

    public static let all: [Binding] = [
        Binding(keys: "s m l x", action: "every tile small / medium / large / extra large", brief: "families"),
        Binding(keys: "+ -", action: "focused tile one family larger / smaller", brief: "focused tile's family"),
        Binding(keys: "t", action: "toggle light / dark", brief: "light/dark"),
        Binding(keys: "T", action: "next theme", brief: "theme"),
        Binding(keys: "1 … 9", action: "tap tile N on this page", brief: "tap"),
        Binding(keys: "f", action: "hints: type a label to open or press it, Esc leaves", brief: "link and control hints"),
        Binding(keys: "Tab S-Tab ←↑↓→", action: "move the focus", brief: "focus"),
        Binding(keys: "Enter", action: "tap the focused tile", brief: "tap the focused tile"),
        Binding(keys: "click", action: "tap the link or control under the mouse", brief: "tap what is under the mouse"),
        Binding(keys: "e", action: "edit the focused widget (Enter saves, Esc cancels)", brief: "edit the focused widget"),
        Binding(keys: "E", action: "edit mode: arrange the board, a adds widgets (Esc saves)", brief: "edit mode: arrange the board"),
        Binding(keys: "< >", action: "focused Smart Stack: previous / next widget", brief: "turn a Smart Stack"),
        Binding(keys: "j k", action: "focused tile's list: next / previous page (the wheel over it too)", brief: "turn a list's pages"),
        Binding(keys: "r", action: "reload the focused tile (all when none)", brief: "reload"),
        Binding(keys: "[ ] PgUp PgDn", action: "previous / next page", brief: "pages"),
        Binding(keys: "d", action: "dismiss the banner's alerts and ended activities", brief: "dismiss the banner"),
        Binding(keys: "a", action: "alerts: the latest, newest first, unread marked ● (any key closes)", brief: "alert history"),
        Binding(keys: "?", action: "this help (any key closes it)", brief: "help"),
        Binding(keys: "q Ctrl-C", action: "quit", brief: "quit"),
    ]

    /// One paragraph for `tiles run --help`: `Keys: s m l x (families), …`.
    public static var summary: String {
        "Keys: " + all.map { "\($0.keys) (\($0.brief))" }.joined(separator: ", ") + "."
    }
}
