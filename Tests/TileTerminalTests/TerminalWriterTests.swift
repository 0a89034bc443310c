import Foundation
import Testing
import TileUI
@testable import TileTerminal

/// The bytes tiles writes a frame with, from real terminfo entries: what a tick costs, how styles
/// change, what is never printed. `TerminalWriterEmulatorTests` (TilesCLITests) plays the bytes
/// in tmux and compares the screen.
@Suite struct TerminalWriterTests {
    static func sequences(_ name: String) throws -> TerminalSequences {
        try #require(TerminalSequences.ofEntry(named: name), "no terminfo entry \(name)")
    }

    static let red = RGBColor(hex: 0xFF0000), blue = RGBColor(hex: 0x0000FF)

    static func grid(_ rows: [String], foreground: RGBColor? = nil, background: RGBColor? = nil) -> CellGrid {
        var grid = CellGrid(width: rows.map(\.count).max() ?? 0, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() {
                grid[x, y] = Cell(character: character, foreground: foreground, background: background)
            }
        }
        return grid
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The frame that changes one cell of `before` (on a terminal of its size) to `character`.
    static func frame(_ writer: inout TerminalWriter, over before: CellGrid, setting character: Character, at x: Int, _ y: Int) -> String {
        var after = before
        after[x, y].character = character
        return text(writer.frame(ScreenDiff(from: before, to: after), columns: before.width, rows: before.height))
    }

    @Test func aTickInTheColoursAlreadySetWritesAnAddressAndTheDigit() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        let before = Self.grid(["12:00", "     "], foreground: Self.red, background: Self.blue)
        let full = Self.text(writer.fullFrame(before, columns: 5, rows: 2))
        // A reset, the clear, then the colours once for the whole run, and the text.
        #expect(full == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[38;5;196m\u{1B}[48;5;21m12:00\u{1B}[2;1H     ")
        #expect(Self.frame(&writer, over: before, setting: "1", at: 4, 0) == "\u{1B}[1;5H1")
    }

    @Test func removingAnAttributeResetsAndDefaultColoursUseTheOriginalPair() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        var grid = CellGrid(width: 4, height: 1)
        grid[0, 0] = Cell(character: "a", foreground: Self.red, attributes: [.bold, .underline])
        grid[1, 0] = Cell(character: "b", foreground: Self.red, attributes: [.bold])
        grid[2, 0] = Cell(character: "c", attributes: [.bold])
        grid[3, 0] = Cell(character: "d")
        let bytes = Self.text(writer.fullFrame(grid, columns: 4, rows: 1))
        let reset = "\u{1B}(B\u{1B}[m"
        #expect(bytes == reset + "\u{1B}[H\u{1B}[2J"
            + "\u{1B}[1m\u{1B}[4m\u{1B}[38;5;196ma"
            + reset + "\u{1B}[1m\u{1B}[38;5;196mb"
            + "\u{1B}[39;49mc"
            + reset + "d")
        // Giving the terminal back resets the style once; nothing more when it is the default.
        #expect(Self.text(writer.release()) == "")
    }

    @Test func aDirectColourTerminalGetsRGBAndEachColourIsFormattedOnce() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-direct"), depth: .direct)
        var grid = CellGrid(width: 3, height: 1)
        grid[0, 0] = Cell(character: "x", foreground: RGBColor(hex: 0x123456))
        grid[1, 0] = Cell(character: "y", foreground: RGBColor(hex: 0x000003))
        grid[2, 0] = Cell(character: "z", foreground: RGBColor(hex: 0x123456))
        let bytes = Self.text(writer.fullFrame(grid, columns: 3, rows: 1))
        // xterm-direct's own colon form; near-black stays RGB rather than becoming ANSI colour 3.
        #expect(bytes.hasSuffix("\u{1B}[38:2::18:52:86mx\u{1B}[38:2::1:0:3my\u{1B}[38:2::18:52:86mz"))
        #expect(bytes.hasPrefix("\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J"))
    }

    @Test func paddingIsNeverWritten() throws {
        // vt100's sequences carry delays (`$<2>`) that a terminal would print as text.
        var writer = TerminalWriter(sequences: try Self.sequences("vt100"), depth: .none)
        var grid = Self.grid(["ab"])
        grid[1, 0].attributes = [.bold]
        let bytes = Self.text(writer.fullFrame(grid, columns: 2, rows: 1))
        #expect(!bytes.contains("$<"))
        #expect(bytes.contains("\u{1B}[1mb"))
        #expect(TerminalSequences.withoutPadding("\u{1B}[H$<5>\u{1B}[J$<2*/>") == "\u{1B}[H\u{1B}[J")
        // Only delays are padding: other text in `$<…>` stays.
        #expect(TerminalSequences.withoutPadding("a$<b>c$<") == "a$<b>c$<")
    }

    @Test func entriesAreReadAsTheyAre() throws {
        let xterm = try Self.sequences("xterm-256color")
        #expect(xterm.hasColors && !xterm.scrollsAtLastCell)
        #expect(xterm.supportedAttributes == [.bold, .dim, .italic, .underline, .reverse])
        // vt100 has automatic margins and the pending wrap (`am`, `xenl`), and no colours.
        let vt100 = try Self.sequences("vt100")
        #expect(!vt100.hasColors && !vt100.scrollsAtLastCell)
        // The Linux console's entry has colours but no italics.
        let linux = try Self.sequences("linux")
        #expect(linux.hasColors && !linux.supportedAttributes.contains(.italic))
    }

    @Test func aTerminalThatScrollsAtTheLastCellNeverGetsIt() throws {
        // An entry with automatic margins and no pending wrap: writing the bottom-right cell
        // would scroll the whole screen up a line.
        let entry = try #require(TerminalSequences(
            capability: { ["cup": "\u{1B}[%i%p1%d;%p2%dH", "clear": "\u{1B}[H\u{1B}[2J", "sgr0": "\u{1B}[m"][$0] },
            flag: { $0 == "am" },
            format: { _, _, _ in nil }))
        #expect(entry.scrollsAtLastCell)
        var writer = TerminalWriter(sequences: entry, depth: .none)
        let bytes = Self.text(writer.fullFrame(Self.grid(["ab", "cd"]), columns: 2, rows: 2))
        #expect(bytes == "\u{1B}[m\u{1B}[H\u{1B}[2Jab\u{1B}[2;1Hc")
    }

    @Test func aCursorAddressThatIsNotANSIIsFormattedByTerminfo() throws {
        let entry = try #require(TerminalSequences(
            capability: { ["cup": "\u{1B}=%p1%' '%+%c%p2%' '%+%c", "sgr0": "\u{1B}[m"][$0] },
            flag: { _ in false },
            format: TerminalSequences.formatWithTerminfo))
        var writer = TerminalWriter(sequences: entry, depth: .none)
        let before = Self.grid(["ab", "cd"])
        let bytes = Self.frame(&writer, over: before, setting: "x", at: 1, 1)
        // No clear in this entry: the frame addresses its one cell with the entry's own form.
        #expect(bytes == "\u{1B}=!!\u{1B}[mx")
    }

    @Test func controlsAndZeroWidthGraphemesBecomeSpacesAndWideOnesCutAtTheEdgeToo() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .none)
        var grid = CellGrid(width: 5, height: 1)
        grid[0, 0] = Cell(character: "\u{1B}")
        grid[1, 0] = Cell(character: "\u{200D}")
        grid[2, 0] = Cell(character: "\u{9B}")
        grid[3, 0] = Cell(character: "a")
        grid[4, 0] = Cell(character: "中")
        let bytes = writer.fullFrame(grid, columns: 5, rows: 1)
        #expect(!bytes.contains(0x9B) && !bytes.dropFirst(12).contains(0x1B))
        #expect(Self.text(bytes).hasSuffix("\u{1B}[2J   a "))
    }

    @Test func afterAGraphemeOfSeveralScalarsTheNextCellIsAddressed() throws {
        // Terminals disagree on how wide such a grapheme is; the next cell is put where tiles
        // laid it out, whatever the terminal did.
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .none)
        var grid = CellGrid(width: 5, height: 1)
        grid[0, 0] = Cell(character: "e\u{301}")
        grid[1, 0] = Cell(character: "x")
        grid[2, 0] = Cell(character: "中")
        grid[3, 0] = Cell(character: " ", isContinuation: true)
        grid[4, 0] = Cell(character: "y")
        let bytes = Self.text(writer.fullFrame(grid, columns: 5, rows: 1))
        #expect(bytes.hasSuffix("\u{1B}[2Je\u{301}\u{1B}[1;2Hx中y"))
    }

    @Test func aGraphemeOfTooManyScalarsIsWrittenAsItsFirst() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .none)
        var grid = CellGrid(width: 1, height: 1)
        grid[0, 0] = Cell(character: Character("a" + String(repeating: "\u{301}", count: 40)))
        #expect(Self.text(writer.fullFrame(grid, columns: 1, rows: 1)).hasSuffix("\u{1B}[2Ja"))
    }

    @Test func cellsBeyondTheTerminalAreLeftOut() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .none)
        let bytes = Self.text(writer.fullFrame(Self.grid(["abc", "def", "ghi"]), columns: 2, rows: 2))
        #expect(bytes.hasSuffix("\u{1B}[2Jab\u{1B}[2;1Hde"))
    }

    @Test func theStyleIsResetBeforeTheTerminalIsGivenBack() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        _ = writer.fullFrame(Self.grid(["a"], foreground: Self.red), columns: 1, rows: 1)
        #expect(Self.text(writer.release()) == "\u{1B}(B\u{1B}[m")
        // Then nothing is known: the next frame starts with a reset and addresses its cell.
        let next = Self.text(writer.frame(ScreenDiff(from: Self.grid(["a"]), to: Self.grid(["b"], foreground: Self.red)), columns: 1, rows: 1))
        #expect(next == "\u{1B}[1;1H\u{1B}(B\u{1B}[m\u{1B}[38;5;196mb")
    }

    @Test func aTickOfTheDigitWrittenLastMovesBackOverIt() throws {
        // A clock's last digit, written by the frame before: the cursor is just right of it, so
        // the next digit takes the entry's cub1 (a backspace) and the digit: 2 bytes, not 9.
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        let frames = ["12:58 ", "12:59 ", "12:50 ", "13:00 "].map { Self.grid([$0], foreground: Self.red) }
        func tick(_ writer: inout TerminalWriter, _ index: Int) -> String {
            Self.text(writer.frame(ScreenDiff(from: frames[index - 1], to: frames[index]), columns: 6, rows: 1))
        }
        // The full frame leaves out the last cell, a space on the default background, so it ends
        // with the cursor just right of the last digit.
        _ = writer.fullFrame(frames[0], columns: 6, rows: 1)
        #expect(tick(&writer, 1) == "\u{8}9")
        #expect(tick(&writer, 2) == "\u{8}0")
        // Elsewhere on the row the cell is addressed.
        #expect(tick(&writer, 3) == "\u{1B}[1;2H3\u{1B}[1;4H0")
        // An entry without cub1 addresses it.
        var sequences = try Self.sequences("xterm-256color")
        sequences.cursorLeft = []
        var plain = TerminalWriter(sequences: sequences, depth: .indexed256)
        _ = plain.fullFrame(frames[0], columns: 6, rows: 1)
        _ = tick(&plain, 1)
        #expect(tick(&plain, 2) == "\u{1B}[1;5H0")
    }

    @Test func aSpaceKeepsTheForegroundItCannotShow() throws {
        // A block digit's tick: a space on a coloured background between glyphs in the digit's
        // colour. A space shows no foreground, so the terminal keeps the glyphs' and only the
        // background changes for it: no `op` (which resets both colours) before the space, and
        // no foreground set again after it.
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        let orange = RGBColor(hex: 0xFF875F)
        var before = CellGrid(width: 4, height: 1)
        for x in 0..<4 { before[x, 0] = Cell(character: "▀", foreground: Self.red, background: orange) }
        var after = before
        after[1, 0] = Cell(character: " ", background: orange)
        after[2, 0] = Cell(character: "█", foreground: Self.red, background: orange)
        _ = writer.fullFrame(before, columns: 5, rows: 1)
        let bytes = Self.text(writer.frame(ScreenDiff(from: before, to: after), columns: 5, rows: 1))
        #expect(bytes == "\u{1B}[1;2H █")
        // Underlined or in reverse video, a space shows its foreground: that one is set.
        var underlined = after
        underlined[1, 0].attributes = [.underline]
        let shown = Self.text(writer.frame(ScreenDiff(from: after, to: underlined), columns: 5, rows: 1))
        #expect(shown == "\u{1B}[1;2H\u{1B}[4m\u{1B}[39;49m\u{1B}[48;5;209m ")
    }

    @Test func aFullFrameLeavesOutSpacesOnTheDefaultBackgroundWhateverTheirForeground() throws {
        var writer = TerminalWriter(sequences: try Self.sequences("xterm-256color"), depth: .indexed256)
        let bytes = Self.text(writer.fullFrame(Self.grid(["ab  c"], foreground: Self.red), columns: 5, rows: 1))
        #expect(bytes == "\u{1B}(B\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[38;5;196mab\u{1B}[1;5Hc")
    }

    @Test func randomFramesNeverWriteAControlCharacterOutsideASequence() throws {
        // Whatever the cells hold, the only bytes below 0x20 are the ESC of the entry's
        // sequences (and SI in Linux's sgr0): remote text cannot reach the terminal as controls.
        // The entry's backspace (`cub1`) is left out, so that a backspace in a cell would show.
        var sequences = try Self.sequences("xterm-256color")
        sequences.cursorLeft = []
        var writer = TerminalWriter(sequences: sequences, depth: .indexed256)
        var random = SeededRandom(seed: 7)
        let pool: [Character] = ["\u{1B}", "\u{7}", "\u{8}", "\u{7F}", "\u{85}", "\u{9B}", "\r\n", "\u{301}", "\u{200B}", "a", "中", "👨‍👩‍👧", "⚠️", " "]
        var previous = CellGrid(width: 8, height: 3)
        for _ in 0..<200 {
            var next = previous
            for _ in 0..<6 {
                let x = random.next(upperBound: 8), y = random.next(upperBound: 3)
                let character = pool[random.next(upperBound: pool.count)]
                next[x, y] = Cell(character: character, foreground: random.next(upperBound: 2) == 0 ? Self.red : nil)
            }
            let bytes = writer.frame(ScreenDiff(from: previous, to: next), columns: 8, rows: 3)
            let text = Self.text(bytes)
            // Every ESC starts one of the entry's sequences: a CSI or the charset switch of sgr0.
            var index = text.unicodeScalars.startIndex
            while let escape = text.unicodeScalars[index...].firstIndex(of: "\u{1B}") {
                let following = text.unicodeScalars[text.unicodeScalars.index(after: escape)]
                #expect(following == "[" || following == "(")
                index = text.unicodeScalars.index(after: escape)
            }
            #expect(!bytes.contains { $0 < 0x20 && $0 != 0x1B })
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
            previous = next
        }
    }
}

/// The colour forms tiles writes itself are exactly what terminfo's `tiparm` makes of them.
@Suite struct TerminalColorFormTests {
    @Test(arguments: ["xterm-256color", "tmux-direct", "xterm", "linux"])
    func knownColourFormsAreWrittenAsTerminfoFormatsThem(entry: String) throws {
        var sequences = try TerminalWriterTests.sequences(entry)
        #expect(sequences.formatsColorsItself)
        let setaf = try #require(sequences.colorCapabilities.foreground)
        let setab = try #require(sequences.colorCapabilities.background)
        let numbers: [Int32] = entry.hasSuffix("direct")
            ? [0, 7, 0x01_0000, 0x01_0007, 0x123456, 0xFFFFFF, 0x00FF00, 0x0000FF, 0x808080, 0x0A0B0C]
            : entry.hasSuffix("256color") ? Array(0..<256) : Array(0..<8)
        for number in numbers {
            var foreground: [UInt8] = [], background: [UInt8] = []
            sequences.appendForeground(number, to: &foreground)
            sequences.appendBackground(number, to: &background)
            #expect(TerminalWriterTests.text(foreground) == TerminalSequences.formatWithTerminfo(setaf, number, 0), "setaf \(number)")
            #expect(TerminalWriterTests.text(background) == TerminalSequences.formatWithTerminfo(setab, number, 0), "setab \(number)")
        }
    }

    @Test func anotherFormIsFormattedByTerminfo() throws {
        let entry = try #require(TerminalSequences(
            capability: { ["cup": "\u{1B}[%i%p1%d;%p2%dH", "sgr0": "\u{1B}[m", "setaf": "\u{1B}[3%p1%{1}%+%dm", "setab": "\u{1B}[4%p1%dm"][$0] },
            flag: { _ in false },
            format: TerminalSequences.formatWithTerminfo))
        #expect(!entry.formatsColorsItself)
        var sequences = entry
        var bytes: [UInt8] = []
        sequences.appendForeground(2, to: &bytes)
        #expect(TerminalWriterTests.text(bytes) == "\u{1B}[33m")
    }
}
