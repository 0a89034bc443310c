// Text from users and services, made safe to print to a terminal.

extension String {
    /// The text with every control character (C0, DEL and C1, Unicode's `Cc`) and every bidi
    /// control (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) written as a JSON string
    /// escape: ESC becomes `\u001b`, RLO `\u202e`, a newline `\n`, a tab `\t`.
    ///
    /// A terminal acts on control characters: an ESC in a stored value or a service's message
    /// could move the cursor, retitle the window or set the clipboard (OSC 52) when printed, and a
    /// bidi override reorders what follows it on the line. Everything that prints, logs or puts in
    /// a message text a user, a program or a service supplied passes it through here. Backslashes are left as
    /// they are, so ordinary text prints unchanged; the escape is for safety, not a round trip.
    ///
    /// With `keepingNewlines`, "\n" stays a line break (for multi-line messages).
    public func escapingControlCharacters(keepingNewlines: Bool = false) -> String {
        guard unicodeScalars.contains(where: { $0.needsEscapeInTerminal && !(keepingNewlines && $0 == "\n") }) else {
            return self
        }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard scalar.needsEscapeInTerminal, !(keepingNewlines && scalar == "\n") else {
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
    /// Whether a terminal may act on this scalar or reorder text around it: C0, DEL, C1, and the
    /// bidi marks, embeddings, overrides and isolates.
    var needsEscapeInTerminal: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
