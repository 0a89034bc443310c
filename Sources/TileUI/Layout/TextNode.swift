import Foundation

/// The laid-out form of a Text for one proposal.
struct TextLayout: Equatable {
    /// Rows per line: 1 for normal text, 2 or 3 for block glyphs.
    var glyphRows: Int
    var lines: [TextLine]
    var isTruncated: Bool
    /// The size the Text reports (A6.3): widest line by visible lines × glyph rows.
    var size: Size
}

/// Text layout and drawing (LAYOUT.md A6, C3).
final class TextNode: LayoutNode {
    let text: String
    private let prepared: PreparedText
    let font: Font
    let color: ResolvedColor?
    let attributes: CellAttributes
    let lineLimit: Int?
    let reservedLines: Int
    let truncation: TextTruncationMode
    let alignment: TextAlignment
    let minimumScaleFactor: Double
    let isRedacted: Bool
    /// Whether block glyphs exist for every character (checked once per node).
    private let blockRows: [Int]
    /// The hard lines, split once; only block-glyph layout needs them.
    private let hardLines: [String]
    /// Width of each hard line at each block scale, measured once.
    private let blockWidths: [Int: [Int]]

    init(text: String, environment env: EnvironmentValues) {
        self.text = TextLineBreaker.prepare(text)
        self.prepared = PreparedText(self.text)
        var font = env.font ?? .body
        if let weight = env.fontWeight { font.weight = weight }
        self.font = font
        self.color = (env.foregroundColor ?? .primary).resolve(in: env)
        self.lineLimit = env.lineLimit.map { max(1, $0) }
        self.reservedLines = env.reservedLineCount
        self.truncation = env.truncationMode
        self.alignment = env.multilineTextAlignment
        self.minimumScaleFactor = min(max(env.minimumScaleFactor, 0), 1)
        self.isRedacted = env.redactionReasons.contains(.placeholder)
            || (env.redactionReasons.contains(.privacy) && env.isPrivacySensitive)

        // Scales to try, largest first (A6.7): the font's own, then each smaller one that the
        // minimum scale factor still allows; big scales only where glyphs exist.
        let natural = font.glyphRows
        let smallest = Font.glyphRows(forPoints: font.size * minimumScaleFactor)
        var rows: [Int] = []
        var hardLines: [String] = []
        if natural > 1 {
            hardLines = self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for scale in BlockFont.rowCounts where scale <= natural && scale >= smallest {
                if hardLines.allSatisfy({ BlockFont.canRender($0, rows: scale) }) { rows.append(scale) }
            }
        }
        self.blockRows = rows
        var widths: [Int: [Int]] = [:]
        for scale in rows {
            widths[scale] = hardLines.map { BlockFont.width(of: $0, rows: scale) ?? 0 }
        }
        self.blockWidths = widths
        self.hardLines = rows.isEmpty ? [] : hardLines

        var attributes: CellAttributes = []
        // Large text without block glyphs (CJK, emoji) is drawn one row tall and bold (A6.7).
        if font.weight >= .semibold || (natural > 1 && rows.isEmpty) { attributes.insert(.bold) }
        if font.isItalic || env.isItalic { attributes.insert(.italic) }
        if env.isUnderlined { attributes.insert(.underline) }
        if font.isCaption { attributes.insert(.dim) }
        self.attributes = attributes
        super.init()
    }

    override var spacingKind: SpacingKind { .text }

    /// The last layout built, for drawing and baselines; measuring needs no lines (`computeSize`).
    private var lastLayout: (proposal: ProposedSize, layout: TextLayout)?

    /// The layout for `proposal`, memoized: baselines and drawing may ask for the same one.
    func layout(for proposal: ProposedSize) -> TextLayout {
        if let last = lastLayout, last.proposal == proposal { return last.layout }
        let result = computeLayout(proposal)
        lastLayout = (proposal, result)
        return result
    }

    private func computeLayout(_ p: ProposedSize) -> TextLayout {
        let width = p.width == .infinity ? nil : p.width
        let height = p.height == .infinity ? nil : p.height
        for (index, scale) in blockRows.enumerated() {
            let isLast = index == blockRows.count - 1 && Font.glyphRows(forPoints: font.size * minimumScaleFactor) > 1
            if let layout = blockLayout(scale: scale, width: width, height: height, truncating: isLast) {
                return layout
            }
        }
        let lines = TextLineBreaker.layout(prepared, width: width, maxLines: lineCap(height: height), truncation: truncation)
        let visible = max(lines.lines.count, reservedLines)
        return TextLayout(
            glyphRows: 1, lines: lines.lines, isTruncated: lines.isTruncated,
            size: Size(width: lines.width, height: visible))
    }

    /// The most lines of one-row text that show: the line limit, and at least one within a height.
    private func lineCap(height: Int?) -> Int? {
        switch (lineLimit, height) {
        case let (limit?, height?): return min(limit, max(1, height))
        case let (limit?, nil): return limit
        case let (nil, height?): return max(1, height)
        case (nil, nil): return nil
        }
    }

    /// Block-glyph layout at `scale`; nil when it does not fit, unless `truncating`, when glyphs
    /// that do not fit are dropped from the end of each line.
    private func blockLayout(scale: Int, width: Int?, height: Int?, truncating: Bool) -> TextLayout? {
        var hardLines = self.hardLines
        var truncated = false
        let maxLines = [lineLimit, height.map { max(1, $0 / scale) }].compactMap { $0 }.min() ?? hardLines.count
        if hardLines.count > maxLines {
            guard truncating else { return nil }
            hardLines = Array(hardLines.prefix(maxLines))
            truncated = true
        }
        var lines: [TextLine] = []
        for var line in hardLines {
            var lineWidth = blockWidths[scale]?[lines.count] ?? BlockFont.width(of: line, rows: scale) ?? 0
            if let width, lineWidth > width {
                guard truncating else { return nil }
                while lineWidth > width, !line.isEmpty {
                    line.removeLast()
                    lineWidth = BlockFont.width(of: line, rows: scale) ?? 0
                }
                truncated = true
            }
            lines.append(TextLine(text: line, width: lineWidth))
        }
        let tooTall = height.map { lines.count * scale > $0 } ?? false
        if tooTall && !truncating { return nil }
        let widest = lines.map(\.width).max() ?? 0
        return TextLayout(
            glyphRows: scale, lines: lines, isTruncated: truncated,
            size: Size(width: widest, height: max(lines.count, reservedLines) * scale))
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        guard blockRows.isEmpty else { return layout(for: proposal).size }
        // Stacks measure a Text at several widths (0, ∞, their offer) and draw it at one, so
        // measuring counts lines without building their text.
        let width = proposal.width == .infinity ? nil : proposal.width
        let height = proposal.height == .infinity ? nil : proposal.height
        let measured = TextLineBreaker.measure(prepared, width: width, maxLines: lineCap(height: height), truncation: truncation)
        return Size(width: measured.width, height: max(measured.lineCount, reservedLines))
    }

    override func firstBaseline(for size: Size) -> Int { min(size.height, layout(for: ProposedSize(size)).glyphRows) }
    override func lastBaseline(for size: Size) -> Int {
        let layout = self.layout(for: ProposedSize(size))
        return min(size.height, layout.lines.count * layout.glyphRows)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let layout = self.layout(for: proposal)
        for (index, line) in layout.lines.enumerated() {
            let x: Int
            switch alignment {
            case .leading: x = rect.minX
            case .center: x = rect.minX.addingSaturating((rect.size.width - line.width) / 2)
            case .trailing: x = rect.minX.addingSaturating(rect.size.width - line.width)
            }
            let y = rect.minY + index * layout.glyphRows
            if layout.glyphRows == 1 {
                drawLine(line.text, x: x, y: y, canvas: &canvas)
            } else if let rows = BlockFont.render(line.text, rows: layout.glyphRows) {
                for (offset, row) in rows.enumerated() {
                    drawBlockRow(row, x: x, y: y + offset, canvas: &canvas)
                }
            }
        }
    }

    private func drawLine(_ line: String, x start: Int, y: Int, canvas: inout Canvas) {
        var x = start
        // A line of standalone scalars is drawn scalar by scalar: each is a grapheme of its own,
        // and iterating Characters would run Swift's grapheme segmentation for nothing.
        if line.unicodeScalars.allSatisfy(\.isStandaloneGrapheme) {
            for scalar in line.unicodeScalars {
                drawGrapheme(Character(scalar), width: scalar.cellWidth, x: &x, y: y, canvas: &canvas)
            }
        } else {
            for character in line {
                drawGrapheme(character, width: character.cellWidth, x: &x, y: y, canvas: &canvas)
            }
        }
    }

    /// Draws one grapheme of `width` columns at `x` and advances `x` past it.
    private func drawGrapheme(_ character: Character, width: Int, x: inout Int, y: Int, canvas: inout Canvas) {
        guard width > 0 else { return }
        if isRedacted && character != " " {
            for column in 0..<width {
                canvas.put("▒", width: 1, x: x + column, y: y, color: color, attributes: attributes.union(.dim))
            }
        } else {
            canvas.put(character, width: width, x: x, y: y, color: color, attributes: attributes)
        }
        x += width
    }

    /// Block glyph rows leave their blank pixels transparent, like the space around a letter.
    private func drawBlockRow(_ row: String, x start: Int, y: Int, canvas: inout Canvas) {
        var x = start
        for character in row {
            if character != " " {
                let glyph: Character = isRedacted ? "▒" : character
                canvas.put(glyph, width: 1, x: x, y: y, color: color, attributes: isRedacted ? attributes.union(.dim) : attributes)
            }
            x += 1
        }
    }
}
