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
        /// The catalogue's key of the short form for `tiles run --help` (`brief.families`).
        public let briefKey: String

        /// The short form for `tiles run --help` (`families`), in the language in use.
        public var brief: String { L(briefKey) }

        /// What they do, in the overlay's words, in the language in use.
        public var action: String { L(actionKey) }
    }

    public static let all: [Binding] = [
        Binding(keys: "s m l x", actionKey: "keys.families", briefKey: "brief.families"),
        Binding(keys: "+ -", actionKey: "keys.focused_family", briefKey: "brief.focused_family"),
        Binding(keys: "t", actionKey: "keys.scheme", briefKey: "brief.scheme"),
        Binding(keys: "T", actionKey: "keys.theme", briefKey: "brief.theme"),
        Binding(keys: "1 … 9", actionKey: "keys.tap", briefKey: "brief.tap"),
        Binding(keys: "f", actionKey: "keys.hints", briefKey: "brief.hints"),
        Binding(keys: "Tab S-Tab ←↑↓→", actionKey: "keys.focus", briefKey: "brief.focus"),
        Binding(keys: "Enter", actionKey: "keys.enter", briefKey: "brief.enter"),
        Binding(keys: "click", actionKey: "keys.click", briefKey: "brief.click"),
        Binding(keys: "e", actionKey: "keys.edit", briefKey: "brief.edit"),
        Binding(keys: "E", actionKey: "keys.arrange", briefKey: "brief.arrange"),
        Binding(keys: "< >", actionKey: "keys.stack", briefKey: "brief.stack"),
        Binding(keys: "j k", actionKey: "keys.list_pages", briefKey: "brief.list_pages"),
        Binding(keys: "r", actionKey: "keys.reload", briefKey: "brief.reload"),
        Binding(keys: "[ ] PgUp PgDn", actionKey: "keys.pages", briefKey: "brief.pages"),
        Binding(keys: "d", actionKey: "keys.dismiss", briefKey: "brief.dismiss"),
        Binding(keys: "a", actionKey: "keys.alerts", briefKey: "brief.alerts"),
        Binding(keys: "?", actionKey: "keys.help", briefKey: "brief.help"),
        Binding(keys: "q Ctrl-C", actionKey: "keys.quit", briefKey: "brief.quit"),
    ]

    /// One paragraph for `tiles run --help`: `Keys: s m l x (families), …`.
    public static var summary: String {
        L("help.board.keys", ["list": all.map { "\($0.keys) (\($0.brief))" }.joined(separator: L("help.board.keys_separator"))])
    }
}
