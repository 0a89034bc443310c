// Line breaking and truncation for Text (docs/rules.md A6.1–A6.5, C3). One file, longer than
// most: breaking and truncating share the per-grapheme arrays they work on.
//
// A simplified UAX #14 that is right for Chinese and Latin text: break after spaces, around
// ideographs, kana, Hangul and emoji, after "-" inside a word, after U+200B, never before closing
// or after opening punctuation (kinsoku). Breaking runs on per-grapheme arrays (byte offsets, width
// prefix sums, break classes) in one pass, because String indexing is too slow for laying out whole
// trees every frame.

/// How a Text is shortened when it does not fit (SwiftUI's Text.TruncationMode).
public enum TextTruncationMode: Sendable, Hashable {
    /// "…" + end of the text.
    case head
    /// Start of the text + "…" (the default).
    case tail
    /// Start + "…" + end.
    case middle
}

/// One laid-out line: its normalized characters and their total cell width.
struct TextLine: Equatable, Sendable {
    /// The characters drawn on this line.
    var text: String
    /// Columns the line takes (may exceed the wrap width only for a lone grapheme wider than it).
    var width: Int
}

/// The lines a Text shows for one width and line limit.
struct TextLayoutLines: Equatable, Sendable {
    /// Visible lines; never empty (at least one, possibly empty, line).
    var lines: [TextLine]
    /// Whether the last line was shortened with "…".
    var isTruncated: Bool
    /// Width of the widest line.
    var width: Int
}

/// Wraps and truncates prepared text into terminal lines.
enum TextLineBreaker {
    /// Prepares raw text: characters normalized (terminalNormalized), "\r\n" and "\r" → "\n",
    /// "\t" → one space, other controls (Cc except "\n") removed.
    static func prepare(_ text: String) -> String {
        let needsWork = text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || value == 0x200D
                || scalar.isEmojiSkinToneModifier
        }
        guard needsWork else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            // `asciiValue` is 0x0A for "\r\n" too.
            if let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7F {
                switch ascii {
                case 0x0A, 0x0D: result.append("\n")
                case 0x09: result.append(" ")
                default: continue
                }
            } else if let first = character.unicodeScalars.first, (0x80...0x9F).contains(first.value) {
                // C1 controls, like all controls, are graphemes of their own: nothing else is lost.
                continue
            } else {
                result.append(character.terminalNormalized)
            }
        }
        return result
    }

    /// Greedy wrap to `width` columns (nil: break only at "\n"). Input already prepared.
    static func wrap(_ text: String, width: Int?) -> [TextLine] {
        if let line = wholeLine(text, width: width) { return [line] }
        let glyphs = Glyphs(text)
        return glyphs.lineRanges(width: width.map { max(1, $0) }).map(glyphs.line)
    }

    /// docs/rules.md A6.4/A6.5: wrap, keep at most `maxLines` lines (nil = unlimited; values < 1 act as 1),
    /// and when text remains, the last visible line gets the remaining text (from that line's start to
    /// the end, later hard breaks joined by a space) shortened per `truncation` so that it plus "…"
    /// (U+2026, width 1) fits in `width`; trailing spaces are dropped before "…". `.head`: "…" + end of
    /// that remaining text; `.middle`: start + "…" + end. If "…" itself does not fit (width < 1), that
    /// line is empty (width 0). Input already prepared.
    ///
    /// When the remaining text fits in `width` once its hard breaks are joined (always so when `width`
    /// is nil), it is shown whole, without "…", and the result is not truncated.
    static func layout(_ text: String, width: Int?, maxLines: Int?, truncation: TextTruncationMode) -> TextLayoutLines {
        layout(PreparedText(text), width: width, maxLines: maxLines, truncation: truncation)
    }

    /// `layout` over text measured once: a Text is laid out for several proposals, and measuring
    /// (graphemes, widths, break opportunities) is most of the cost.
    static func layout(_ prepared: PreparedText, width: Int?, maxLines: Int?, truncation: TextTruncationMode) -> TextLayoutLines {
        if let line = prepared.singleLine, width.map({ line.width <= max(1, $0) }) ?? true {
            return TextLayoutLines(lines: [line], isTruncated: false, width: line.width)
        }
        let glyphs = prepared.glyphs
        let limit = maxLines.map { max(1, $0) } ?? Int.max
        // One range past the limit tells that text remains; the rest are never looked at.
        let ranges = glyphs.lineRanges(
            width: width.map { max(1, $0) }, opportunities: width == nil ? [] : prepared.opportunities,
            maxCount: limit.addingSaturating(1))
        var lines: [TextLine]
        var isTruncated = false
        if ranges.count <= limit {
            lines = ranges.map(glyphs.line)
        } else {
            lines = ranges[..<(limit - 1)].map(glyphs.line)
            let (remaining, start) = glyphs.remainder(from: ranges[limit - 1].lowerBound)
            if let width, remaining.width(start..<remaining.count) > width {
                let (head, tail) = remaining.shortenedRanges(from: start, toFit: width, mode: truncation)
                lines.append(remaining.shortenedLine(head: head, tail: tail))
                isTruncated = true
            } else {
                lines.append(remaining.line(start..<remaining.count))
            }
        }
        return TextLayoutLines(lines: lines, isTruncated: isTruncated, width: lines.map(\.width).max() ?? 0)
    }

    /// The number of lines and the width `layout` returns, without building the lines' text:
    /// stacks measure a Text at several widths and draw it at only one.
    static func measure(_ prepared: PreparedText, width: Int?, maxLines: Int?, truncation: TextTruncationMode) -> (lineCount: Int, width: Int) {
        if let line = prepared.singleLine, width.map({ line.width <= max(1, $0) }) ?? true {
            return (1, line.width)
        }
        let glyphs = prepared.glyphs
        let limit = maxLines.map { max(1, $0) } ?? Int.max
        // Lines are counted as they are wrapped, without an array of them, up to one past the limit.
        var lineCount = 0, widest = 0, widestBeforeLast = 0, lastStart = 0
        var overflows = false
        glyphs.forEachLineRange(width: width.map { max(1, $0) }, opportunities: width == nil ? [] : prepared.opportunities) { range in
            guard lineCount < limit else {
                overflows = true
                return false
            }
            lineCount += 1
            widestBeforeLast = widest
            widest = max(widest, glyphs.width(range))
            lastStart = range.lowerBound
            return true
        }
        if !overflows { return (lineCount, widest) }
        // The last visible line holds the rest of the text, shortened (see `layout`).
        widest = widestBeforeLast
        let (remaining, start) = glyphs.remainder(from: lastStart)
        var lastWidth = remaining.width(start..<remaining.count)
        if let width, lastWidth > width {
            let (head, tail) = remaining.shortenedRanges(from: start, toFit: width, mode: truncation)
            lastWidth = head.map { remaining.width($0) + 1 + remaining.width(tail) } ?? 0
        }
        return (limit, max(widest, lastWidth))
    }

    /// The whole text as one line when it has no hard break, fits `width` and is made only of
    /// standalone scalars; nil otherwise. Most labels take this path and skip the per-grapheme arrays.
    static func unwrappedLine(_ text: String) -> TextLine? { wholeLine(text, width: nil) }

    private static func wholeLine(_ text: String, width: Int?) -> TextLine? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard scalar.value != 0x0A && scalar.isStandaloneGrapheme else { return nil }
            total += scalar.cellWidth
        }
        if let width, total > max(1, width) { return nil }
        return TextLine(text: text, width: total)
    }
}

/// How a grapheme takes part in line breaking (the few UAX #14 classes tiles distinguishes).
enum BreakClass: UInt8 {
    /// " ": a break opportunity after it; dropped at a soft break.
    case space
    /// "\n": a hard break.
    case newline
    /// Closing punctuation that never starts a line; ideographic on its right (，。」…～).
    case closingWide
    /// Closing punctuation that never starts a line, part of a word on its right (, . ) ’).
    case closingNarrow
    /// Opening punctuation that never ends a line; ideographic on its left (（「『《).
    case openingWide
    /// Opening punctuation that never ends a line, part of a word on its left (( [ { “ ‘).
    case openingNarrow
    /// CJK ideographs, kana, Hangul syllables, fullwidth forms, emoji: a break around each.
    case ideographic
    /// U+200B ZERO WIDTH SPACE: an explicit break opportunity.
    case zeroWidthSpace
    /// "-": a break after it between two letters ("well-|known", not "-5" or "2024-06").
    case hyphen
    /// Letters, digits and everything else: no break inside a run of them.
    case alphabetic

    /// The class of a prepared grapheme from its first scalar and its cell width.
    init(first scalar: Unicode.Scalar, width: Int) {
        switch scalar.value {
        case 0x20: self = .space
        case 0x0A: self = .newline
        case 0x2D: self = .hyphen
        case 0x200B: self = .zeroWidthSpace
        // ! ) , . : ; ? ] } and ’ ” (’ is also the apostrophe of "don’t": nothing may break after it).
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D:
            self = .closingNarrow
        // ( [ { and ‘ “
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C:
            self = .openingNarrow
        // ，。！？、；：」』）》】〉〕〗〙〛］｝〞〟…‥～｡､｣
        case 0xFF0C, 0x3002, 0xFF01, 0xFF1F, 0x3001, 0xFF1B, 0xFF1A, 0x300D, 0x300F, 0xFF09, 0x300B, 0x3011,
             0x3009, 0x3015, 0x3017, 0x3019, 0x301B, 0xFF3D, 0xFF5D, 0x301E, 0x301F, 0x2026, 0x2025, 0xFF5E,
             0xFF61, 0xFF64, 0xFF63:
            self = .closingWide
        // （「『《【〈〔〖〘〚［｛〝｢
        case 0xFF08, 0x300C, 0x300E, 0x300A, 0x3010, 0x3008, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF3B, 0xFF5B,
             0x301D, 0xFF62:
            self = .openingWide
        // Halfwidth katakana break like their fullwidth forms.
        case 0xFF66...0xFF9F: self = .ideographic
        default: self = width == 2 ? .ideographic : .alphabetic
        }
    }

    /// Whether a line may not start with this grapheme.
    var isClosing: Bool { self == .closingWide || self == .closingNarrow }
    /// Whether a line may not end with this grapheme.
    var isOpening: Bool { self == .openingWide || self == .openingNarrow }
}

/// Prepared text as parallel arrays, so breaking and measuring never index into a String.
///
/// Immutable and shared by reference: a Text is measured several times per render, and each
/// measurement that took these arrays as a value retained and released all four.
final class Glyphs {
    /// The text's UTF-8; lines are cut from it by byte range.
    let bytes: [UInt8]
    /// `starts[i]` = byte offset of grapheme `i`; one longer than the grapheme count.
    let starts: [Int]
    /// `offsets[i]` = total width of graphemes before `i`; one longer than the grapheme count.
    let offsets: [Int]
    /// Break class of each grapheme.
    let classes: [BreakClass]

    /// Measures and classifies `text`.
    init(_ text: String) {
        var text = text
        // Native UTF-8 makes the byte-offset ↔ index conversions below O(1).
        text.makeContiguousUTF8()
        let bytes = Array(text.utf8)
        // Built in locals, which the optimizer keeps unique, rather than in `self`.
        var starts = [0]
        var offsets = [0]
        var classes: [BreakClass] = []
        starts.reserveCapacity(bytes.count + 1)
        offsets.reserveCapacity(bytes.count + 1)
        classes.reserveCapacity(bytes.count)
        func add(first: Unicode.Scalar, width: Int, length: Int) {
            starts.append(starts[starts.count - 1] + length)
            offsets.append(offsets[offsets.count - 1] + width)
            classes.append(BreakClass(first: first, width: width))
        }
        var decoder = UTF8Decoder(bytes: bytes, position: 0, end: bytes.count)
        var next = decoder.next()
        while let scalar = next {
            let start = decoder.position - UTF8.width(scalar)
            next = decoder.next()
            // Two standalone scalars never join, so only graphemes with another kind of scalar go
            // through Swift's segmentation, which costs far more than the rest of the work.
            if scalar.isStandaloneGrapheme && next?.isStandaloneGrapheme ?? true {
                add(first: scalar, width: scalar.cellWidth, length: UTF8.width(scalar))
                continue
            }
            let utf8 = text.utf8
            let end = utf8.distance(from: utf8.startIndex, to: text.index(after: utf8.index(utf8.startIndex, offsetBy: start)))
            var scalars = UTF8Decoder(bytes: bytes, position: start, end: end)
            add(first: scalar, width: CellWidth.grapheme(&scalars), length: end - start)
            decoder = UTF8Decoder(bytes: bytes, position: end, end: bytes.count)
            next = decoder.next()
        }
        self.bytes = bytes
        self.starts = starts
        self.offsets = offsets
        self.classes = classes
    }

    /// Number of graphemes.
    var count: Int { classes.count }
    /// Total width.
    var width: Int { offsets[count] }
    /// Width of the graphemes in `range`.
    func width(_ range: Range<Int>) -> Int { offsets[range.upperBound] - offsets[range.lowerBound] }

    /// The line holding the graphemes in `range`.
    func line(_ range: Range<Int>) -> TextLine {
        TextLine(text: text(range), width: width(range))
    }

    /// The characters of the graphemes in `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[starts[range.lowerBound]..<starts[range.upperBound]], as: UTF8.self)
    }

    /// Whether grapheme `index` starts with a letter (only asked next to hyphens, so decoding is fine).
    func isLetter(_ index: Int) -> Bool {
        let byte = bytes[starts[index]]
        if byte < 0x80 { return (0x61...0x7A).contains(byte | 0x20) }
        return text(index..<index + 1).unicodeScalars.first?.properties.isAlphabetic ?? false
    }

    /// `range` without its trailing spaces.
    func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && classes[end - 1] == .space { end -= 1 }
        return range.lowerBound..<end
    }

    /// `opportunities[i]`: a line may break before grapheme `i` (one pass, so wrapping stays O(n)).
    func breakOpportunities() -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        // Class of the last non-space grapheme, so that "（ 你" keeps its bracket with the text.
        var lastSolid = BreakClass.space
        for index in 1..<max(count, 1) {
            let before = classes[index - 1]
            let after = classes[index]
            if before != .space { lastSolid = before }
            if after == .space || after == .newline || after.isClosing || before == .newline { continue }
            switch before {
            case .space: result[index] = !lastSolid.isOpening
            case .openingWide, .openingNarrow: continue
            case .zeroWidthSpace, .ideographic, .closingWide: result[index] = true
            case .hyphen:
                result[index] = index >= 2 && isLetter(index - 2) && isLetter(index)
            default: result[index] = after == .ideographic || after == .openingWide
            }
        }
        return result
    }

    /// Ranges of the wrapped lines, trailing spaces at soft breaks removed. `width` nil: hard breaks only.
    func lineRanges(width: Int?) -> [Range<Int>] {
        lineRanges(width: width, opportunities: width == nil ? [] : breakOpportunities())
    }

    /// `lineRanges(width:)` with the break opportunities already computed; with `maxCount`, only
    /// the first `maxCount` ranges.
    func lineRanges(width: Int?, opportunities: [Bool], maxCount: Int = .max) -> [Range<Int>] {
        var result: [Range<Int>] = []
        forEachLineRange(width: width, opportunities: opportunities) { range in
            result.append(range)
            return result.count < maxCount
        }
        return result
    }

    /// Calls `body` with the range of each wrapped line in order (see `lineRanges`) until it
    /// returns false. A Text cut to a few lines, as stacks measure it at height 0, stops wrapping
    /// there instead of wrapping the whole text.
    func forEachLineRange(width: Int?, opportunities: [Bool], _ body: (Range<Int>) -> Bool) {
        var hardStart = 0
        for index in 0...count where index == count || classes[index] == .newline {
            if let width {
                guard wrapHardLine(hardStart..<index, width: width, opportunities: opportunities, body) else { return }
            } else {
                guard body(hardStart..<index) else { return }
            }
            hardStart = index + 1
        }
    }

    /// Greedy wrap of one hard line (no "\n" inside) to `width` ≥ 1 columns; false when `body`
    /// asked to stop.
    private func wrapHardLine(_ hardLine: Range<Int>, width: Int, opportunities: [Bool], _ body: (Range<Int>) -> Bool) -> Bool {
        var start = hardLine.lowerBound
        var lastOpportunity: Int?
        var index = start
        while index < hardLine.upperBound {
            if index > start && opportunities[index] { lastOpportunity = index }
            // Spaces hang past the edge (they vanish at the break); a line's first grapheme always
            // stays, even when wider than the line, so that wrapping always advances.
            let fits = classes[index] == .space || index == start || offsets[index + 1] - offsets[start] <= width
            if fits {
                index += 1
                continue
            }
            var end: Int
            if let opportunity = lastOpportunity {
                end = opportunity
            } else {
                // No opportunity: break between graphemes, but carry one more grapheme along rather
                // than start a line with a closing mark or end one with an opening mark (kinsoku).
                end = index
                if end - 1 > start && classes[end - 1] != .space && (classes[end].isClosing || classes[end - 1].isOpening) {
                    end -= 1
                }
            }
            guard body(trimmingTrailingSpaces(start..<end)) else { return false }
            start = end
            lastOpportunity = nil
            // `index` is examined again against the new line; nothing between `end` and it is a
            // break opportunity, so no earlier one is lost.
        }
        // Trailing spaces at the end of the text are kept while they fit.
        var end = hardLine.upperBound
        while end > start && classes[end - 1] == .space && offsets[end] - offsets[start] > width { end -= 1 }
        return body(start..<end)
    }

    /// The graphemes from `start` to the end as `joinedRemainder` makes them, and the index they
    /// start at: when no hard break follows, they are this text's own graphemes from `start` (a
    /// grapheme boundary), which spares measuring them again.
    func remainder(from start: Int) -> (glyphs: Glyphs, start: Int) {
        if !classes[start...].contains(.newline) { return (self, start) }
        return (joinedRemainder(from: start), 0)
    }

    /// Graphemes from `start` to the end with each run of hard breaks turned into one space.
    func joinedRemainder(from start: Int) -> Glyphs {
        // "\n" is a single byte that never occurs inside another UTF-8 sequence.
        var previous: UInt8 = 0
        let joined = bytes[starts[start]...].compactMap { byte -> UInt8? in
            defer { previous = byte }
            return byte != 0x0A ? byte : previous == 0x0A ? nil : 0x20
        }
        return Glyphs(String(decoding: joined, as: UTF8.self))
    }

    /// This text shortened with "…" to at most `width` columns (empty when "…" does not fit).
    func shortened(toFit width: Int, mode: TextTruncationMode) -> TextLine {
        let (head, tail) = shortenedRanges(from: 0, toFit: width, mode: mode)
        return shortenedLine(head: head, tail: tail)
    }

    /// The graphemes kept before and after "…" when the graphemes from `start` on are shortened to
    /// at most `width` columns; head is nil when "…" itself does not fit.
    func shortenedRanges(from first: Int, toFit width: Int, mode: TextTruncationMode) -> (head: Range<Int>?, tail: Range<Int>) {
        let budget = width - 1
        guard budget >= 0 else { return (nil, count..<count) }
        let head: Range<Int>
        let tail: Range<Int>
        switch mode {
        case .tail:
            head = prefix(from: first, fitting: budget)
            tail = count..<count
        case .head:
            head = first..<first
            tail = suffix(from: first, fitting: budget)
        case .middle:
            // The start gets the larger half; whatever a wide grapheme leaves unused goes to the end.
            head = prefix(from: first, fitting: budget - budget / 2)
            tail = suffix(from: first, fitting: budget - self.width(head))
        }
        var end = tail
        while !end.isEmpty && classes[end.lowerBound] == .space { end = (end.lowerBound + 1)..<end.upperBound }
        return (trimmingTrailingSpaces(head), end)
    }

    /// The line `head` + "…" + `tail` (empty when head is nil).
    func shortenedLine(head: Range<Int>?, tail: Range<Int>) -> TextLine {
        guard let head else { return TextLine(text: "", width: 0) }
        return TextLine(text: text(head) + "…" + text(tail), width: width(head) + 1 + width(tail))
    }

    /// The longest range starting at `first` no wider than `budget`.
    private func prefix(from first: Int, fitting budget: Int) -> Range<Int> {
        var end = first
        while end < count && offsets[end + 1] - offsets[first] <= budget { end += 1 }
        return first..<end
    }

    /// The longest range at the end, starting no earlier than `first`, no wider than `budget`.
    private func suffix(from first: Int, fitting budget: Int) -> Range<Int> {
        var start = count
        while start > first && offsets[count] - offsets[start - 1] <= budget { start -= 1 }
        return start..<count
    }
}

/// Decodes the scalars of valid UTF-8 (bytes taken from a String) in a byte range.
private struct UTF8Decoder: IteratorProtocol {
    /// The whole text.
    let bytes: [UInt8]
    /// Offset of the next byte to decode.
    var position: Int
    /// Where decoding stops.
    let end: Int

    /// The next scalar, or nil at the end of the range.
    mutating func next() -> Unicode.Scalar? {
        guard position < end else { return nil }
        let lead = UInt32(bytes[position])
        var value: UInt32
        var length: Int
        switch lead {
        case ..<0x80: value = lead; length = 1
        case ..<0xE0: value = lead & 0x1F; length = 2
        case ..<0xF0: value = lead & 0x0F; length = 3
        default: value = lead & 0x07; length = 4
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
        position += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}

/// Prepared text measured once for many layouts: its one-line form when it is made only of
/// standalone scalars without hard breaks, else its graphemes and break opportunities.
final class PreparedText {
    let text: String
    /// The whole text as one line, when no grapheme segmentation is needed to measure it.
    let singleLine: TextLine?

    init(_ text: String) {
        self.text = text
        self.singleLine = TextLineBreaker.unwrappedLine(text)
    }

    private(set) lazy var glyphs = Glyphs(text)
    private(set) lazy var opportunities = glyphs.breakOpportunities()
}
