// Text from users and services, made safe to print to a terminal.

extension String {
    /// The text with every control character (C0, DEL and C1, Unicode's `Cc`) written as a JSON
    /// string escape: ESC becomes `\u001b`, a newline `\n`, a tab `\t`.
    ///
    /// A terminal acts on control characters: an ESC in a stored value or a service's message
    /// could move the cursor, retitle the window or set the clipboard (OSC 52) when printed. Every
    /// command that prints user or remote data passes it through here. Backslashes are left as
    /// they are, so ordinary text prints unchanged; the escape is for safety, not a round trip.
    ///
    /// With `keepingNewlines`, "\n" stays a line break (for multi-line messages).
    public func escapingControlCharacters(keepingNewlines: Bool = false) -> String {
        guard unicodeScalars.contains(where: { $0.isControlCharacter && !(keepingNewlines && $0 == "\n") }) else {
            return self
        }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard scalar.isControlCharacter, !(keepingNewlines && scalar == "\n") else {
                escaped.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": escaped.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": escaped.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                let hex = String(scalar.value, radix: 16)
                escaped.append(contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(escaped)
    }
}

extension Unicode.Scalar {
    /// Whether this is a control character a terminal may act on: U+0000–U+001F, U+007F–U+009F.
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
