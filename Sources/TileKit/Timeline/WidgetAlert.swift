/// What an entry tells the user when it becomes current, once (docs/extensions.md, "Alerts"):
/// a title, a line of text, and whether the terminal's bell rings.
///
/// Its text is the widget's, drawn nowhere but in notifications: control characters are
/// dropped and each part is cut to a length a notification shows, so no escape sequence of a
/// widget ever reaches the terminal.
public struct WidgetAlert: Codable, Hashable, Sendable {
    public var title: String
    public var body: String
    /// Whether the terminal's bell rings.
    public var sound: Bool

    /// The longest title and body, in characters.
    public static let titleLimit = 100
    public static let bodyLimit = 300

    public init(title: String, body: String = "", sound: Bool = false) {
        self.title = Self.clean(title, limit: Self.titleLimit)
        self.body = Self.clean(body, limit: Self.bodyLimit)
        self.sound = sound
    }

    /// `text` as `TerminalText` leaves it (no control character, escape sequence or bidi
    /// control; a line break or tab becomes a space), at most `limit` characters.
    public static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        TerminalText.scan(text.replacing("\r\n", with: "\n")) { token in
            guard case .scalar(let scalar) = token else { return }
            scalars.append(scalar == "\n" || scalar == "\t" ? " " : scalar)
        }
        return String(String(scalars).prefix(limit))
    }
}
