import Foundation
import Testing
import TileKit
import TileTerminal
import TileUI

/// A frame drawn over the last one (only changed tiles and the status line) is the same screen
/// as one drawn from scratch, and every cell it leaves out of `changedAreas` is really unchanged.
struct IncrementalFrameTests {
    typealias F = DashboardFixtures
    let now = Date(timeIntervalSince1970: 1_714_543_200)

    /// A tile drawing with `text` (CJK and emoji included) at a varying place.
    static func grid(_ family: WidgetFamily, text: String, offset: Int) -> CellGrid {
        let (width, height) = family.gridSize
        return CellGrid.render(
            VStack(alignment: .leading, spacing: 0) {
                Spacer().frame(height: offset % 3)
                Text(text)
                Spacer()
            }
            .padding(.leading, offset % 5)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(Color(offset % 2 == 0 ? "widget.background" : "accent")),
            width: width, height: height)
    }

    @Test(arguments: [1, 2, 3, 4])
    func framesOverTheLastOneEqualFullFrames(seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        let stale = await F.staleStatus("offline", since: now.addingTimeInterval(-600))
        var state = F.board()
        var frame = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        let texts = ["09:41", "测试句子，很长的一句话", "👨‍👩‍👧 家", "Fix the thing", "１２：３０"]
        let keys: [DashboardEvent] = [
            F.key(.tab), F.key(.right), F.key(.left), F.key(.escape), F.key("t"), F.key("s"), F.key("m"),
            F.key("f"), F.key(.escape), F.key("?"), F.key("x"), .message("opener failed"), .input(.resize(width: 90, height: 28)),
            .input(.resize(width: 100, height: 30)),
        ]
        for step in 0..<200 {
            var changed: Set<String> = []
            let ids = state.tiles.map(\.id)
            switch random.next(upperBound: 10) {
            case 0..<5:
                // A live text ticked, or new data came: one tile drawn again.
                let id = ids[random.next(upperBound: ids.count)]
                let family = state.tile(id)!.family
                _ = state.update(.rendered(id: id, grid: Self.grid(family, text: texts[random.next(upperBound: texts.count)], offset: step)))
                changed.insert(id)
            case 5, 6:
                let id = ids[random.next(upperBound: ids.count)]
                _ = state.update(.status(id: id, stale))
                changed.insert(id)
            default:
                // Keys may change families, focus, scheme, pages or modes; redraw what they undrew.
                for effect in state.update(keys[random.next(upperBound: keys.count)]) {
                    if case .setFamily(let id, let family) = effect {
                        _ = state.update(.rendered(id: id, grid: Self.grid(family, text: "new size", offset: step)))
                        changed.insert(id)
                    }
                }
            }
            let moment = now.addingTimeInterval(Double(step))
            let next = DashboardView.frame(state, now: moment, after: frame, changedTiles: changed)
            let full = DashboardView.screen(state, now: moment)
            #expect(next.grid == full, "seed \(seed), step \(step)")
            if let areas = next.changedAreas, frame.grid.width == full.width, frame.grid.height == full.height {
                #expect(ScreenDiff(from: frame.grid, to: next.grid, areas: areas) == ScreenDiff(from: frame.grid, to: next.grid),
                        "seed \(seed), step \(step): a changed cell was not reported")
            }
            frame = next
        }
    }

    @Test func aTickRedrawsOnlyTheTileAndReportsOnlyTheCellsThatChanged() throws {
        var state = F.board()
        _ = state.update(.rendered(id: "buttons", grid: Self.grid(.systemMedium, text: "1:01", offset: 1)))
        let first = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        #expect(first.changedAreas == nil, "the first frame is drawn in full")
        _ = state.update(.rendered(id: "buttons", grid: Self.grid(.systemMedium, text: "1:00", offset: 1)))
        let tick = DashboardView.frame(state, now: now, after: first, changedTiles: ["buttons"])
        let rect = state.layout.placement(of: "buttons")!.rect
        // Only the cells that differ: the text's, inside the tile.
        let areas = try #require(tick.changedAreas)
        #expect(areas.count == 1)
        #expect(areas.allSatisfy { $0.intersection(rect) == $0 && $0.size.width == 1 && $0.size.height == 1 }, "one digit changed: \(areas)")
        #expect(ScreenDiff(from: first.grid, to: tick.grid, areas: areas) == ScreenDiff(from: first.grid, to: tick.grid))
        // The same drawing again changes nothing.
        let again = DashboardView.frame(state, now: now, after: tick, changedTiles: ["buttons"])
        #expect(again.changedAreas == [])
        #expect(tick.grid == DashboardView.screen(state, now: now))
        _ = state.update(F.key("?"))
        #expect(DashboardView.frame(state, now: now, after: tick, changedTiles: []).changedAreas == nil, "an overlay redraws in full")
    }

    @Test func aTickCopiesOnlyTheCellsItRedrew() throws {
        var state = F.board()
        let before = Self.grid(.systemMedium, text: "1:01", offset: 1)
        let after = Self.grid(.systemMedium, text: "1:00", offset: 1)
        let differing = (0..<after.height).filter { y in (0..<after.width).contains { before[$0, y] != after[$0, y] } }
        #expect(differing == [1])
        _ = state.update(.rendered(id: "buttons", grid: before))
        let first = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        _ = state.update(.rendered(id: "buttons", grid: after))
        let tick = DashboardView.frame(state, now: now, after: first, changedTiles: ["buttons"], changedCells: ["buttons": Rect(x: 0, y: 1, width: after.width, height: 1)])
        #expect(tick.grid == DashboardView.screen(state, now: now))
        // Only those rows are copied: a change outside them stays off the screen.
        var elsewhere = after
        elsewhere[0, 5] = Cell(character: "X")
        _ = state.update(.rendered(id: "buttons", grid: elsewhere))
        let partial = DashboardView.frame(state, now: now, after: tick, changedTiles: ["buttons"], changedCells: ["buttons": Rect(x: 0, y: 1, width: after.width, height: 1)])
        #expect(partial.grid == tick.grid)
        #expect(partial.grid != DashboardView.screen(state, now: now))
    }

    /// A badge that goes in a frame that also copies a tick's cells: the whole tile is copied
    /// again, so no cell of the badge stays on the screen.
    @Test func aBadgeThatGoesWithATickLeavesNothingBehind() async throws {
        var state = F.board()
        let stale = await F.staleStatus("offline", since: now.addingTimeInterval(-600))
        _ = state.update(.status(id: "buttons", stale))
        _ = state.update(.rendered(id: "buttons", grid: Self.grid(.systemMedium, text: "1:01", offset: 1)))
        let first = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        #expect(first.grid.text.contains("⚠ 10m"))
        var fresh = stale
        fresh.isStale = false
        fresh.reason = nil
        fresh.since = nil
        _ = state.update(.status(id: "buttons", fresh))
        let after = Self.grid(.systemMedium, text: "1:00", offset: 1)
        _ = state.update(.rendered(id: "buttons", grid: after))
        let tick = DashboardView.frame(
            state, now: now, after: first, changedTiles: ["buttons"],
            changedCells: ["buttons": Rect(x: 0, y: 1, width: after.width, height: 1)])
        #expect(!tick.grid.text.contains("⚠"))
        #expect(tick.grid == DashboardView.screen(state, now: now))
    }

    /// The frame of a quiet second's ticks: only the rows given are copied, the status line and
    /// badges are those of the frame before, and it equals the full frame when nothing else
    /// changed (a stale tile, focus, and CJK text on the board).
    @Test func aFrameOfTicksAloneEqualsTheFullFrame() async throws {
        var state = F.board()
        _ = state.update(.status(id: "quote", await F.staleStatus("offline", since: now.addingTimeInterval(-600))))
        _ = state.update(F.key(.tab))
        let id = try #require(state.focusedID)
        let family = try #require(state.tile(id)).family
        let before = Self.grid(family, text: "还有 1:01", offset: 1)
        let after = Self.grid(family, text: "还有 1:00", offset: 1)
        let differing = (0..<after.height).filter { y in (0..<after.width).contains { before[$0, y] != after[$0, y] } }
        #expect(differing == [1])
        _ = state.update(.rendered(id: id, grid: before))
        var last: DashboardView.Frame? = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        let shown = try #require(last).grid
        _ = state.update(.rendered(id: id, grid: after))
        let tick = try #require(DashboardView.tickFrame(state, now: now, after: &last, changedCells: [id: Rect(x: 0, y: 1, width: after.width, height: 1)]))
        #expect(last?.grid == nil, "the frame before is taken, to be drawn over in place")
        let equal = tick.grid == DashboardView.screen(state, now: now)
        #expect(equal)
        let rect = try #require(state.layout.placement(of: id)).rect
        let row = Rect(x: rect.minX, y: rect.minY + 1, width: rect.size.width, height: 1)
        let areas = try #require(tick.changedAreas)
        #expect(!areas.isEmpty && areas.allSatisfy { $0.intersection(row) == $0 },
                "only the tile's changed row is drawn, not its focus frame or badge: \(areas)")
        #expect(ScreenDiff(from: shown, to: tick.grid, areas: areas) == ScreenDiff(from: shown, to: tick.grid))
        // A tick of the badge's row draws the badge again over it.
        let top = Self.grid(family, text: "还有 59", offset: 3)
        let topRows = (0..<top.height).filter { y in (0..<top.width).contains { after[$0, y] != top[$0, y] } }
        #expect(topRows == [0, 1])
        _ = state.update(.rendered(id: id, grid: top))
        var previous: DashboardView.Frame? = tick
        let topTick = try #require(DashboardView.tickFrame(state, now: now, after: &previous, changedCells: [id: Rect(x: 0, y: 0, width: top.width, height: 2)]))
        let topEqual = topTick.grid == DashboardView.screen(state, now: now)
        #expect(topEqual)
        #expect(topTick.grid.text.contains("⚠ 10m"))
        // The next full frame starts from it and finds nothing else to draw.
        let full = DashboardView.frame(state, now: now, after: topTick, changedTiles: [])
        #expect(full.changedAreas == [])
    }

    @Test func aFrameOfTicksAloneNeedsAFrameOfTheBoardToStartFrom() throws {
        var state = F.board()
        var none: DashboardView.Frame?
        #expect(DashboardView.tickFrame(state, now: now, after: &none, changedCells: [:])?.grid == nil)
        _ = state.update(F.key("?"))
        var help: DashboardView.Frame? = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        #expect(DashboardView.tickFrame(state, now: now, after: &help, changedCells: ["buttons": Rect(x: 0, y: 0, width: 10, height: 1)])?.grid == nil,
                "help is drawn over the board: its frames are drawn in full")
        #expect(help?.grid != nil, "a frame it cannot start from is left to the full frame")
        _ = state.update(F.key(.escape))
        var board: DashboardView.Frame? = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        _ = state.update(.input(.resize(width: 90, height: 28)))
        #expect(DashboardView.tickFrame(state, now: now, after: &board, changedCells: ["buttons": Rect(x: 0, y: 0, width: 10, height: 1)])?.grid == nil,
                "a frame of another size is not drawn over")
    }

    /// The status line names a stale tile of another page, with its age: the board wakes when
    /// that age changes, and a quiet second's tick does not skip it.
    @Test func theNextAgeChangeCoversStaleTilesOfEveryPage() async throws {
        var state = F.board()
        _ = state.update(.input(.resize(width: 50, height: 20)))
        let offPage = try #require(state.tiles.map(\.id).first { !state.visibleTileIDs.contains($0) })
        _ = state.update(.status(id: offPage, await F.staleStatus("offline", since: now.addingTimeInterval(-90))))
        #expect(!state.visibleTileIDs.contains(offPage), "no badge on the page shown")
        #expect(DashboardView.nextAgeChange(state, now: now) == now.addingTimeInterval(30))
        #expect(StatusLine(state: state, now: now).text.contains("1 min"))
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(upperBound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(upperBound))
    }
}
