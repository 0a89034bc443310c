import TileKit
import TileTerminal
import Testing

/// Edit mode's changes to the board, as pure functions of the arrangement.
struct BoardArrangementTests {
    static let all = WidgetFamily.systemFamilies

    static func tile(_ id: String, _ family: WidgetFamily = .systemMedium, families: [WidgetFamily] = all) -> BoardArrangement.Tile {
        BoardArrangement.Tile(spec: TileSpec(id: id, kind: id, family: family), supportedFamilies: families)
    }

    /// Two pages: a b c, then d.
    static func board() -> BoardArrangement {
        BoardArrangement(pages: [[tile("a"), tile("b"), tile("c")], [tile("d")]])
    }

    static func ids(_ arrangement: BoardArrangement) -> [[String]] { arrangement.pages.map { $0.map(\.id) } }

    @Test func movingAlongTheOrderSwapsNeighboursAndCrossesPages() throws {
        var board = Self.board()
        try board.move("b", by: -1)
        #expect(Self.ids(board) == [["b", "a", "c"], ["d"]])
        try board.move("c", by: 1)
        #expect(Self.ids(board) == [["b", "a"], ["c", "d"]])
        try board.move("c", by: -1)
        #expect(Self.ids(board) == [["b", "a", "c"], ["d"]])
        try board.move("d", by: -1)
        #expect(Self.ids(board) == [["b", "a", "c", "d"]], "the page of its last tile goes")
        #expect(throws: BoardArrangement.Refusal.self) { try board.move("b", by: -1) }
        #expect(throws: BoardArrangement.Refusal.self) { try board.move("d", by: 1) }
    }

    @Test func movingToAnotherPageKeepsThePlaceAndMakesANewPageAtTheEnd() throws {
        var board = Self.board()
        try board.moveToPage("c", by: 1)
        #expect(Self.ids(board) == [["a", "b"], ["d", "c"]])
        try board.moveToPage("a", by: 1)
        #expect(Self.ids(board) == [["b"], ["a", "d", "c"]])
        try board.moveToPage("c", by: 1)
        #expect(Self.ids(board) == [["b"], ["a", "d"], ["c"]])
        #expect(throws: BoardArrangement.Refusal.self) { try board.moveToPage("c", by: 1) }
        #expect(throws: BoardArrangement.Refusal.self) { try board.moveToPage("b", by: -1) }
    }

    @Test func aDropTakesTheOtherTilesPlace() throws {
        var board = Self.board()
        try board.move("a", to: "c")
        #expect(Self.ids(board) == [["b", "c", "a"], ["d"]])
        try board.move("d", to: "b")
        #expect(Self.ids(board) == [["d", "b", "c", "a"]])
        try board.move("a", to: "a")
        #expect(Self.ids(board) == [["d", "b", "c", "a"]])
    }

    @Test func removingGivesTheNextFocusAndEmptyPagesGo() throws {
        var board = Self.board()
        #expect(try board.remove("b") == "c")
        #expect(try board.remove("d") == "c")
        #expect(Self.ids(board) == [["a", "c"]])
        #expect(throws: BoardArrangement.Refusal.self) { try board.remove("zz") }
    }

    @Test func insertingGoesAfterTheFocusWithAnIDOfItsOwn() {
        var board = Self.board()
        #expect(board.newID(for: "a") == "a-2")
        #expect(board.newID(for: "calendar") == "calendar")
        board.insert(Self.tile("x"), after: "a")
        board.insert(Self.tile("y"), after: nil)
        #expect(Self.ids(board) == [["a", "x", "b", "c"], ["d", "y"]])
    }

    @Test func familiesAreOnlyThoseTheWidgetComesIn() throws {
        var board = BoardArrangement(pages: [[Self.tile("a", families: [.systemSmall, .systemMedium])]])
        try board.setFamily(.systemSmall, of: "a")
        #expect(board.tile("a")?.spec.family == .systemSmall)
        #expect(throws: BoardArrangement.Refusal(description: "a does not come in large")) { try board.setFamily(.systemLarge, of: "a") }
    }

    @Test func stackingMakesAndGrowsASmartStackInTheTargetsFamily() throws {
        var board = BoardArrangement(pages: [[
            Self.tile("a"), Self.tile("b", .systemSmall), Self.tile("c", .systemSmall, families: [.systemSmall]),
            Self.tile("d", families: [.systemMedium]),
        ]])
        try board.stack("a", onto: "b")
        #expect(Self.ids(board) == [["b", "c", "d"]])
        #expect(board.tile("b")?.spec.widgets.map(\.kind) == ["b", "a"])
        #expect(board.tile("b")?.spec.family == .systemSmall)
        try board.stack("c", onto: "b")
        #expect(board.tile("b")?.spec.widgets.map(\.kind) == ["b", "a", "c"])
        #expect(board.tile("b")?.supportedFamilies == [.systemSmall], "a stack comes in what every member does")
        #expect(throws: BoardArrangement.Refusal.self) { try board.stack("d", onto: "b") }
        #expect(throws: BoardArrangement.Refusal.self) { try board.stack("b", onto: "b") }
    }

    @Test func unstackingTakesOneWidgetOutAfterTheStack() throws {
        var board = BoardArrangement(pages: [[Self.tile("a"), Self.tile("b")]])
        try board.stack("a", onto: "b")
        let id = try board.unstack("b", member: 1, families: Self.all)
        #expect(id == "a")
        #expect(Self.ids(board) == [["b", "a"]])
        #expect(board.tile("b")?.spec.isStack == false)
        #expect(throws: BoardArrangement.Refusal.self) { try board.unstack("b", member: 0, families: Self.all) }
    }

    @Test func pagesStartAtATileAreRemovedAndReordered() throws {
        var board = Self.board()
        try board.startPage(at: "b")
        #expect(Self.ids(board) == [["a"], ["b", "c"], ["d"]])
        #expect(throws: BoardArrangement.Refusal.self) { try board.startPage(at: "b") }
        #expect(try board.movePage(2, by: -1) == 1)
        #expect(Self.ids(board) == [["a"], ["d"], ["b", "c"]])
        #expect(throws: BoardArrangement.Refusal.self) { try board.movePage(0, by: -1) }
        try board.removePage(0)
        #expect(Self.ids(board) == [["d"], ["b", "c"]])
        try board.removePage(1)
        #expect(throws: BoardArrangement.Refusal.self) { try board.removePage(0) }
    }

    @Test func specsMarkWherePagesStartAndReadBackTheSame() {
        let board = Self.board()
        let specs = board.specs
        #expect(specs.map(\.id) == ["a", "b", "c", "d"])
        #expect(specs.map(\.startsPage) == [false, false, false, true])
        let tiles = specs.map { spec -> DashboardState.Tile in
            var tile = DashboardState.Tile(id: spec.id, kind: spec.kind, family: spec.family, supportedFamilies: Self.all)
            tile.startsPage = spec.startsPage
            return tile
        }
        #expect(BoardArrangement(tiles: tiles) == board)
    }
}
