import TOML
import TileBase
import TileKit

/// Writes a new board into a config file's text and keeps everything else as the user wrote it:
/// a format-preserving edit of the `[[page]]` tables, from the parser's positions.
///
/// The text is cut into chunks at its table headers. A tile's chunk is its `[[page.tile]]`
/// header with the tables under it (parameters, stack entries) and the comments and blank lines
/// just above it; a page's chunk is its `[[page]]` header with those above it. The new board is
/// made of these chunks: a tile that did not change keeps its chunk byte for byte wherever it
/// goes, a tile that only changed family gets its `family` line rewritten, and a changed or new
/// tile is written out plainly (keeping the comments above it). Pages reuse the headers of the
/// pages in their places. The new board's chunks take the places of the old one's, in order (the
/// last place takes any extra); tables of other kinds written between them keep their places,
/// and everything before and after the board stays as it was.
/// With the board unchanged, the result is the text itself, byte for byte.
struct BoardWriter {
    /// Why the board cannot be written into this text; nothing was changed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The text's lines, each with its line end (the last may have none).
    private let lines: [Substring]
    /// Every table header: its line (0-based) and what it belongs to.
    private let headers: [(line: Int, owner: Owner)]
    /// The board as the text writes it.
    private let board: [[TileSpec]]
    /// For every tile of `board`, by page and place: whether its `id` is written.
    private let writtenIDs: [[Bool]]
    /// For every tile of `board`: the line of its `family` key, if written on the tile.
    private let familyLines: [[Int?]]

    /// What a header belongs to.
    private enum Owner: Equatable {
        case page(Int)
        /// A tile's own header, or one of a table under it.
        case tile(page: Int, index: Int)
        case other
    }

    /// A writer for `text`, whose board reads as `board` (its pages and tiles as written).
    init(text: String, board: [[TileSpec]]) throws(Failure) {
        guard let root = try? TOMLDocument.parse(text) else { throw Failure(description: "the file is not valid TOML") }
        lines = Self.lines(of: text)
        self.board = board
        var owners: [Int: Owner] = [:]
        var writtenIDs: [[Bool]] = []
        var familyLines: [[Int?]] = []
        if let pages = root["page"] {
            guard let elements = pages.array else { throw Self.inline }
            for (pageIndex, page) in elements.enumerated() {
                guard let table = page.table, table.origin == .arrayOfTables else { throw Self.inline }
                owners[table.position.line - 1] = .page(pageIndex)
                var ids: [Bool] = [], families: [Int?] = []
                for (index, tile) in (table["tile"]?.array ?? []).enumerated() {
                    guard let tileTable = tile.table, tileTable.origin == .arrayOfTables else { throw Self.inline }
                    for line in Self.headerLines(in: tileTable) { owners[line] = .tile(page: pageIndex, index: index) }
                    ids.append(tileTable["id"] != nil)
                    families.append(tileTable.entry("family").map { $0.keyPosition.line - 1 })
                }
                writtenIDs.append(ids)
                familyLines.append(families)
            }
        }
        var all: [Int] = []
        ConfigLayout.collectHeaders(TOMLValue(root), into: &all)
        headers = Set(all).sorted().map { ($0, owners[$0] ?? .other) }
        self.writtenIDs = writtenIDs
        self.familyLines = familyLines
    }

    private static let inline = Failure(description: "the board is written with inline tables; edit mode writes [[page]] and [[page.tile]] tables only")

    /// The text with `pages` as its board.
    func write(_ pages: [[TileSpec]]) throws(Failure) -> String {
        let chunks = try self.chunks()
        guard let region = chunks.region else {
            if pages.isEmpty { return lines.joined() }
            // No board in the text: it goes at the end, after a blank line.
            var text = lines.joined()
            if let last = text.utf8.last, last != UInt8(ascii: "\n") { text += "\n" }
            if !text.isEmpty && !text.utf8.reversed().prefix(2).elementsEqual([10, 10]) { text += "\n" }
            return text + String(boardChunks(pages, chunks: chunks).joined().dropFirst(text.isEmpty ? 1 : 0))
        }
        var text = lines[..<region.lowerBound].joined()
        // The new board's chunks fill the places of the old one's; other tables keep theirs.
        var board = boardChunks(pages, chunks: chunks)[...]
        let lastBoardSlot = chunks.slots.lastIndex { $0 == nil }
        for (number, slot) in chunks.slots.enumerated() {
            if let other = slot {
                append(other, to: &text)
            } else if number == lastBoardSlot {
                for chunk in board { append(chunk, to: &text) }
                board = []
            } else if let chunk = board.popFirst() {
                append(chunk, to: &text)
            }
        }
        append(lines[region.upperBound...].joined(), to: &text)
        return text
    }

    // MARK: Chunks

    /// The text's board cut into chunks.
    private struct Chunks {
        /// Each page's header chunk, in order.
        var pages: [String] = []
        /// Each tile's chunk, by page and place.
        var tiles: [[String]] = []
        /// The comments and blank lines above each tile, by page and place.
        var leading: [[String]] = []
        /// The board's chunks in order (nil) with the tables of other kinds written between them.
        var slots: [String?] = []
        /// The lines the board spans, from the first chunk's leading lines to the end of the last.
        var region: Range<Int>?
    }

    private func chunks() throws(Failure) -> Chunks {
        var result = Chunks()
        result.tiles = board.map { Array(repeating: "", count: $0.count) }
        result.leading = result.tiles
        // Each run of headers with one owner, from its leading lines to the end of its content.
        var runs: [(owner: Owner, start: Int, header: Int, end: Int)] = []
        for (number, header) in headers.enumerated() {
            let sectionEnd = number + 1 < headers.count ? headers[number + 1].line : lines.count
            if let last = runs.last, last.owner == header.owner, header.owner != .other {
                runs[runs.count - 1].end = lastContentLine(header.line, before: sectionEnd)
            } else {
                let previousEnd = runs.last?.end ?? 0
                let start = leadingStart(of: header.line, after: previousEnd)
                runs.append((header.owner, start, header.line, lastContentLine(header.line, before: sectionEnd)))
            }
        }
        var seen = Set<String>()
        var regionStart: Int?, regionEnd: Int?
        for run in runs {
            let text = lines[run.start..<run.end].joined()
            switch run.owner {
            case .page(let page):
                guard result.pages.count == page else { throw Self.scattered }
                result.pages.append(text)
            case .tile(let page, let index):
                guard seen.insert("\(page).\(index)").inserted else { throw Self.scattered }
                result.tiles[page][index] = text
                result.leading[page][index] = lines[run.start..<run.header].joined()
            case .other:
                if regionStart != nil { result.slots.append(text) }
                continue
            }
            result.slots.append(nil)
            regionStart = regionStart ?? run.start
            regionEnd = run.end
        }
        // Tables of other kinds after the board's last chunk are not inside it.
        if let regionEnd {
            let after = runs.filter { $0.owner == .other && $0.start >= regionEnd }.count
            result.slots.removeLast(after)
        }
        if let regionStart, let regionEnd { result.region = regionStart..<regionEnd }
        return result
    }

    private static let scattered = Failure(description: "a tile's tables are written apart from each other; edit mode cannot keep that order")

    /// The line after the last line of a section (from `header` up to `end`) that is not a blank
    /// line or a comment: what follows belongs above the next header.
    private func lastContentLine(_ header: Int, before end: Int) -> Int {
        var last = end
        while last > header + 1, isTrivia(lines[last - 1]) { last -= 1 }
        return last
    }

    /// Where the comments and blank lines right above `header` start, not before `floor`.
    private func leadingStart(of header: Int, after floor: Int) -> Int {
        var start = header
        while start > floor, isTrivia(lines[start - 1]) { start -= 1 }
        return start
    }

    private func isTrivia(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.first == "#" || trimmed == "\n" || trimmed == "\r\n"
    }

    // MARK: The new board

    /// The new board's chunks in order: each page's header, then its tiles.
    private func boardChunks(_ pages: [[TileSpec]], chunks: Chunks) -> [String] {
        var result: [String] = []
        var number = 0
        for (pageIndex, page) in pages.enumerated() {
            result.append(pageIndex < chunks.pages.count ? chunks.pages[pageIndex] : (pageIndex == 0 ? "" : "\n") + "[[page]]\n")
            for tile in page {
                number += 1
                result.append(tileText(tile, number: number, chunks: chunks))
            }
        }
        return result
    }

    /// A tile's chunk: kept, its family line rewritten, or written anew.
    private func tileText(_ tile: TileSpec, number: Int, chunks: Chunks) -> String {
        guard let (page, index) = location(of: tile.id) else { return "\n" + Self.plain(tile) }
        let old = board[page][index]
        let derivedID = "\(tile.widgets[0].kind)-\(number)"
        let needsID = !writtenIDs[page][index] && tile.id != derivedID
        guard old.widgets == tile.widgets else { return chunks.leading[page][index] + Self.plain(tile) }
        var chunkLines = Self.lines(of: chunks.tiles[page][index]).map(String.init)
        let headerOffset = chunkLines.firstIndex { !isTrivia($0[...]) } ?? 0
        if old.family != tile.family {
            let firstLine = headerLine(page: page, index: index) - headerOffset
            if let written = familyLines[page][index] {
                // A family written in a form this cannot rewrite: the tile is written anew.
                let line = written - firstLine
                guard chunkLines.indices.contains(line), let rewritten = Self.rewriteFamily(chunkLines[line], to: tile.family) else {
                    return chunks.leading[page][index] + Self.plain(tile)
                }
                chunkLines[line] = rewritten
            } else {
                // After the tile's own keys, before any table under it.
                var end = headerOffset + 1
                while end < chunkLines.count, !chunkLines[end].trimmingSpaces().hasPrefix("[") { end += 1 }
                while end > headerOffset + 1, isTrivia(chunkLines[end - 1][...]) { end -= 1 }
                chunkLines.insert("family = \(TOMLWriting.basicString(tile.family.shortName))\n", at: end)
            }
        }
        if needsID { chunkLines.insert("id = \(TOMLWriting.basicString(tile.id))\n", at: headerOffset + 1) }
        return chunkLines.joined()
    }

    private func location(of id: String) -> (Int, Int)? {
        for (page, tiles) in board.enumerated() {
            if let index = tiles.firstIndex(where: { $0.id == id }) { return (page, index) }
        }
        return nil
    }

    /// The line of tile `index` of page `page`'s own header.
    private func headerLine(page: Int, index: Int) -> Int {
        headers.first { $0.owner == .tile(page: page, index: index) }?.line ?? 0
    }

    /// `line` with its `family = "…"` value replaced; nil when it is not written that simply.
    private static func rewriteFamily(_ line: String, to family: WidgetFamily) -> String? {
        guard let equals = line.firstIndex(of: "="), String(line[..<equals]).trimmingSpaces() == "family" else { return nil }
        let value = line[line.index(after: equals)...]
        guard let open = value.firstIndex(where: { $0 == "\"" || $0 == "'" }),
              let close = value[value.index(after: open)...].firstIndex(of: value[open]) else { return nil }
        return String(line[..<open]) + TOMLWriting.basicString(family.shortName) + String(line[line.index(after: close)...])
    }

    /// `text` cut after each line feed, byte-wise: `\r\n` is one `Character`, so a search for
    /// `"\n"` among characters would not find it.
    private static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let next = text.utf8.index(after: index)
            if text.utf8[index] == UInt8(ascii: "\n") {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// A tile written plainly: its id, widget (or stack), family and parameters.
    static func plain(_ tile: TileSpec) -> String {
        var text = "[[page.tile]]\nid = \(TOMLWriting.basicString(tile.id))\n"
        if tile.widgets.count == 1 {
            text += "widget = \(TOMLWriting.basicString(tile.widgets[0].kind))\n"
            text += "family = \(TOMLWriting.basicString(tile.family.shortName))\n"
            text += parametersLine(tile.widgets[0].parameters)
        } else {
            text += "family = \(TOMLWriting.basicString(tile.family.shortName))\n"
            for entry in tile.widgets {
                text += "[[page.tile.stack]]\nwidget = \(TOMLWriting.basicString(entry.kind))\n" + parametersLine(entry.parameters)
            }
        }
        return text
    }

    private static func parametersLine(_ parameters: [String: ParameterValue]) -> String {
        guard !parameters.isEmpty else { return "" }
        let pairs = parameters.sorted { $0.key < $1.key }.map { "\(TOMLWriting.key($0.key)) = \(ConfigEditor.tomlValue($0.value))" }
        return "parameters = { \(pairs.joined(separator: ", ")) }\n"
    }

    /// Appends `chunk`, ending the text's last line first when it has no line end.
    private func append(_ chunk: String, to text: inout String) {
        guard !chunk.isEmpty else { return }
        if let last = text.utf8.last, last != UInt8(ascii: "\n") { text += "\n" }
        text += chunk
    }

    /// The header lines of `table` and every table under it.
    private static func headerLines(in table: TOMLTable) -> [Int] {
        var lines: [Int] = []
        ConfigLayout.collectHeaders(TOMLValue(table), into: &lines)
        return lines
    }
}
