import TileUI

/// Makes text that came from a remote service safe to draw on one line of a tile.
///
/// Remote text is untrusted: a quote or commit message could carry escape sequences that
/// rewrite the clipboard (OSC 52), clear the screen, or reorder the line with bidi controls.
/// `TerminalText` removes those; this adds the one-line shape and the length cap.
public enum RemoteText {
    /// Default maximum length, in `Character`s, of a sanitized string.
    public static let defaultMaxLength = 500

    /// Returns `text` with control characters, escape sequences and bidi controls removed,
    /// tabs and newlines turned into spaces, whitespace runs collapsed, ends trimmed, and at
    /// most `maxLength` characters (the last one an "…" when the text was cut).
    public static func sanitize(_ text: String, maxLength: Int = defaultMaxLength) -> String {
        let cleaned = stripControls(from: text)
        return truncate(cleaned, to: maxLength)
    }

    /// Decodes `bytes` as UTF-8, replacing invalid sequences with U+FFFD, then sanitizes the
    /// result like ``sanitize(_:maxLength:)``.
    public static func sanitize(bytes: some Collection<UInt8>, maxLength: Int = defaultMaxLength) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self), maxLength: maxLength)
    }

    // MARK: - Whitespace

    /// Keeps what `TerminalText` keeps, collapsing whitespace (tabs and newlines too) into single
    /// spaces and dropping it at both ends. The ideographic space is part of CJK typography, so it
    /// is kept as it is.
    private static func stripControls(from text: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        TerminalText.scan(text) { token in
            guard case .scalar(let scalar) = token else { return }
            if scalar.properties.isWhitespace && scalar != "\u{3000}" {
                pendingSpace = true
                return
            }
            if pendingSpace && !output.isEmpty {
                output.append(" ")
            }
            pendingSpace = false
            output.append(scalar)
        }
        return String(output)
    }

    // MARK: - Length

    private static func truncate(_ text: String, to maxLength: Int) -> String {
        guard maxLength > 0 else { return "" }
        guard text.count > maxLength else { return text }
        var kept = String(text.prefix(maxLength - 1))
        while kept.last?.isWhitespace == true {
            kept.removeLast()
        }
        return kept + "…"
    }
}
