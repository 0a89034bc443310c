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
    /// A trigger's rise that raised it (`[[widget.alert]]`): such an alert is given once per
    /// rise, whichever entry carries it and whatever its text says by then; nil for a
    /// program's alert, given once per entry.
    public var rise: String?

    /// The longest title and body, in characters.
    public static let titleLimit = 100
    public static let bodyLimit = 300

    public init(title: String, body: String = "", sound: Bool = false, rise: String? = nil) {
        self.title = Self.clean(title, limit: Self.titleLimit)
        self.body = Self.clean(body, limit: Self.bodyLimit)
        self.sound = sound
        self.rise = rise
    }

    /// The most scalars a character keeps: an emoji's longest sequence is 10; a letter with
    /// thousands of combining marks is still one character, and would be 100 KB of one.
    public static let scalarsPerCharacter = 16

    /// `text` as `TerminalText` leaves it (no control character, escape sequence or bidi
    /// control; a line break or tab becomes a space), at most `limit` characters of at most
    /// ``scalarsPerCharacter`` scalars each, so at most `limit * 64` bytes (an input with
    /// characters of thousands of scalars is read only so far).
    public static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        // A bound on the work for any input: far more scalars than `limit` characters keep.
        let scalarLimit = limit * scalarsPerCharacter * 64
        TerminalText.scan(text.replacing("\r\n", with: "\n")) { token in
            guard case .scalar(let scalar) = token, scalars.count < scalarLimit else { return }
            scalars.append(scalar == "\n" || scalar == "\t" ? " " : scalar)
        }
        var result = ""
        for character in String(scalars).prefix(limit) {
            let kept = character.unicodeScalars.prefix(scalarsPerCharacter)
            result.unicodeScalars.append(contentsOf: kept)
        }
        return result
    }
}
