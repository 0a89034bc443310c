/// Makes text that came from a remote service safe to draw in a terminal.
///
/// Remote text is untrusted: a quote or commit message could carry escape sequences that
/// rewrite the clipboard (OSC 52), clear the screen, or reorder the line with bidi controls.
public enum RemoteText {
    /// Default maximum length, in `Character`s, of a sanitized string.
    public static let defaultMaxLength = 500

    /// Returns `text` with control characters, escape sequences and bidi controls removed,
    /// tabs and newlines turned into spaces, whitespace runs collapsed, ends trimmed, and at
    /// most `maxLength` characters (the last one an "…" when the text was cut).
    public static func sanitize(_ text: String, maxLength: Int = defaultMaxLength) -> String {
        let cleaned = stripControls(from: text.unicodeScalars)
        return truncate(cleaned, to: maxLength)
    }

    /// Decodes `bytes` as UTF-8, replacing invalid sequences with U+FFFD, then sanitizes the
    /// result like ``sanitize(_:maxLength:)``.
    public static func sanitize(bytes: some Collection<UInt8>, maxLength: Int = defaultMaxLength) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self), maxLength: maxLength)
    }

    // MARK: - Scanning

    /// Walks the scalars once, dropping controls and whole escape sequences, and collapsing
    /// whitespace into single spaces. Leading and trailing whitespace is dropped.
    private static func stripControls(from scalars: String.UnicodeScalarView) -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var index = scalars.startIndex

        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && !output.isEmpty {
                output.append(" ")
            }
            pendingSpace = false
            output.append(scalar)
        }

        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            switch classify(scalar) {
            case .keep:
                emit(scalar)
            case .space:
                pendingSpace = true
            case .drop:
                break
            case .escape:
                index = skipEscapeSequence(in: scalars, after: index)
            case .controlSequence:
                index = skipControlSequence(in: scalars, from: index)
            case .controlString:
                index = skipControlString(in: scalars, from: index, bellEnds: false)
            case .operatingSystemCommand:
                index = skipControlString(in: scalars, from: index, bellEnds: true)
            }
        }
        return String(output)
    }

    private enum ScalarKind {
        case keep, space, drop
        /// ESC: what follows decides how long the sequence is.
        case escape
        /// CSI body: parameters, intermediates, one final byte.
        case controlSequence
        /// DCS/SOS/PM/APC body: runs to the string terminator.
        case controlString
        /// OSC body: runs to BEL or the string terminator.
        case operatingSystemCommand
    }

    private static func classify(_ scalar: Unicode.Scalar) -> ScalarKind {
        switch scalar.value {
        case 0x09, 0x0A: return .space
        case 0x1B: return .escape
        case 0x00...0x1F, 0x7F: return .drop
        case 0x9B: return .controlSequence
        case 0x9D: return .operatingSystemCommand
        case 0x90, 0x98, 0x9E, 0x9F: return .controlString
        case 0x80...0x9F: return .drop
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .drop
        // The ideographic space is part of CJK typography, so it is kept as it is.
        case 0x3000: return .keep
        default: return scalar.properties.isWhitespace ? .space : .keep
        }
    }

    /// Skips what follows an ESC and returns the index after the sequence.
    private static func skipEscapeSequence(
        in scalars: String.UnicodeScalarView,
        after index: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        guard index < scalars.endIndex else { return index }
        let next = scalars[index]
        let afterNext = scalars.index(after: index)
        switch next {
        case "[": return skipControlSequence(in: scalars, from: afterNext)
        case "]": return skipControlString(in: scalars, from: afterNext, bellEnds: true)
        case "P", "X", "^", "_": return skipControlString(in: scalars, from: afterNext, bellEnds: false)
        default: return skipShortEscape(in: scalars, from: index)
        }
    }

    /// Skips a CSI body: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, then one final
    /// byte 0x40–0x7E. Stops early (without consuming) at anything else.
    private static func skipControlSequence(
        in scalars: String.UnicodeScalarView,
        from start: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        skipSequence(in: scalars, from: start, body: 0x20...0x3F, final: 0x40...0x7E)
    }

    /// Skips a control string up to and including its terminator (ESC \ or U+009C, and BEL
    /// for OSC). An unterminated string runs to the end, as a terminal would swallow it.
    private static func skipControlString(
        in scalars: String.UnicodeScalarView,
        from start: String.UnicodeScalarView.Index,
        bellEnds: Bool
    ) -> String.UnicodeScalarView.Index {
        var index = start
        while index < scalars.endIndex {
            let value = scalars[index].value
            let next = scalars.index(after: index)
            if value == 0x9C || (bellEnds && value == 0x07) {
                return next
            }
            if value == 0x1B {
                if next < scalars.endIndex && scalars[next] == "\\" {
                    return scalars.index(after: next)
                }
                // A bare ESC aborts the string; it starts a new sequence of its own.
                return index
            }
            index = next
        }
        return index
    }

    /// Skips a short escape: intermediates 0x20–0x2F then one final 0x30–0x7E
    /// (e.g. `ESC c`, `ESC ( B`). A non-ASCII follower is left alone.
    private static func skipShortEscape(
        in scalars: String.UnicodeScalarView,
        from start: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index {
        skipSequence(in: scalars, from: start, body: 0x20...0x2F, final: 0x30...0x7E)
    }

    /// Skips scalars in `body`, then one in `final`; stops without consuming at anything else.
    private static func skipSequence(
        in scalars: String.UnicodeScalarView,
        from start: String.UnicodeScalarView.Index,
        body: ClosedRange<UInt32>,
        final: ClosedRange<UInt32>
    ) -> String.UnicodeScalarView.Index {
        var index = start
        while index < scalars.endIndex {
            let value = scalars[index].value
            if body.contains(value) {
                scalars.formIndex(after: &index)
            } else if final.contains(value) {
                return scalars.index(after: index)
            } else {
                return index
            }
        }
        return index
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
