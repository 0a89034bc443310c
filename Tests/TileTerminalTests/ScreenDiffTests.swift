import Testing
import TileUI
@testable import TileTerminal

@Suite struct ScreenDiffTests {
    /// A one-row grid from text, "中" and "😀" taking two cells each.
    func row(_ text: String, width: Int = 10) -> CellGrid {
        var grid = CellGrid(width: width, height: 1)
        var x = 0
        for character in text {
            grid[x, 0] = Cell(character: character)
            if character.cellWidth == 2 {
                grid[x + 1, 0] = Cell(isContinuation: true)
                x += 1
            }
            x += 1
        }
        return grid
    }

    func spans(_ diff: ScreenDiff) -> [String] {
        diff.runs.map { "\($0.y):\($0.xStart)+\($0.cells.count)" }
    }

    @Test func identicalFramesHaveNoRuns() {
        #expect(ScreenDiff(from: row("hello"), to: row("hello")).runs.isEmpty)
    }

    @Test func oneChangedCellIsOneRunOfThatCell() {
        let diff = ScreenDiff(from: row("hello"), to: row("hallo"))
        #expect(spans(diff) == ["0:1+1"])
        #expect(diff.runs[0].cells.map(\.character) == ["a"])
    }

    @Test func separatedChangesAreSeparateRuns() {
        #expect(spans(ScreenDiff(from: row("abcdef"), to: row("xbcdyz"))) == ["0:0+1", "0:4+2"])
    }

    @Test func changesOnSeveralRowsKeepTheirRows() {
        var before = CellGrid(width: 3, height: 3)
        var after = before
        after[1, 0] = Cell(character: "x")
        after[2, 2] = Cell(character: "y")
        #expect(spans(ScreenDiff(from: before, to: after)) == ["0:1+1", "2:2+1"])
        before = after
        #expect(ScreenDiff(from: before, to: after).runs.isEmpty)
    }

    @Test func aNewWideGraphemeIsWrittenWithItsContinuation() {
        let diff = ScreenDiff(from: row("ab  "), to: row("a中 "))
        #expect(spans(diff) == ["0:1+2"])
        #expect(diff.runs[0].cells[1].isContinuation)
    }

    @Test func aChangedContinuationPullsInItsLeadingCell() {
        var after = row("中x")
        after[1, 0].foreground = RGBColor(hex: 0xFF0000)
        #expect(spans(ScreenDiff(from: row("中x"), to: after)) == ["0:0+2"])
    }

    @Test func overwritingTheRightHalfOfAWideGraphemeRedrawsItsLeftHalf() {
        // "中" at 0–1 becomes "a" at 0 and "b" at 1: both cells change anyway.
        #expect(spans(ScreenDiff(from: row("中c"), to: row("abc"))) == ["0:0+2"])
        // "ab中" → "a中 " moves the wide grapheme left: cells 1–3 change.
        #expect(spans(ScreenDiff(from: row("ab中"), to: row("a中 "))) == ["0:1+3"])
    }

    @Test func aWideGraphemeReplacedByAnotherIsOneRun() {
        let diff = ScreenDiff(from: row("x中y"), to: row("x😀y"))
        #expect(spans(diff) == ["0:1+2"])
        #expect(diff.runs[0].cells.map(\.isContinuation) == [false, true])
    }

    @Test func everythingIsOneRunPerRow() {
        let diff = ScreenDiff(everything: CellGrid(width: 4, height: 2))
        #expect(spans(diff) == ["0:0+4", "1:0+4"])
        #expect(ScreenDiff(everything: CellGrid(width: 0, height: 3)).runs.isEmpty)
    }

    @Test func areasLimitWhatIsCompared() {
        let before = CellGrid(width: 6, height: 3)
        var after = before
        after[0, 0] = Cell(character: "a")
        after[4, 1] = Cell(character: "b")
        after[5, 2] = Cell(character: "c")
        // Only the cells inside the areas are compared, even on rows they share with others.
        #expect(spans(ScreenDiff(from: before, to: after, areas: [Rect(x: 3, y: 0, width: 2, height: 3)])) == ["1:4+1"])
        // Overlapping areas, and areas past the screen's edges, are read once and clipped.
        let areas = [Rect(x: -2, y: -1, width: 4, height: 2), Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 4, y: 1, width: 9, height: 9)]
        #expect(spans(ScreenDiff(from: before, to: after, areas: areas)) == ["0:0+1", "1:4+1", "2:5+1"])
        #expect(ScreenDiff(from: before, to: after, areas: []).runs.isEmpty)
    }

    @Test func aWideGraphemeAtAnAreasEdgeIsWrittenWhole() {
        // The new "中" starts at the area's last column; its right half lies past the area.
        let diff = ScreenDiff(from: row("abcd"), to: row("a中d"), areas: [Rect(x: 0, y: 0, width: 2, height: 1)])
        #expect(spans(diff) == ["0:1+2"])
        // The old "中" ends at the area's first column: its left half, past the area, is redrawn.
        #expect(spans(ScreenDiff(from: row("a中d"), to: row("a中x"), areas: [Rect(x: 2, y: 0, width: 2, height: 1)])) == ["0:3+1"])
        var recoloured = row("a中d")
        recoloured[2, 0].foreground = RGBColor(hex: 0xFF0000)
        #expect(spans(ScreenDiff(from: row("a中d"), to: recoloured, areas: [Rect(x: 2, y: 0, width: 2, height: 1)])) == ["0:1+2"])
    }

    /// The terminal keeps its copy of the screen by copying the runs of each diff into it: over
    /// random frames of ASCII, CJK, emoji and colours, the copy then equals the frame, whether the
    /// diff compared every cell or only the areas that changed (a wide grapheme's other half
    /// outside them included).
    @Test func copyingTheRunsMakesThePreviousFrameTheNext() {
        let graphemes: [Character] = [" ", "a", "b", "中", "😀", "z"]
        let colours: [RGBColor?] = [nil, RGBColor(red: 255, green: 0, blue: 0), RGBColor(red: 0, green: 0, blue: 255)]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        func frame(from base: CellGrid, changes: Int) -> (CellGrid, [Rect]) {
            var grid = base
            var areas: [Rect] = []
            for _ in 0..<changes {
                let y = next(grid.height), x = next(grid.width - 1)
                // Exactly the cells this change may touch.
                areas.append(Rect(x: x - 1, y: y, width: 4, height: 1))
                // Clear what a wide grapheme here would leave half drawn, then write.
                for column in max(0, x - 1)...min(grid.width - 1, x + 2) { grid[column, y] = Cell() }
                let character = graphemes[next(graphemes.count)]
                grid[x, y] = Cell(character: character, background: colours[next(colours.count)])
                if character.cellWidth == 2 { grid[x + 1, y] = Cell(isContinuation: true) }
            }
            return (grid, areas)
        }
        var kept = CellGrid(width: 12, height: 5)
        for step in 0..<400 {
            let (screen, areas) = frame(from: kept, changes: next(6))
            let diff = step % 2 == 0
                ? ScreenDiff(from: kept, to: screen)
                : ScreenDiff(from: kept, to: screen, areas: areas)
            if step % 2 == 1 {
                #expect(diff == ScreenDiff(from: kept, to: screen), "step \(step): the areas' diff is the whole one")
            }
            for run in diff.runs { kept.copyCells(run.xStart..<run.xStart + run.cells.count, ofRow: run.y, from: screen) }
            #expect(kept == screen, "step \(step)")
            if kept != screen { return }
        }
    }
}
