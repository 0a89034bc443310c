import Foundation
import Testing
import TileUISamples
import TileUI
@testable import TileTerminal

/// The bytes of `TerminalWriter`, played in a real terminal (tmux): a first frame and a run of
/// random frames drawn over it, each written as only its changed cells, must leave on screen
/// exactly the last frame, character for character and style for style. CJK, emoji, combining
/// marks, the last column and row, attributes and colours included.
@Suite(.serialized) struct TerminalWriterEmulatorTests {
    static let width = 30, height = 8
    static let colors: [RGBColor?] = [
        nil, RGBColor(hex: 0xFF0000), RGBColor(hex: 0x00AF5F), RGBColor(hex: 0x123456), RGBColor(hex: 0xFAFAFA),
        RGBColor(hex: 0x000003),
    ]
    static let characters: [Character] = ["a", "Z", "7", " ", ":", "中", "界", "😀", "é", "e\u{301}", "ü"]
    static let attributes: [CellAttributes] = [[], [], [.bold], [.underline], [.reverse], [.italic], [.bold, .reverse], [.dim]]

    @Test(arguments: ["tmux-256color", "tmux-direct"])
    func randomFramesPlayedInTmuxLeaveTheLastFrameOnScreen(entry: String) throws {
        let sequences = try #require(TerminalSequences.ofEntry(named: entry), "no terminfo entry \(entry)")
        let depth: ColorDepth = entry == "tmux-direct" ? .direct : .indexed256
        for seed in UInt64(1)...3 {
            var writer = TerminalWriter(sequences: sequences, depth: depth)
            var random = SplitMix64(seed: seed)
            var frame = CellGrid(width: Self.width, height: Self.height)
            for y in 0..<Self.height {
                for x in 0..<Self.width { Self.put(Self.randomCell(&random), at: x, y, in: &frame) }
            }
            var bytes = writer.fullFrame(frame, columns: Self.width, rows: Self.height)
            for _ in 0..<30 {
                var next = frame
                // A tick's few cells, or a redraw of many.
                let changes = Int.random(in: 0...1, using: &random) == 0 ? 3 : 60
                for _ in 0..<changes {
                    let x = Int.random(in: 0..<Self.width, using: &random), y = Int.random(in: 0..<Self.height, using: &random)
                    Self.put(Self.randomCell(&random), at: x, y, in: &next)
                }
                bytes += writer.frame(ScreenDiff(from: frame, to: next), columns: Self.width, rows: Self.height)
                frame = next
            }
            let screen = try Self.play(bytes, term: entry)
            for y in 0..<Self.height {
                let expected = Self.trimmed(Self.visible(Self.expectedRow(y, of: frame, depth: depth)))
                let shown = Self.trimmed(Self.visible(y < screen.lines.count ? screen.lines[y].map { ($0.character, $0.style) } : []))
                #expect(shown.map(\.0) == expected.map(\.0), "seed \(seed), row \(y): characters")
                #expect(shown.map(\.1) == expected.map(\.1), "seed \(seed), row \(y): styles")
            }
        }
    }

    static func randomCell(_ random: inout SplitMix64) -> Cell {
        Cell(
            character: characters.randomElement(using: &random)!,
            foreground: colors.randomElement(using: &random)!,
            background: colors.randomElement(using: &random)!,
            attributes: attributes.randomElement(using: &random)!
        )
    }

    /// Puts `cell` at (`x`, `y`) as a layout would: a wide grapheme with its continuation (or a
    /// space where it does not fit), and never half of an old wide grapheme left behind.
    static func put(_ cell: Cell, at x: Int, _ y: Int, in grid: inout CellGrid) {
        func clear(_ x: Int) {
            guard x >= 0 && x < grid.width else { return }
            if grid[x, y].isContinuation, x > 0 { grid[x - 1, y] = Cell(background: grid[x - 1, y].background) }
            if x + 1 < grid.width, grid[x + 1, y].isContinuation { grid[x + 1, y] = Cell(background: grid[x + 1, y].background) }
            grid[x, y] = Cell(background: grid[x, y].background)
        }
        var cell = cell
        let wide = cell.character.cellWidth == 2
        if wide && x + 1 >= grid.width { cell.character = " " }
        clear(x)
        if wide && x + 1 < grid.width {
            clear(x + 1)
            grid[x + 1, y] = Cell(character: " ", isContinuation: true, foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
        }
        grid[x, y] = cell
    }

    /// Row `y` of `grid` as tmux shows it: one character per grapheme, colours as tmux writes them.
    static func expectedRow(_ y: Int, of grid: CellGrid, depth: ColorDepth) -> [(Character, StyledScreen.Style)] {
        (0..<grid.width).compactMap { x in
            let cell = grid[x, y]
            if cell.isContinuation { return nil }
            var attributes = Set<Int>()
            if cell.attributes.contains(.bold) { attributes.insert(1) }
            if cell.attributes.contains(.dim) { attributes.insert(2) }
            if cell.attributes.contains(.italic) { attributes.insert(3) }
            if cell.attributes.contains(.underline) { attributes.insert(4) }
            if cell.attributes.contains(.reverse) { attributes.insert(7) }
            let style = StyledScreen.Style(
                foreground: color(cell.foreground, depth: depth, background: false),
                background: color(cell.background, depth: depth, background: true),
                attributes: attributes)
            return (cell.character, style)
        }
    }

    static func color(_ color: RGBColor?, depth: ColorDepth, background: Bool) -> String? {
        guard let color else { return nil }
        let number = Int(depth.number(for: color))
        let base = background ? 40 : 30, extended = background ? 48 : 38
        if depth == .direct {
            return "\(extended);2;\((number >> 16) & 0xFF);\((number >> 8) & 0xFF);\(number & 0xFF)"
        }
        switch number {
        case 0..<8: return String(base + number)
        case 8..<16: return String(base + 60 + number - 8)
        default: return "\(extended);5;\(number)"
        }
    }

    /// The row as it looks: a space without underline or reverse video shows no foreground, so
    /// the writer may leave the terminal's (`TerminalWriter.blankShowsForeground`).
    static func visible(_ row: [(Character, StyledScreen.Style)]) -> [(Character, StyledScreen.Style)] {
        row.map { character, style in
            guard character == " ", style.attributes.isDisjoint(with: [4, 7]) else { return (character, style) }
            var shown = style
            shown.foreground = nil
            return (character, shown)
        }
    }

    /// Without the blanks in the default style at the end, which tmux leaves out.
    static func trimmed(_ row: [(Character, StyledScreen.Style)]) -> [(Character, StyledScreen.Style)] {
        var row = row
        while let last = row.last, last.0 == " ", last.1 == StyledScreen.Style() { row.removeLast() }
        return row
    }

    /// What tmux shows after printing `bytes` in a pane of the test's size.
    static func play(_ bytes: [UInt8], term: String) throws -> StyledScreen {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = directory.appendingPathComponent("frames").path, done = directory.appendingPathComponent("done").path
        try Data(bytes).write(to: URL(fileURLWithPath: frames))
        let session = try TmuxSession(
            command: ["sh", "-c", "cat \(TmuxSession.shellQuoted(frames)); : > \(TmuxSession.shellQuoted(done)); exec sleep 60"],
            width: width, height: height, term: term)
        defer { session.close() }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: done) {
            if Date() >= deadline { throw TmuxSession.Failure("the frames were not played within 10 s") }
            usleep(20_000)
        }
        // tmux draws what the pane printed on its own schedule; one more capture after a pause
        // must agree with the first. With -N, trailing spaces are kept, styled or not.
        let arguments = ["capture-pane", "-p", "-e", "-N"]
        var capture = try session.tmux(arguments)
        while true {
            usleep(50_000)
            let again = try session.tmux(arguments)
            if again == capture { break }
            capture = again
        }
        return StyledScreen(capture)
    }
}
