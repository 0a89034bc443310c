import TileKit

/// Every key of the board, in one table: the `?` overlay, `tiles run --help` and the man page
/// (made from the help) are all drawn from it, and a test checks that docs/usage.md's Keys table
/// names each one.
public enum BoardKeys {
    public struct Binding: Sendable {
        /// The keys as the overlay shows them (`s m l x`).
        public let keys: String
        /// What they do, as the catalogue's key (`keys.families`).
        public let actionKey: String
        /// The short form for `tiles run --help` (`families`).
        public let brief: String

        /// What they do, in the overlay's words, in the language in use.
        public var action: String { L(actionKey) }
    }

    public static let all: [Binding] = [
        Binding(keys: "s m l x", actionKey: "keys.families", brief: "families"),
        Binding(keys: "+ -", actionKey: "keys.focused_family", brief: "focused tile's family"),
        Binding(keys: "t", actionKey: "keys.scheme", brief: "light/dark"),
        Binding(keys: "T", actionKey: "keys.theme", brief: "theme"),
        Binding(keys: "1 … 9", actionKey: "keys.tap", brief: "tap"),
        Binding(keys: "f", actionKey: "keys.hints", brief: "link and control hints"),
        Binding(keys: "Tab S-Tab ←↑↓→", actionKey: "keys.focus", brief: "focus"),
        Binding(keys: "Enter", actionKey: "keys.enter", brief: "tap the focused tile"),
        Binding(keys: "click", actionKey: "keys.click", brief: "tap what is under the mouse"),
        Binding(keys: "e", actionKey: "keys.edit", brief: "edit the focused widget"),
        Binding(keys: "E", actionKey: "keys.arrange", brief: "edit mode: arrange the board"),
        Binding(keys: "< >", actionKey: "keys.stack", brief: "turn a Smart Stack"),
        Binding(keys: "j k", actionKey: "keys.list_pages", brief: "turn a list's pages"),
        Binding(keys: "r", actionKey: "keys.reload", brief: "reload"),
        Binding(keys: "[ ] PgUp PgDn", actionKey: "keys.pages", brief: "pages"),
        Binding(keys: "d", actionKey: "keys.dismiss", brief: "dismiss the banner"),
        Binding(keys: "a", actionKey: "keys.alerts", brief: "alert history"),
        Binding(keys: "?", actionKey: "keys.help", brief: "help"),
        Binding(keys: "q Ctrl-C", actionKey: "keys.quit", brief: "quit"),
    ]

    /// One paragraph for `tiles run --help`: `Keys: s m l x (families), …`.
    public static var summary: String {
        "Keys: " + all.map { "\($0.keys) (\($0.brief))" }.joined(separator: ", ") + "."
    }
}
