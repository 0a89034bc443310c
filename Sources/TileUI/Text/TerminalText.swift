/// Makes untrusted text safe to draw in a terminal: text from a remote service or from a widget
/// program could carry escape sequences that rewrite the clipboard (OSC 52), clear the screen, or
/// reorder a line with bidi controls.
///
/// One scanner serves every caller: it drops C0 controls (but tab and newline), DEL, C1 controls,
/// bidi overrides, embeddings, isolates and marks, and whole escape sequences (CSI, OSC with BEL or
/// ST, DCS, SOS, PM, APC, short escapes, and their 8-bit C1 forms). Joiners, variation selectors
/// and every printable character stay, so emoji sequences are whole.
public enum TerminalText {
    /// What the scanner found.
    public enum Token: Equatable, Sendable {
        /// A character to draw, or a tab or newline.
        case scalar(Unicode.Scalar)
        /// A 7-bit SGR sequence (`ESC [ params m`), with its parameter text (`"1;38;5;208"`).
        case sgr(Substring)
    }

    /// `text` with every control and escape sequence removed; newlines and tabs are kept.
    public static func sanitize(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        scan(text) { token in
            if case .scalar(let scalar) = token { output.append(scalar) }
        }
        return String(output)
    }

    /// Walks `text` once and reports what remains, in order: drawable scalars (and tab, newline)
    /// and SGR sequences. Everything else is dropped.
    public static func scan(_ text: String, _ body: (Token) -> Void) {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            switch classify(scalar) {
            case .keep:
                body(.scalar(scalar))
            case .drop:
                break
            case .escape:
                index = skipEscapeSequence(in: scalars, after: index, body)
            case .controlSequence:
                index = skipControlSequence(in: scalars, from: index)
            case .controlString:
                index = skipControlString(in: scalars, from: index, bellEnds: false)
            case .operatingSystemCommand:
                index = skipControlString(in: scalars, from: index, bellEnds: true)
            }
        }
    }

    private enum ScalarKind {
        case keep, drop
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
        case 0x09, 0x0A: return .keep
        case 0x1B: return .escape
        case 0x00...0x1F, 0x7F: return .drop
        case 0x9B: return .controlSequence
        case 0x9D: return .operatingSystemCommand
        case 0x90, 0x98, 0x9E, 0x9F: return .controlString
        case 0x80...0x9F: return .drop
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .drop
        default: return .keep
        }
    }

    private typealias Index = String.UnicodeScalarView.Index

    /// Skips what follows an ESC and returns the index after the sequence; an SGR sequence is
    /// reported to `body` first.
    private static func skipEscapeSequence(in scalars: String.UnicodeScalarView, after index: Index, _ body: (Token) -> Void) -> Index {
        guard index < scalars.endIndex else { return index }
        let next = scalars[index]
        let afterNext = scalars.index(after: index)
        switch next {
        case "[":
            let end = skipControlSequence(in: scalars, from: afterNext)
            if end > afterNext, scalars[scalars.index(before: end)] == "m" {
                let parameters = Substring(scalars[afterNext..<scalars.index(before: end)])
                if parameters.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == ";" || $0 == ":" }) {
                    body(.sgr(parameters))
                }
            }
            return end
        case "]": return skipControlString(in: scalars, from: afterNext, bellEnds: true)
        case "P", "X", "^", "_": return skipControlString(in: scalars, from: afterNext, bellEnds: false)
        default: return skipShortEscape(in: scalars, from: index)
        }
    }

    /// Skips a CSI body: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, then one final
    /// byte 0x40–0x7E. Stops early (without consuming) at anything else.
    private static func skipControlSequence(in scalars: String.UnicodeScalarView, from start: Index) -> Index {
        skipSequence(in: scalars, from: start, body: 0x20...0x3F, final: 0x40...0x7E)
    }

    /// Skips a control string up to and including its terminator (ESC \ or U+009C, and BEL
    /// for OSC). An unterminated string runs to the end, as a terminal would swallow it.
    private static func skipControlString(in scalars: String.UnicodeScalarView, from start: Index, bellEnds: Bool) -> Index {
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
    private static func skipShortEscape(in scalars: String.UnicodeScalarView, from start: Index) -> Index {
        skipSequence(in: scalars, from: start, body: 0x20...0x2F, final: 0x30...0x7E)
    }

    /// Skips scalars in `body`, then one in `final`; stops without consuming at anything else.
    private static func skipSequence(
        in scalars: String.UnicodeScalarView, from start: Index, body: ClosedRange<UInt32>, final: ClosedRange<UInt32>
    ) -> Index {
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
}
