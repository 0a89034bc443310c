import Testing
import TileTerminal
import TileUI

/// Tiles flow into rows and pages with 2-column / 1-row gutters, centred.
struct BoardLayoutTests {
    func tiles(_ sizes: [(Int, Int)]) -> [(id: String, size: Size)] {
        sizes.enumerated().map { ("t\($0.offset)", Size(width: $0.element.0, height: $0.element.1)) }
    }

    @Test func threeMediumTilesOn100x30MakeTwoRowsOnOnePage() {
        let layout = BoardLayout(tiles: tiles([(42, 10), (42, 10), (42, 10)]), screen: Size(width: 100, height: 30))
        #expect(layout.pages.count == 1)
        #expect(layout.area == Rect(x: 0, y: 0, width: 100, height: 29))
        // Row 1: 42 + 2 + 42 = 86 wide, centred: x = 7; rows 10 + 1 + 10 = 21 high, centred: y = 4.
        #expect(layout.pages[0].map(\.rect) == [
            Rect(x: 7, y: 4, width: 42, height: 10),
            Rect(x: 51, y: 4, width: 42, height: 10),
            Rect(x: 29, y: 15, width: 42, height: 10),
        ])
        #expect(layout.neededSize == nil)
    }

    @Test func smallTilesShareOneRow() {
        let layout = BoardLayout(tiles: tiles([(20, 10), (20, 10), (20, 10)]), screen: Size(width: 100, height: 30))
        // 20 + 2 + 20 + 2 + 20 = 64 wide: x = 18; one row of 10 in 29 rows: y = 9.
        #expect(layout.pages[0].map(\.rect.origin) == [Point(x: 18, y: 9), Point(x: 40, y: 9), Point(x: 62, y: 9)])
    }

    @Test func largeTilesThatDoNotFitGoToTheNextPage() {
        let layout = BoardLayout(tiles: tiles([(42, 22), (42, 22), (42, 22)]), screen: Size(width: 100, height: 30))
        #expect(layout.pages.map { $0.map(\.id) } == [["t0", "t1"], ["t2"]])
        #expect(layout.page(of: "t2") == 1)
        #expect(layout.pages[1][0].rect == Rect(x: 29, y: 3, width: 42, height: 22))
        #expect(layout.pages[1][0].index == 2)
    }

    @Test func rowsStackUntilThePageIsFull() {
        // 24 rows of board: two rows of 10 with a gutter (21) fit, a third does not.
        let layout = BoardLayout(tiles: tiles([(42, 10), (42, 10), (42, 10)]), screen: Size(width: 50, height: 25))
        #expect(layout.pages.map { $0.map(\.id) } == [["t0", "t1"], ["t2"]])
    }

    @Test func aTileLargerThanTheScreenGetsAPageOfItsOwnAndIsClippedNotRefused() {
        let layout = BoardLayout(tiles: tiles([(20, 10), (86, 22)]), screen: Size(width: 60, height: 20))
        #expect(layout.neededSize == nil)
        #expect(layout.pages.map { $0.map(\.id) } == [["t0"], ["t1"]])
        #expect(layout.pages[1][0].rect.origin == Point(x: 0, y: 0))
    }

    @Test func aScreenSmallerThanTheSmallestTileNeedsThatTileAndTheStatusLine() {
        let layout = BoardLayout(tiles: tiles([(42, 10), (20, 10)]), screen: Size(width: 19, height: 30))
        #expect(layout.isTooSmall)
        #expect(layout.neededSize == Size(width: 20, height: 11))
        let short = BoardLayout(tiles: tiles([(20, 10)]), screen: Size(width: 80, height: 10))
        #expect(short.neededSize == Size(width: 20, height: 11))
        let exact = BoardLayout(tiles: tiles([(20, 10)]), screen: Size(width: 20, height: 11))
        #expect(!exact.isTooSmall)
        #expect(exact.pages[0][0].rect == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func anEmptyBoardHasOneEmptyPage() {
        let layout = BoardLayout(tiles: [], screen: Size(width: 80, height: 24))
        #expect(layout.pages.count == 1 && layout.pages[0].isEmpty)
        #expect(!layout.isTooSmall)
    }

    @Test func hitTestingFindsTheTileUnderACellButNotInGuttersOrTheStatusLine() {
        let layout = BoardLayout(tiles: tiles([(42, 10), (42, 10)]), screen: Size(width: 100, height: 12))
        // One row at y = 0 (11 rows of board, 10 high: y = 0); x = 7 and 51.
        #expect(layout.placement(atX: 7, y: 0, page: 0)?.id == "t0")
        #expect(layout.placement(atX: 48, y: 9, page: 0)?.id == "t0")
        #expect(layout.placement(atX: 49, y: 5, page: 0) == nil)
        #expect(layout.placement(atX: 51, y: 5, page: 0)?.id == "t1")
        #expect(layout.placement(atX: 60, y: 11, page: 0) == nil)
        #expect(layout.placement(atX: 60, y: 5, page: 3) == nil)
    }
}
