/// Writes a `CellGrid` as an SVG picture, for `tiles render --format svg`, the gallery in
/// docs/gallery and the README.
///
/// Every cell is a fixed 8.4 × 17 px box (`cellWidth`, `cellHeight`): 8.4 px is the advance of a
/// 14 px monospace font (0.6 em), 17 px its line height. Backgrounds are rectangles, one per run
/// of equal colour in a row; text is placed by column, never by the font's own advance, so the
/// picture keeps the grid's widths whatever font the viewer has: a run of narrow characters is
/// stretched to exactly its cells with `textLength`, a run holding wide (CJK) characters gives
/// each character its own `x`, and an emoji or any grapheme of several scalars (a ZWJ sequence,
/// a flag, a keycap) is a text element of its own, fitted to its cells. Block elements (`█▀▄▌▐`, quadrants, shades) are drawn as rectangles,
/// so block-glyph digits are solid in every font. The output depends only on the grid and the
/// default colours: the same input gives the same bytes.
public struct SVGRenderer: Sendable {
    /// A cell's width in tenths of a pixel (8.4 px).
    public static let cellWidth = 84
    /// A cell's height in tenths of a pixel (17 px).
    public static let cellHeight = 170
    /// The font stack: monospace fonts first, then CJK and emoji fonts for what they lack.
    public static let fontFamily = "'DejaVu Sans Mono','Menlo','Consolas','Noto Sans Mono CJK SC','Noto Sans CJK SC',"
        + "'Source Han Sans SC','PingFang SC','Microsoft YaHei','Noto Color Emoji','Apple Color Emoji','Segoe UI Emoji',monospace"

    /// The colour of text without one (the terminal's default foreground).
    public let defaultForeground: RGBColor
    /// The colour of cells without a background (the terminal's default background).
    public let defaultBackground: RGBColor

    /// A renderer that paints unpainted cells `defaultBackground` and uncoloured text `defaultForeground`.
    public init(defaultForeground: RGBColor, defaultBackground: RGBColor) {
        self.defaultForeground = defaultForeground
        self.defaultBackground = defaultBackground
    }

    /// A renderer in `theme`'s colours for `scheme`: its primary text on its board's background.
    public init(theme: Theme, scheme: ColorScheme) {
        self.init(
            defaultForeground: theme.color(named: "text.primary", scheme: scheme) ?? RGBColor(hex: scheme == .dark ? 0xFFFFFF : 0),
            defaultBackground: theme.color(named: "board.background", scheme: scheme) ?? RGBColor(hex: scheme == .dark ? 0 : 0xFFFFFF))
    }

    /// The whole picture: an `<svg>` document ending with a newline.
    public func render(_ grid: CellGrid) -> String {
        let width = Self.pixels(grid.width * Self.cellWidth), height = Self.pixels(grid.height * Self.cellHeight)
        var backgrounds = "", blocks = "", texts = ""
        for y in 0..<grid.height {
            let row = (0..<grid.width).map { Painted(grid[$0, y], renderer: self) }
            backgrounds += backgroundRects(row, y: y)
            blocks += blockRects(row, y: y)
            texts += textElements(row, y: y)
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <style>text{font-family:\(Self.fontFamily);font-size:14px}.b{font-weight:bold}.i{font-style:italic}.u{text-decoration:underline}</style>
            <rect width="100%" height="100%" fill="\(defaultBackground)"/>
            <g shape-rendering="crispEdges">
            \(backgrounds)\(blocks)</g>
            \(texts)</svg>

            """
    }

    /// One cell as drawn: reverse video and dim already applied, colours resolved.
    struct Painted: Equatable {
        var character: Character
        var isContinuation: Bool
        var foreground: RGBColor
        var background: RGBColor
        var attributes: CellAttributes

        init(_ cell: Cell, renderer: SVGRenderer) {
            var foreground = cell.foreground ?? renderer.defaultForeground
            var background = cell.background ?? renderer.defaultBackground
            if cell.attributes.contains(.reverse) { swap(&foreground, &background) }
            if cell.attributes.contains(.dim) { foreground = foreground.dimmed(over: background) }
            character = cell.character
            isContinuation = cell.isContinuation
            self.foreground = foreground
            self.background = background
            attributes = cell.attributes.intersection([.bold, .italic, .underline])
        }
    }

    /// A rectangle per run of equal background in row `y`, leaving out the default background
    /// (the whole picture is painted with it first).
    private func backgroundRects(_ row: [Painted], y: Int) -> String {
        var output = ""
        var x = 0
        while x < row.count {
            let color = row[x].background
            var end = x + 1
            while end < row.count, row[end].background == color { end += 1 }
            if color != defaultBackground {
                output += Self.rect(x: x * Self.cellWidth, y: y * Self.cellHeight, width: (end - x) * Self.cellWidth,
                                    height: Self.cellHeight, color: color)
            }
            x = end
        }
        return output
    }

    /// Block elements of row `y` as rectangles: each cell split into a left and a right half
    /// column, each with a top and a bottom colour; runs of equal halves become one rectangle.
    private func blockRects(_ row: [Painted], y: Int) -> String {
        var halves: [(top: RGBColor?, bottom: RGBColor?)] = []
        for cell in row {
            guard !cell.isContinuation, let block = BlockElement(cell.character) else {
                halves += [(nil, nil), (nil, nil)]
                continue
            }
            let color = block.shade.map { cell.foreground.blended(over: cell.background, alpha: $0) } ?? cell.foreground
            halves.append((block.quadrants.contains(.topLeft) ? color : nil, block.quadrants.contains(.bottomLeft) ? color : nil))
            halves.append((block.quadrants.contains(.topRight) ? color : nil, block.quadrants.contains(.bottomRight) ? color : nil))
        }
        var output = ""
        let half = Self.cellWidth / 2, top = y * Self.cellHeight, middle = Self.cellHeight / 2
        var x = 0
        while x < halves.count {
            let run = halves[x]
            var end = x + 1
            while end < halves.count, halves[end] == run { end += 1 }
            let left = x * half, width = (end - x) * half
            if let color = run.top, run.bottom == color {
                output += Self.rect(x: left, y: top, width: width, height: Self.cellHeight, color: color)
            } else {
                if let color = run.top { output += Self.rect(x: left, y: top, width: width, height: middle, color: color) }
                if let color = run.bottom {
                    output += Self.rect(x: left, y: top + middle, width: width, height: Self.cellHeight - middle, color: color)
                }
            }
            x = end
        }
        return output
    }

    /// The text of row `y`: runs of single-scalar characters in one style, and every other
    /// grapheme alone. Spaces and blocks end a run.
    private func textElements(_ row: [Painted], y: Int) -> String {
        var output = ""
        let baseline = Self.pixels(y * Self.cellHeight + 130)
        var x = 0
        while x < row.count {
            let cell = row[x]
            guard let kind = TextKind(cell) else {
                x += 1
                continue
            }
            var characters = [cell.character]
            var columns = [x]
            var end = x + cell.character.cellWidth
            if kind == .simple {
                while end < row.count, TextKind(row[end]) == .simple, row[end].foreground == cell.foreground,
                      row[end].attributes == cell.attributes {
                    characters.append(row[end].character)
                    columns.append(end)
                    end += row[end].character.cellWidth
                }
            }
            var attributes = "fill=\"\(cell.foreground)\""
            let classes = [(CellAttributes.bold, "b"), (.italic, "i"), (.underline, "u")]
                .filter { cell.attributes.contains($0.0) }.map(\.1)
            if !classes.isEmpty { attributes += " class=\"\(classes.joined(separator: " "))\"" }
            let text = Self.escaped(String(characters))
            if kind == .simple, end - x > characters.count {
                // Wide characters: each placed at its own column.
                let positions = columns.map { Self.pixels($0 * Self.cellWidth) }.joined(separator: " ")
                output += "<text x=\"\(positions)\" y=\"\(baseline)\" \(attributes)>\(text)</text>\n"
            } else {
                // Narrow characters, or one cluster: stretched to exactly their cells.
                let length = Self.pixels((end - x) * Self.cellWidth)
                output += "<text x=\"\(Self.pixels(x * Self.cellWidth))\" y=\"\(baseline)\" textLength=\"\(length)\" "
                    + "lengthAdjust=\"spacingAndGlyphs\" \(attributes)>\(text)</text>\n"
            }
            x = end
        }
        return output
    }

    /// How a cell's grapheme is placed.
    private enum TextKind: Equatable {
        /// One scalar in the Basic Multilingual Plane (one UTF-16 unit, which is what SVG's
        /// per-character `x` counts): joins runs.
        case simple
        /// Anything else (several scalars, or outside the BMP): alone, fitted to its cells.
        case cluster

        /// Nil for what draws no text: continuations, spaces, block elements.
        init?(_ cell: Painted) {
            guard !cell.isContinuation, cell.character != " ", BlockElement(cell.character) == nil,
                  cell.character.cellWidth > 0 else { return nil }
            let scalars = cell.character.unicodeScalars
            self = scalars.count == 1 && scalars.first!.value < 0x10000 ? .simple : .cluster
        }
    }

    private static func rect(x: Int, y: Int, width: Int, height: Int, color: RGBColor) -> String {
        "<rect x=\"\(pixels(x))\" y=\"\(pixels(y))\" width=\"\(pixels(width))\" height=\"\(pixels(height))\" fill=\"\(color)\"/>\n"
    }

    /// Tenths of a pixel as a decimal (`84` → `8.4`, `170` → `17`), without floating point, so
    /// the output is the same on every machine.
    static func pixels(_ tenths: Int) -> String {
        tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    /// `text` safe inside an XML element: markup characters escaped, and characters XML 1.0
    /// forbids (controls, lone surrogates cannot occur in a Swift string, U+FFFE/U+FFFF) replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
