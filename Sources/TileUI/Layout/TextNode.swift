import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The laid-out form of a Text for one proposal.
struct TextLayout: Equatable {
    /// Rows per line: 1 for normal text, 2 or 3 for block glyphs.
    var glyphRows: Int
    var lines: [TextLine]
    var isTruncated: Bool
    /// The size the Text reports (A6.3): widest line by visible lines × glyph rows.
    var size: Size
}

/// Text layout and drawing (docs/rules.md A6, C3).
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
    /// For each scale of `blockRows`, each hard line's width at each prefix length (0 to all of
    /// its characters), measured once: fitting a proposal then needs no string work.
    private let blockPrefixWidths: [[[Int]]]

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
        self.blockPrefixWidths = rows.map { scale in
            hardLines.map { BlockFont.prefixWidths(of: $0, rows: scale) ?? [0] }
        }
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

    /// `old` showing `text` instead, which differs from its string in digits only
    /// (`LiveTextNode.keepsShape`: a clock's tick). What depends on the string's shape alone (the
    /// block-glyph scales and their widths: digits have glyphs at every scale and are equally
    /// wide) is taken from `old` rather than measured again.
    init(replacingDigitsOf old: TextNode, with text: String) {
        self.text = TextLineBreaker.prepare(text)
        prepared = PreparedText(self.text)
        font = old.font
        color = old.color
        attributes = old.attributes
        lineLimit = old.lineLimit
        reservedLines = old.reservedLines
        truncation = old.truncation
        alignment = old.alignment
        minimumScaleFactor = old.minimumScaleFactor
        isRedacted = old.isRedacted
        blockRows = old.blockRows
        blockPrefixWidths = old.blockPrefixWidths
        if old.blockRows.isEmpty {
            hardLines = []
        } else if old.hardLines.count == 1 {
            hardLines = [self.text]  // the same lines as `old`'s: one, without a newline
        } else {
            hardLines = self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        super.init()
    }

    override var spacingKind: SpacingKind { .text }

    /// The last layout built, for drawing and baselines; measuring needs no lines (`computeSize`).
    /// Unchecked for exclusivity, as `LayoutNode`'s size cache: only `layout(for:)` touches it,
    /// never across `computeLayout`.
    @exclusivity(unchecked) private var lastLayout: (proposal: ProposedSize, layout: TextLayout)?

    /// The layout for `proposal`, memoized: baselines and drawing may ask for the same one.
    func layout(for proposal: ProposedSize) -> TextLayout {
        if let last = lastLayout, last.proposal == proposal { return last.layout }
        let result = computeLayout(proposal)
        lastLayout = (proposal, result)
        return result
    }

    private func computeLayout(_ p: ProposedSize) -> TextLayout {
        if let fit = blockFit(p) {
            let lines = (0..<fit.lineCount).map { line in
                let kept = keptPrefix(line: line, scaleIndex: fit.scaleIndex, width: fit.width)
                let text = hardLines[line]
                let shown = kept.count == blockPrefixWidths[fit.scaleIndex][line].count - 1 ? text : String(text.prefix(kept.count))
                return TextLine(text: shown, width: kept.width)
            }
            return TextLayout(glyphRows: blockRows[fit.scaleIndex], lines: lines, isTruncated: fit.isTruncated, size: fit.size)
        }
        let width = p.width == .infinity ? nil : p.width
        let height = p.height == .infinity ? nil : p.height
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

    /// How block text fits one proposal: at which scale, how many hard lines show, the width
    /// they were cut to, and the size reported. Kept apart from the lines' text so that measuring
    /// block text, as stacks do several times, builds no strings.
    private struct BlockFit {
        var scaleIndex: Int
        var lineCount: Int
        var width: Int?
        var isTruncated: Bool
        var size: Size
    }

    /// The largest block scale that fits `p` (A6.7), or nil when one-row text must be used.
    private func blockFit(_ p: ProposedSize) -> BlockFit? {
        let width = p.width == .infinity ? nil : p.width
        let height = p.height == .infinity ? nil : p.height
        for index in blockRows.indices {
            let isLast = index == blockRows.count - 1 && Font.glyphRows(forPoints: font.size * minimumScaleFactor) > 1
            if let fit = blockFit(scaleIndex: index, width: width, height: height, truncating: isLast) {
                return fit
            }
        }
        return nil
    }

    /// Block-glyph fit at scale `blockRows[scaleIndex]`; nil when it does not fit, unless
    /// `truncating`, when glyphs that do not fit are dropped from the end of each line.
    private func blockFit(scaleIndex: Int, width: Int?, height: Int?, truncating: Bool) -> BlockFit? {
        let scale = blockRows[scaleIndex]
        let maxLines = min(lineLimit ?? .max, height.map { max(1, $0 / scale) } ?? .max)
        let lineCount = min(hardLines.count, maxLines)
        var truncated = lineCount < hardLines.count
        if truncated && !truncating { return nil }
        var widest = 0
        for line in 0..<lineCount {
            let widths = blockPrefixWidths[scaleIndex][line]
            if let width, widths[widths.count - 1] > width {
                guard truncating else { return nil }
                truncated = true
            }
            widest = max(widest, keptPrefix(line: line, scaleIndex: scaleIndex, width: width).width)
        }
        let tooTall = height.map { lineCount * scale > $0 } ?? false
        if tooTall && !truncating { return nil }
        return BlockFit(
            scaleIndex: scaleIndex, lineCount: lineCount, width: width, isTruncated: truncated,
            size: Size(width: widest, height: max(lineCount, reservedLines) * scale))
    }

    /// How many characters of hard line `line` show at scale `blockRows[scaleIndex]` within
    /// `width`, and their width: all when they fit, else the longest prefix that does.
    private func keptPrefix(line: Int, scaleIndex: Int, width: Int?) -> (count: Int, width: Int) {
        let widths = blockPrefixWidths[scaleIndex][line]
        var count = widths.count - 1
        if let width {
            while count > 0 && widths[count] > width { count -= 1 }
        }
        return (count, widths[count])
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        if !blockRows.isEmpty {
            return blockFit(proposal)?.size ?? layout(for: proposal).size
        }
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

    /// The cells a drawing in `rect` for `proposal` can write: every line's columns, every row of
    /// its glyphs, wherever they reach past `rect` (a line wider than it, text taller than it).
    func drawnArea(in rect: Rect, proposal: ProposedSize) -> Rect {
        let layout = self.layout(for: proposal)
        var minX = Int.max, maxX = Int.min
        for line in layout.lines where line.width > 0 {
            let x = lineStart(line, in: rect)
            minX = min(minX, x)
            maxX = max(maxX, x.addingSaturating(line.width))
        }
        guard minX < maxX else { return Rect(x: rect.minX, y: rect.minY, width: 0, height: 0) }
        return Rect(x: minX, y: rect.minY, width: maxX - minX, height: layout.lines.count * layout.glyphRows)
    }

    /// The column where `line` starts in `rect`, by the text's alignment.
    private func lineStart(_ line: TextLine, in rect: Rect) -> Int {
        switch alignment {
        case .leading: rect.minX
        case .center: rect.minX.addingSaturating((rect.size.width - line.width) / 2)
        case .trailing: rect.minX.addingSaturating(rect.size.width - line.width)
        }
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        if !isRedacted { canvas.speak(text) }
        let layout = self.layout(for: proposal)
        for (index, line) in layout.lines.enumerated() {
            let x = lineStart(line, in: rect)
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
        // Block glyph rows are made of one-scalar, one-column graphemes (half blocks and spaces),
        // so their scalars are their characters, without grapheme segmentation.
        for scalar in row.unicodeScalars {
            // Blank pixels are tested on the scalar: comparing Characters is a string comparison.
            if scalar != " " {
                let glyph: Character = isRedacted ? "▒" : Character(scalar)
                canvas.put(glyph, width: 1, x: x, y: y, color: color, attributes: isRedacted ? attributes.union(.dim) : attributes)
            }
            x += 1
        }
    }
}
