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

    /// `text` without control characters (C0, DEL, C1; a line break becomes a space), at most
    /// `limit` characters.
    public static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
                scalars.append(scalar)
            }
        }
        return String(String(scalars).prefix(limit))
    }
}
