import Foundation
import Testing
import TileKit
import TileTerminal
import TileUI

/// The composed screen: tiles, badges, focus frame, hints, status line, help, too small.
struct DashboardViewTests {
    typealias F = DashboardFixtures
    let now = Date(timeIntervalSince1970: 1_714_543_200)

    func lines(_ grid: CellGrid) -> [String] { (0..<grid.height).map(grid.line) }

    func stale(_ reason: String, minutesAgo: Double) async -> InstanceStatus {
        await F.staleStatus(reason, since: now.addingTimeInterval(-minutesAgo * 60))
    }

    @Test func tilesAreCopiedCellForCellAtTheirPlaces() {
        let state = F.board()
        let screen = DashboardView.screen(state, now: now)
        #expect(screen.width == 100 && screen.height == 30)
        let background = Theme.default.color(named: "board.background", scheme: .light)
        for placement in state.visiblePlacements {
            let grid = state.tile(placement.id)!.grid!
            for y in 0..<grid.height {
                for x in 0..<grid.width {
                    var expected = grid[x, y]
                    expected.linkIndex = 0
                    if expected.background == nil { expected.background = background }
                    #expect(screen[placement.rect.minX + x, placement.rect.minY + y] == expected)
                }
            }
        }
        #expect(screen[0, 0].background == background)
        #expect(lines(screen).joined().contains("测试句子"))
    }

    @Test func theStatusLineShowsPageDotsAndTheHelpKey() {
        var state = F.board(families: [.systemLarge, .systemLarge, .systemMedium])
        var last = lines(DashboardView.screen(state, now: now))[29]
        #expect(last.hasSuffix("● ○  E edit  ? help "))
        _ = state.update(F.key("]"))
        last = lines(DashboardView.screen(state, now: now))[29]
        #expect(last.hasSuffix("○ ●  E edit  ? help "))
        let status = DashboardView.screen(state, now: now)[0, 29]
        #expect(status.background == Theme.default.color(named: "status.background", scheme: .light))
    }

    @Test func aStaleTileGetsABadgeAndTheStatusLineSaysWhy() async {
        var state = F.board()
        _ = state.update(.status(id: "plain", await stale("offline", minutesAgo: 12)))
        let screen = DashboardView.screen(state, now: now)
        let rect = state.layout.placement(of: "plain")!.rect
        // ` ⚠ 12m ` in the top-right corner, in reverse video: the stale colour behind white where
        // there is colour, a solid block in any depth, and the age readable without focusing.
        let badge = (rect.maxX - 7..<rect.maxX).map { screen[$0, rect.minY] }
        #expect(badge.map { String($0.character) }.joined() == " ⚠ 12m ")
        #expect(badge.allSatisfy { $0.attributes.contains(.reverse) && $0.attributes.contains(.bold) })
        #expect(badge.allSatisfy { $0.foreground == Theme.default.color(named: "status.stale", scheme: .light) })
        #expect(lines(screen)[29].hasPrefix(" plain: offline · 12 min"))
        _ = state.update(F.key(.tab))
        #expect(lines(DashboardView.screen(state, now: now))[29].hasPrefix(" quote · medium "))
    }

    @Test func theStatusLineCountsEveryStaleTile() async {
        var state = F.board()
        _ = state.update(.status(id: "plain", await stale("offline", minutesAgo: 12)))
        _ = state.update(.status(id: "quote", await stale("HTTP 503", minutesAgo: 3)))
        let screen = DashboardView.screen(state, now: now)
        #expect(lines(screen)[29].hasPrefix(" 2 tiles stale · quote: HTTP 503 · 3 min"))
        let quote = state.layout.placement(of: "quote")!.rect
        #expect(lines(screen)[quote.minY].contains(" ⚠ 3m "))
    }

    @Test func aBadgesAgeRedrawsItsTileInTheNextFrame() async {
        var state = F.board()
        _ = state.update(.status(id: "plain", await stale("offline", minutesAgo: 12)))
        let first = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        let later = now.addingTimeInterval(60)
        let second = DashboardView.frame(state, now: later, after: first, changedTiles: [])
        #expect(second.grid == DashboardView.screen(state, now: later))
        let rect = state.layout.placement(of: "plain")!.rect
        #expect(lines(second.grid)[rect.minY].contains(" ⚠ 13m "))
    }

    @Test func theFocusFrameIsDrawnInTheGutterAroundTheTileNotOverIt() {
        var state = F.board()
        let before = DashboardView.screen(state, now: now)
        _ = state.update(F.key(.tab))
        let after = DashboardView.screen(state, now: now)
        let rect = state.layout.placement(of: "quote")!.rect
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX { #expect(after[x, y] == before[x, y]) }
        }
        #expect(after[rect.minX - 1, rect.minY - 1].character == "┌")
        #expect(after[rect.maxX, rect.maxY].character == "┘")
        #expect(after[rect.minX + 3, rect.minY - 1].character == "─")
        #expect(after[rect.minX - 1, rect.minY + 3].character == "│")
        #expect(after[rect.minX, rect.minY - 1].foreground == Theme.default.color(named: "focus.border", scheme: .light))
    }

    @Test func hintLabelsAreDrawnOverEachLinksFirstCell() {
        var state = F.board()
        _ = state.update(F.key("f"))
        let screen = DashboardView.screen(state, now: now)
        guard case .hints(let hints, _) = state.mode else {
            Issue.record("no hint mode")
            return
        }
        for hint in hints {
            #expect(screen[hint.position.x, hint.position.y].character == Character(hint.label))
            #expect(screen[hint.position.x, hint.position.y].background == Theme.default.color(named: "hint.background", scheme: .light))
        }
        // The label covers half of 去; the other half is blanked, never left as half a grapheme.
        let share = hints[0].position
        #expect(!screen[share.x + 1, share.y].isContinuation)
        #expect(lines(screen)[29].contains("type a hint label"))
    }

    @Test func theHelpOverlayListsTheKeys() {
        var state = F.board()
        _ = state.update(F.key("?"))
        let text = lines(DashboardView.screen(state, now: now)).joined(separator: "\n")
        #expect(text.contains("tiles — keys"))
        #expect(text.contains("toggle light / dark"))
        #expect(text.contains("q Ctrl-C"))
    }

    @Test func aTooSmallScreenSaysWhatItNeeds() {
        var state = F.board()
        _ = state.update(.input(.resize(width: 40, height: 6)))
        let screen = DashboardView.screen(state, now: now)
        #expect(screen.width == 40 && screen.height == 6)
        #expect(lines(screen)[0] == "terminal too small (need 34×9)".padding(toLength: 40, withPad: " ", startingAt: 0))
        #expect(lines(screen)[1...].allSatisfy { $0.allSatisfy { $0 == " " } })
    }

    @Test func onANarrowScreenTheTooSmallMessageWraps() {
        var state = F.board()
        _ = state.update(.input(.resize(width: 20, height: 4)))
        let screen = lines(DashboardView.screen(state, now: now))
        #expect(screen.map { $0.trimmingCharacters(in: .whitespaces) } == ["terminal too small", "(need 34×9)", "", ""])
    }

    @Test func darkModeRepaintsTheBoard() {
        var state = F.board()
        _ = state.update(F.key("t"))
        let screen = DashboardView.screen(state, now: now)
        #expect(screen[0, 0].background == Theme.default.color(named: "board.background", scheme: .dark))
    }

    @Test func anUndrawnTileShowsAnEmptyTileBackground() {
        let state = DashboardState(tiles: [F.tile("new")], screen: Size(width: 80, height: 24), scheme: .light,
                                   theme: .default, themeName: "Default")
        let screen = DashboardView.screen(state, now: now)
        let rect = state.layout.placement(of: "new")!.rect
        #expect(screen[rect.minX, rect.minY].background == Theme.default.color(named: "widget.background", scheme: .light))
    }
}

/// Status line texts.
struct StatusLineTests {
    @Test func pageDotsFillTheCurrentPage() {
        #expect(StatusLine.pageDots(count: 3, current: 0) == "● ○ ○")
        #expect(StatusLine.pageDots(count: 2, current: 1) == "○ ●")
    }

    @Test func agesRoundDownToMinutesHoursAndDays() {
        let now = Date(timeIntervalSince1970: 100_000)
        #expect(StatusLine.age(since: now.addingTimeInterval(-30), now: now) == "<1 min")
        #expect(StatusLine.age(since: now.addingTimeInterval(-12 * 60 - 59), now: now) == "12 min")
        #expect(StatusLine.age(since: now.addingTimeInterval(-3 * 3600), now: now) == "3 h")
        #expect(StatusLine.age(since: now.addingTimeInterval(-3 * 86400), now: now) == "3 d")
    }

    @Test func aStaleBadgeAsksForAFrameWhenItsAgeChanges() async {
        let now = Date(timeIntervalSince1970: 1_714_543_200)
        var state = DashboardFixtures.board()
        #expect(DashboardView.nextAgeChange(state, now: now) == nil)
        let status = await DashboardFixtures.staleStatus("offline", since: now.addingTimeInterval(-(12 * 60 + 20)))
        _ = state.update(.status(id: "plain", status))
        #expect(DashboardView.nextAgeChange(state, now: now) == now.addingTimeInterval(40))
        let hours = await DashboardFixtures.staleStatus("offline", since: now.addingTimeInterval(-(3 * 3600 + 600)))
        _ = state.update(.status(id: "plain", hours))
        #expect(DashboardView.nextAgeChange(state, now: now) == now.addingTimeInterval(3000))
    }

    @Test func staleBadgeAgesAreShort() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(StatusLine.shortAge(since: now.addingTimeInterval(-20), now: now) == "<1m")
        #expect(StatusLine.shortAge(since: now.addingTimeInterval(-5 * 60), now: now) == "5m")
        #expect(StatusLine.shortAge(since: now.addingTimeInterval(-3 * 3600), now: now) == "3h")
        #expect(StatusLine.shortAge(since: now.addingTimeInterval(-72 * 3600), now: now) == "3d")
    }

    @Test func staleTextJoinsReasonAndAge() async {
        let now = Date(timeIntervalSince1970: 100_000)
        let status = await DashboardFixtures.staleStatus("rate limited until 14:05", since: now.addingTimeInterval(-120))
        #expect(status.isStale)
        #expect(StatusLine.staleText(status, now: now) == "rate limited until 14:05 · 2 min")
        var fresh = status
        fresh.isStale = false
        #expect(StatusLine.staleText(fresh, now: now) == nil)
    }
}

/// Composing keeps wide graphemes whole at clip edges.
struct ScreenCompositionTests {
    @Test func aWideGraphemeCutByTheScreenEdgeBecomesASpace() {
        // An extra large tile (86 wide) on an 85-column screen is clipped; 中 at its columns 84–85 would be cut.
        var tile = CellGrid(width: 86, height: 22)
        tile[84, 0] = Cell(character: "中")
        tile[85, 0] = Cell(isContinuation: true)
        var state = DashboardState(
            tiles: [DashboardFixtures.tile("small", .systemSmall), DashboardFixtures.tile("wide", .systemExtraLarge)],
            screen: Size(width: 85, height: 24), scheme: .light, theme: .default, themeName: "Default")
        _ = state.update(.rendered(id: "wide", grid: tile))
        _ = state.update(DashboardFixtures.key("]"))
        #expect(state.visibleTileIDs == ["wide"])
        let screen = DashboardView.screen(state, now: Date())
        #expect(screen[84, 0].character == " ")
        #expect(!screen[84, 0].isContinuation)
    }
}
