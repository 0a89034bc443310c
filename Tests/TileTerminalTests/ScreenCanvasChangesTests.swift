import Testing
import TileUI
@testable import TileTerminal

/// The canvas reports which cells it wrote, so that a frame drawn over the last one hands the
/// terminal only those to compare: the report must hold every cell that changed.
@Suite struct ScreenCanvasChangesTests {
    let blue = RGBColor(hex: 0x0000FF)

    func tile(_ text: String, width: Int = 6, height: Int = 2) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        var x = 0
        for character in text {
            grid[x, 1] = Cell(character: character, background: blue)
            if character.cellWidth == 2 { grid[x + 1, 1] = Cell(isContinuation: true, background: blue) }
            x += character.cellWidth
        }
        return grid
    }

    func canvas(over tileGrid: CellGrid) -> ScreenCanvas {
        var canvas = ScreenCanvas(size: Size(width: 10, height: 4), background: nil)
        canvas.draw(tileGrid, at: Point(x: 2, y: 1), clip: canvas.bounds, background: nil)
        var grid = canvas.grid
        return ScreenCanvas(taking: &grid)
    }

    @Test func drawingTheSameTileAgainChangesNothing() {
        var canvas = canvas(over: tile("12:00"))
        canvas.draw(tile("12:00"), at: Point(x: 2, y: 1), clip: canvas.bounds, background: nil)
        #expect(canvas.changed == nil)
    }

    @Test func aTileIsReportedByTheCellsThatDiffer() {
        var canvas = canvas(over: tile("12:00"))
        canvas.draw(tile("12:09"), at: Point(x: 2, y: 1), clip: canvas.bounds, background: nil)
        #expect(canvas.changed == Rect(x: 6, y: 2, width: 1, height: 1))
        canvas.draw(tile("02:09"), at: Point(x: 2, y: 1), clip: canvas.bounds, background: nil)
        #expect(canvas.changed == Rect(x: 2, y: 2, width: 5, height: 1), "the bounds of both changes")
    }

    @Test func writesAndRepairsOutsideTheTileAreReported() {
        // A wide grapheme right of the tile loses its left half when the tile is drawn over it.
        var grid = CellGrid(width: 10, height: 4)
        grid[7, 2] = Cell(character: "中")
        grid[8, 2] = Cell(isContinuation: true)
        var canvas = ScreenCanvas(taking: &grid)
        canvas.draw(tile("中中中", width: 6), at: Point(x: 2, y: 1), clip: Rect(x: 0, y: 0, width: 8, height: 4), background: nil)
        let changed = canvas.changed
        #expect(changed.map { $0.contains(x: 8, y: 2) } == true, "the orphaned right half, blanked: \(String(describing: changed))")
        var drawn = canvas.grid
        var other = ScreenCanvas(taking: &drawn)
        other.write("ok", x: 0, y: 3, clip: other.bounds, foreground: nil, background: nil)
        #expect(other.changed == Rect(x: 0, y: 3, width: 2, height: 1))
    }
}
