import TileUI

/// The output of a text widget (`format = "text"`) as a view: SGR colours and styles become the
/// cells' colours and attributes; every other control, escape sequence and bidi control is
/// removed (`TerminalText`); lines are clipped to the tile.
///
/// Kept from SGR: 16, 256 and 24-bit foreground and background colours (`30–37`, `90–97`,
/// `38;5;n`, `38;2;r;g;b` and the background forms, with `:` too), `39` and `49`, bold (`1`,
/// off with `22`), faint (`2`, off with `22`: the foreground at half opacity, dim where nothing
/// lies beneath), italic (`3`/`23`), underline (`4`/`24`), reverse (`7`/`27`: the colours swap,
/// the defaults being the theme's text and widget background) and reset (`0` or empty). Other
/// parameters are ignored. Styles carry over line ends, as in a terminal.
public enum SGRText {
    /// Columns a tab advances to: the next multiple of this.
    public static let tabWidth = 8

    /// The tree that draws `output` from the top-leading corner of a `width` × `height` tile: at
    /// most `height` lines (1 for the inline family), each cut to `width` columns.
    public static func viewNode(_ output: String, width: Int, height: Int) -> ViewNode {
        let lines = styledLines(output, width: width, height: height)
        let rows = lines.map { runs in
            ViewNode(.hStack(alignment: .center, spacing: 0, children: runs.isEmpty ? [ViewNode(.text(.verbatim(" ")))] : runs.map(\.node)))
        }
        return ViewNode(
            .vStack(alignment: .leading, spacing: 0, children: rows),
            modifiers: [.flexibleFrame(ViewNode.FlexibleFrame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])
    }

    /// Like `viewNode(_:width:height:)` for raw program output. Invalid UTF-8 becomes U+FFFD,
    /// except a stray byte 0x80–0x9F, which is read as the C1 control it would be to a terminal
    /// (an 8-bit CSI, say) so that the sequence it starts is removed whole.
    public static func viewNode(bytes: some Collection<UInt8>, width: Int, height: Int) -> ViewNode {
        viewNode(decode(Array(bytes)), width: width, height: height)
    }

    /// A run of text in one style.
    struct Run: Equatable {
        var text: String
        var style: Style

        var node: ViewNode {
            var modifiers: [ViewNode.Modifier] = [.fixedSize(horizontal: true, vertical: true)]
            var foreground = style.foreground.map(Color.init)
            var background = style.background.map(Color.init)
            if style.reverse {
                (foreground, background) = (background ?? Color("widget.background"), foreground ?? .primary)
            }
            if style.faint { foreground = (foreground ?? .primary).opacity(0.5) }
            if let background { modifiers.append(.background(ViewNode(.color(background)), alignment: .center)) }
            if style.bold { modifiers.append(.bold(true)) }
            if style.italic { modifiers.append(.italic(true)) }
            if style.underline { modifiers.append(.underline(true)) }
            if let foreground { modifiers.append(.foregroundColor(foreground)) }
            return ViewNode(.text(.verbatim(text)), modifiers: modifiers)
        }
    }

    /// The SGR state: colours (nil: the tile's defaults) and attributes.
    struct Style: Equatable {
        var foreground: RGBColor?
        var background: RGBColor?
        var bold = false
        var faint = false
        var italic = false
        var underline = false
        var reverse = false
    }

    /// The lines of `output` as styled runs, clipped to `width` columns and `height` lines.
    static func styledLines(_ output: String, width: Int, height: Int) -> [[Run]] {
        var lines: [[Run]] = [[]]
        var style = Style()
        var column = 0
        var current = ""
        var clipped = false

        func flushRun() {
            guard !current.isEmpty else { return }
            if var last = lines[lines.count - 1].last, last.style == style {
                last.text += current
                lines[lines.count - 1][lines[lines.count - 1].count - 1] = last
            } else {
                lines[lines.count - 1].append(Run(text: current, style: style))
            }
            current = ""
        }
        func append(_ character: Character) {
            guard !clipped else { return }
            let cellWidth = character.cellWidth
            if column + cellWidth > width {
                clipped = true
                return
            }
            current.append(character)
            column += cellWidth
        }

        // Graphemes are formed from the kept scalars, so a sequence removed from the middle of
        // an emoji cannot leave half of it.
        var pending = String.UnicodeScalarView()
        func flushScalars() {
            for character in String(pending) {
                if character == "\t" {
                    let next = (column / tabWidth + 1) * tabWidth
                    for _ in column..<next { append(" ") }
                } else {
                    append(character)
                }
            }
            pending.removeAll()
        }
        TerminalText.scan(output) { token in
            switch token {
            case .scalar("\n"):
                flushScalars()
                flushRun()
                lines.append([])
                column = 0
                clipped = false
            case .scalar(let scalar):
                pending.append(scalar)
            case .sgr(let parameters):
                flushScalars()
                flushRun()
                apply(parameters, to: &style)
            }
        }
        flushScalars()
        flushRun()
        // A final newline ends the last line rather than starting an empty one.
        if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
        return Array(lines.prefix(max(0, height)))
    }

    /// Applies the parameters of one SGR sequence to `style`.
    static func apply(_ parameters: Substring, to style: inout Style) {
        // `38:2::r:g:b` keeps its colour in one parameter; `38;2;r;g;b` spreads it over several.
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { parameter in
            parameter.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
        if codes.isEmpty { codes = [[0]] }
        var index = 0
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code.first ?? 0 {
            case nil, 0?: style = Style()
            case 1?: style.bold = true
            case 2?: style.faint = true
            case 3?: style.italic = true
            case 4?: style.underline = true
            case 7?: style.reverse = true
            case 27?: style.reverse = false
            case 21?: style.bold = false
            case 22?:
                style.bold = false
                style.faint = false
            case 23?: style.italic = false
            case 24?: style.underline = false
            case let n? where (30...37).contains(n): style.foreground = ColorPalette.color(ofIndex: UInt8(n - 30))
            case let n? where (90...97).contains(n): style.foreground = ColorPalette.color(ofIndex: UInt8(n - 90 + 8))
            case let n? where (40...47).contains(n): style.background = ColorPalette.color(ofIndex: UInt8(n - 40))
            case let n? where (100...107).contains(n): style.background = ColorPalette.color(ofIndex: UInt8(n - 100 + 8))
            case 39?: style.foreground = nil
            case 49?: style.background = nil
            case let n? where n == 38 || n == 48:
                let color: RGBColor?
                if code.count > 1 {
                    color = extendedColor(Array(code.dropFirst()))
                } else {
                    let rest = codes[index...].prefix { $0.count == 1 }.map { $0[0] }
                    let used = rest.first == 5 ? 2 : rest.first == 2 ? 4 : rest.count
                    color = extendedColor(Array(rest.prefix(used)))
                    index += min(used, rest.count)
                }
                if let color {
                    if n == 38 { style.foreground = color } else { style.background = color }
                }
            default:
                break
            }
        }
    }

    /// `5;n` or `2;r;g;b` (also `2;;r;g;b`, the colon form with an empty colour space).
    private static func extendedColor(_ values: [Int?]) -> RGBColor? {
        switch values.first {
        case 5?:
            guard values.count >= 2, let index = values[1], (0...255).contains(index) else { return nil }
            return ColorPalette.color(ofIndex: UInt8(index))
        case 2?:
            let channels = values.count >= 5 ? Array(values.suffix(3)) : Array(values.dropFirst())
            guard channels.count == 3, let r = channels[0], let g = channels[1], let b = channels[2],
                  [r, g, b].allSatisfy({ (0...255).contains($0) }) else { return nil }
            return RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
        default:
            return nil
        }
    }

    /// UTF-8 with stray C1 bytes read as C1 controls (see `viewNode(bytes:width:height:)`).
    static func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               let decoded = String(validating: bytes[index..<index + length], as: UTF8.self) {
                scalars.append(contentsOf: decoded.unicodeScalars)
                index += length
                continue
            }
            scalars.append((0x80...0x9F).contains(byte) ? Unicode.Scalar(byte) : "\u{FFFD}")
            index += 1
        }
        return String(scalars)
    }
}
