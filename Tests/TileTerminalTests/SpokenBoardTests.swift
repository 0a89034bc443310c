import Foundation
import Testing
import TileKit
@testable import TileTerminal
import TileUI

/// The screen-reader board in memory: a line per tile, the cursor on the focused tile's line,
/// a change said once as a line of its own, and whole rows written to the terminal.
struct SpokenBoardTests {
    typealias F = DashboardFixtures
    static let now = Date(timeIntervalSince1970: 1_795_507_200)

    static func board() -> DashboardState {
        var state = F.board()
        state.screenReader = true
        _ = state.update(.spoken(id: "quote", words: "Ship it, today", announcedAt: "08:00"))
        _ = state.update(.spoken(id: "buttons", words: "Scan, Pay", announcedAt: "08:00"))
        return state
    }

    static func rows(_ grid: CellGrid) -> [String] {
        grid.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func eachTileIsALineAndTheCursorIsOnTheFocusedOne() {
        var state = Self.board()
        var grid = DashboardView.screen(state, now: Self.now)
        var rows = Self.rows(grid)
        #expect(rows[0].hasPrefix("tiles, page 1 of 1, 3 tiles."))
        #expect(rows[1] == "quote: Ship it, today" && rows[2] == "buttons: Scan, Pay" && rows[3] == "plain: loading", "\(rows)")
        #expect(grid.cursor == Point(x: 0, y: 0), "no tile focused: the heading")
        _ = state.update(F.key(.tab))
        _ = state.update(F.key(.tab))
        grid = DashboardView.screen(state, now: Self.now)
        rows = Self.rows(grid)
        #expect(grid.cursor == Point(x: 0, y: 2) && rows[2].hasPrefix("buttons:"))
        // Nothing is drawn as a picture or a frame.
        #expect(!grid.text.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) })
    }

    @Test func aChangeIsAnnouncedOnceAndATickNever() {
        var state = Self.board()
        #expect(state.announcement == nil, "a tile's first words are not a change")
        _ = state.update(.spoken(id: "quote", words: "Ship it, tomorrow", announcedAt: "08:05"))
        #expect(state.announcement == DashboardState.Announcement(text: "quote: Ship it, tomorrow", time: "08:05"))
        let rows = Self.rows(DashboardView.screen(state, now: Self.now))
        #expect(rows.contains("08:05 quote: Ship it, tomorrow"), "\(rows)")
        _ = state.update(.spoken(id: "buttons", words: "Scan, Pay, Travel", announcedAt: nil))
        #expect(state.announcement?.text == "quote: Ship it, tomorrow", "a clock's tick is not announced")
        #expect(state.tile("buttons")?.spoken == "Scan, Pay, Travel")
    }

    @Test func theTerminalWritesAChangedRowWholeAndShowsTheCursor() {
        let terminal = MemoryTerminal(width: 100, height: 30)
        var state = Self.board()
        terminal.draw(DashboardView.screen(state, now: Self.now), changedAreas: nil)
        #expect(terminal.cursor == Point(x: 0, y: 0))
        _ = state.update(.spoken(id: "quote", words: "Ship it, tomorrow", announcedAt: "08:05"))
        let before = DashboardView.screen(Self.board(), now: Self.now), after = DashboardView.screen(state, now: Self.now)
        let whole = ScreenDiff(from: before, to: after).wholeRows(of: after)
        #expect(whole.runs.allSatisfy { $0.xStart == 0 && $0.cells.count == 100 })
        #expect(whole.runs.map(\.y).contains(1), "the quote's row, written whole")
    }
}
