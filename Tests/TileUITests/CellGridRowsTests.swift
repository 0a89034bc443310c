import Foundation
import Testing
import TileUI

/// `CellGrid.copyCells`: how the terminal keeps its copy of the screen in step with a frame that
/// changed only some cells.
@Suite struct CellGridRowsTests {
    static func grid(_ lines: [String]) -> CellGrid {
        var grid = CellGrid(width: 4, height: lines.count)
        for (y, line) in lines.enumerated() {
            for (x, character) in line.enumerated() { grid[x, y].character = character }
        }
        return grid
    }

    @Test func theCellsNamedAreCopiedAndTheOthersKept() {
        var kept = Self.grid(["aaaa", "bbbb", "cccc", "dddd"])
        let screen = Self.grid(["wwww", "xxxx", "yyyy", "zzzz"])
        kept.copyCells(1..<3, ofRow: 1, from: screen)
        kept.copyCells(0..<4, ofRow: 2, from: screen)
        #expect((0..<4).map(kept.line) == ["aaaa", "bxxb", "yyyy", "dddd"])
        // Out-of-range and empty ranges are clamped, never trap.
        kept.copyCells(3..<99, ofRow: 3, from: screen)
        kept.copyCells(-5..<1, ofRow: 3, from: screen)
        kept.copyCells(2..<2, ofRow: 0, from: screen)
        kept.copyCells(0..<4, ofRow: 4, from: screen)
        kept.copyCells(0..<4, ofRow: -1, from: screen)
        #expect((0..<4).map(kept.line) == ["aaaa", "bxxb", "yyyy", "zddz"])
        #expect(screen.line(0) == "wwww", "the source is not changed")
    }

    @Test func linksComeWithTheRows() throws {
        var kept = Self.grid(["aaaa", "bbbb"])
        var screen = Self.grid(["cccc", "dddd"])
        let url = try #require(URL(string: "https://example.com"))
        screen[0, 1].linkIndex = screen.index(forLink: url)
        kept.copyCells(0..<4, ofRow: 1, from: screen)
        #expect(kept.link(x: 0, y: 1) == url)
        #expect(kept == screen.withTopRow("aaaa"))
    }
}

extension CellGrid {
    /// This grid with row 0 holding `text`.
    fileprivate func withTopRow(_ text: String) -> CellGrid {
        var grid = self
        for (x, character) in text.enumerated() { grid[x, 0].character = character }
        return grid
    }
}
