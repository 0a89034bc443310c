import Foundation
import Testing
import TileKit
@testable import TileTerminal
import TileUI

/// The dashboard's keys and clicks as state changes and effects (docs/design.md key contract).
struct DashboardStateTests {
    typealias F = DashboardFixtures

    @Test func familyKeysSetEveryTileThatSupportsTheFamilyAndNameTheOthers() {
        var state = F.board()
        let effects = state.update(F.key("s"))
        #expect(effects == [
            .setFamily(id: "quote", family: .systemSmall), .setFamily(id: "buttons", family: .systemSmall),
            .setFamily(id: "plain", family: .systemSmall), .saveState,
        ])
        #expect(state.tiles.map(\.family) == [.systemSmall, .systemSmall, .systemSmall])
        #expect(state.tiles.allSatisfy { $0.grid == nil }, "grids of the old size are dropped until drawn again")

        let large = state.update(F.key("l"))
        #expect(large == [.setFamily(id: "quote", family: .systemLarge), .setFamily(id: "buttons", family: .systemLarge), .saveState])
        #expect(state.tile("plain")?.family == .systemSmall)
        #expect(state.message?.text == "not every widget comes in large: plain stays small")
        #expect(state.message?.isError == true)
    }

    @Test func familyKeysRelayOutTheBoardIntoPages() {
        var state = F.board()
        #expect(state.layout.pages.count == 1)
        _ = state.update(F.key("x"))
        // Two extra large tiles (86 × 22) need a page each on 100 × 30; plain stays medium beside neither.
        #expect(state.layout.pages.map { $0.map(\.id) } == [["quote"], ["buttons"], ["plain"]])
        _ = state.update(F.key("m"))
        #expect(state.layout.pages.count == 1)
    }

    @Test func plusAndMinusStepTheFocusedTileThroughItsSupportedFamilies() {
        var state = F.board()
        _ = state.update(F.key("+"))
        #expect(state.message?.text.contains("Tab") == true, "nothing focused")
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "quote")
        #expect(state.update(F.key("+")) == [.setFamily(id: "quote", family: .systemLarge), .saveState])
        #expect(state.update(F.key("+")) == [.setFamily(id: "quote", family: .systemExtraLarge), .saveState])
        #expect(state.update(F.key("+")) == [])
        #expect(state.message?.text.contains("already as large") == true)
        #expect(state.page == state.layout.page(of: "quote"), "the focused tile stays in view")

        _ = state.update(F.key(.tab))
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "plain")
        #expect(state.update(F.key("+")) == [])
        #expect(state.update(F.key("-")) == [.setFamily(id: "plain", family: .systemSmall), .saveState])
        #expect(state.update(F.key("-")) == [])
    }

    @Test func tTogglesTheSchemeAndIsSaved() {
        var state = F.board()
        #expect(state.update(F.key("t")) == [.saveState])
        #expect(state.scheme == .dark)
        #expect(state.persisted.scheme == "dark")
        _ = state.update(F.key("t"))
        #expect(state.scheme == .light)
    }

    @Test func theStatusLineEscapesControlCharactersFromMessagesAndStaleReasons() async {
        var state = F.board()
        _ = state.update(.themeFailed(name: "x", message: "/themes/\u{1B}]0;owned\u{07}.toml:1:1: bad"))
        #expect(StatusLine(state: state, now: Date()).text.contains(#"/themes/\u001b]0;owned\u0007.toml:1:1: bad"#))
        var stale = F.board()
        let status = await F.staleStatus("HTTP 500: \u{1B}[2Jgone\u{9B}1m", since: Date())
        _ = stale.update(.status(id: "quote", status))
        let line = StatusLine(state: stale, now: Date())
        #expect(line.text.contains(#"HTTP 500: \u001b[2Jgone\u009b1m"#), "\(line.text)")
        #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func capitalTAsksForTheNextThemeAndABrokenOneIsSkippedNextTime() {
        var state = F.board()
        #expect(state.update(F.key("T")) == [.loadTheme(after: "Default")])
        let nord = Theme.builtin[1]
        #expect(state.update(.themeLoaded(name: "Nord", theme: nord)) == [.saveState])
        #expect(state.theme == nord && state.themeName == "Nord")
        #expect(state.update(F.key("T")) == [.loadTheme(after: "Nord")])
        _ = state.update(.themeFailed(name: "broken", message: "/themes/broken.toml:3:9: colour \"accent\" any must be \"#RRGGBB\""))
        #expect(state.theme == nord && state.themeName == "Nord", "the previous theme stays")
        #expect(state.message?.text.contains("broken.toml:3") == true)
        #expect(state.update(F.key("T")) == [.loadTheme(after: "broken")])
        #expect(state.persisted.theme == "Nord")
    }

    @Test func themeNamesCycleAndWrap() {
        let names = ["Default", "Nord", "Solarized", "mine"]
        #expect(DashboardState.themeName(after: "Default", in: names) == "Nord")
        #expect(DashboardState.themeName(after: "mine", in: names) == "Default")
        #expect(DashboardState.themeName(after: "gone", in: names) == "Default")
        #expect(DashboardState.themeName(after: "x", in: []) == nil)
    }

    @Test func digitsTapTheTileOnThePage() {
        var state = F.board()
        #expect(state.update(F.key("1")) == [.open(F.quoteURL)])
        #expect(state.focusedID == "quote")
        #expect(state.message?.text == "opening \(F.quoteURL.absoluteString)")

        // Only links: hint mode for that tile's links.
        #expect(state.update(F.key("2")) == [])
        guard case .hints(let hints, typed: "") = state.mode else {
            Issue.record("2 did not enter hint mode: \(state.mode)")
            return
        }
        #expect(hints.map(\.url) == [F.payURL, F.scanURL])
        #expect(hints.map(\.label) == ["a", "s"])
        #expect(state.update(F.key("s")) == [.open(F.scanURL)])
        #expect(state.mode == .board)

        #expect(state.update(F.key("3")) == [])
        #expect(state.message?.text == "plain has nothing to open")
        #expect(state.update(F.key("9")) == [])
        #expect(state.message?.text == "there is no tile 9 on this page")
    }

    @Test func hintModeLabelsEveryLinkOnThePage() {
        var state = F.board()
        _ = state.update(F.key("f"))
        guard case .hints(let hints, _) = state.mode else {
            Issue.record("f did not enter hint mode")
            return
        }
        // The quote tile's own link (its widgetURL) first, at the tile's corner, then its 去分享.
        #expect(hints.map(\.url) == [F.quoteURL, F.shareURL, F.payURL, F.scanURL])
        #expect(hints.map(\.label) == ["a", "s", "d", "f"])
        let quoteRect = state.layout.placement(of: "quote")!.rect
        #expect(hints[0].position == Point(x: quoteRect.minX, y: quoteRect.minY))
        #expect(hints[1].position == F.screenPoint(of: "去分享", inTile: "quote", state: state))
        // A letter that labels nothing keeps hint mode and says so; Esc leaves.
        #expect(state.update(F.key("z")) == [])
        #expect(state.message?.text.contains("no link is labelled z") == true)
        if case .hints = state.mode {} else { Issue.record("hint mode ended on a wrong letter") }
        _ = state.update(F.key(.escape))
        #expect(state.mode == .board)
        // The share link copies.
        _ = state.update(F.key("f"))
        #expect(state.update(F.key("s")) == [.copy("测试")])
        #expect(state.message?.text.hasPrefix("copied") == true)
        // The tile's own link opens.
        _ = state.update(F.key("f"))
        #expect(state.update(F.key("a")) == [.open(F.quoteURL)])
    }

    @Test func twoLetterHintsWaitForTheSecondLetter() {
        let many = (0..<30).map { URL(string: "https://example.com/\($0)")! }
        let grid = manyLinksGrid(many)
        var state = DashboardState(tiles: [F.tile("many", .systemLarge)], screen: Size(width: 100, height: 30),
                                   scheme: .light, theme: .default, themeName: "Default")
        _ = state.update(.rendered(id: "many", grid: grid))
        _ = state.update(F.key("f"))
        #expect(state.update(F.key("a")) == [])
        #expect(state.mode != .board)
        #expect(state.update(F.key("s")) == [.open(many[1])])
    }

    @Test func tabCyclesThroughEveryTileAcrossPages() {
        var state = F.board(families: [.systemLarge, .systemLarge, .systemMedium])
        #expect(state.layout.pages.map { $0.map(\.id) } == [["quote", "buttons"], ["plain"]])
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "quote" && state.page == 0)
        _ = state.update(F.key(.tab))
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "plain" && state.page == 1)
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "quote" && state.page == 0)
        _ = state.update(F.key(.backTab))
        #expect(state.focusedID == "plain" && state.page == 1)
        _ = state.update(F.key(.escape))
        #expect(state.focusedID == nil)
    }

    @Test func arrowsMoveToTheNearestTileInThatDirection() {
        var state = F.board()
        // quote | buttons on the first row, plain centred below.
        _ = state.update(F.key(.right))
        #expect(state.focusedID == "quote", "nothing focused: the page's first tile")
        _ = state.update(F.key(.right))
        #expect(state.focusedID == "buttons")
        _ = state.update(F.key(.right))
        #expect(state.focusedID == "buttons", "nothing further right")
        _ = state.update(F.key(.down))
        #expect(state.focusedID == "plain")
        _ = state.update(F.key(.up))
        #expect(state.focusedID == "quote", "equal distance: the first")
        _ = state.update(F.key(.left))
        #expect(state.focusedID == "quote")
    }

    @Test func enterTapsTheFocusedTile() {
        var state = F.board()
        #expect(state.update(F.key(.enter)) == [])
        #expect(state.message?.text.contains("no tile is focused") == true)
        _ = state.update(F.key(.tab))
        #expect(state.update(F.key(.enter)) == [.open(F.quoteURL)])
    }

    @Test func aClickTapsTheLinkUnderItElseTheWidgetURL() {
        var state = F.board()
        let share = F.screenPoint(of: "去分享", inTile: "quote", state: state)!
        #expect(state.update(F.click(share.x + 1, share.y)) == [.copy("测试")], "the second column of a wide grapheme")
        let quote = F.screenPoint(of: "测试句子", inTile: "quote", state: state)!
        #expect(state.update(F.click(quote.x, quote.y)) == [.open(F.quoteURL)])
        let scan = F.screenPoint(of: "扫一扫", inTile: "buttons", state: state)!
        #expect(state.update(F.click(scan.x + 2, scan.y)) == [.open(F.scanURL)])
        #expect(state.focusedID == "buttons")
        // A gutter or the status line: nothing.
        let quoteRect = state.layout.placement(of: "quote")!.rect
        #expect(state.update(F.click(quoteRect.maxX, quoteRect.minY)) == [])
        #expect(state.update(F.click(10, 29)) == [])
        // Outside the buttons of a tile without widgetURL: its hints.
        let buttonsRect = state.layout.placement(of: "buttons")!.rect
        #expect(state.update(F.click(buttonsRect.minX, buttonsRect.minY)) == [])
        if case .hints(let hints, _) = state.mode {
            #expect(hints.map(\.tileID) == ["buttons", "buttons"])
        } else {
            Issue.record("no hints after clicking outside the buttons")
        }
    }

    @Test func rReloadsTheFocusedTileOrAll() {
        var state = F.board()
        #expect(state.update(F.key("r")) == [.reload(id: nil)])
        _ = state.update(F.key(.tab))
        #expect(state.update(F.key("r")) == [.reload(id: "quote")])
        #expect(state.message?.text == "reloading quote")
    }

    @Test func pageKeysMoveBetweenPagesWithinBounds() {
        var state = F.board(families: [.systemLarge, .systemLarge, .systemMedium])
        _ = state.update(F.key("["))
        #expect(state.page == 0)
        _ = state.update(F.key("]"))
        #expect(state.page == 1)
        _ = state.update(F.key(.pageDown))
        #expect(state.page == 1)
        _ = state.update(F.key(.pageUp))
        #expect(state.page == 0)
        _ = state.update(.input(.mouse(x: 0, y: 0, button: .scrollDown)))
        #expect(state.page == 1)
        // A focused tile follows the page.
        _ = state.update(F.key(.tab))
        #expect(state.focusedID == "plain")
        _ = state.update(F.key("["))
        #expect(state.focusedID == "quote")
    }

    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
        var state = F.board()
        _ = state.update(F.key("?"))
        #expect(state.mode == .help)
        #expect(state.update(F.key("s")) == [])
        #expect(state.mode == .board)
        #expect(state.tiles[0].family == .systemMedium, "the key only closed the help")
        _ = state.update(F.key("?"))
        #expect(state.update(F.key("q")) == [], "q closes the help like any other key")
        #expect(state.mode == .board && !state.isQuitting)
        #expect(state.update(F.key("q")) == [.saveState, .quit])
    }

    @Test func qAndControlCQuitFromAnyMode() {
        var state = F.board()
        #expect(state.update(F.key("q")) == [.saveState, .quit])
        #expect(state.isQuitting)
        var hinting = F.board()
        _ = hinting.update(F.key("f"))
        #expect(hinting.update(F.key(.control("c"))) == [.saveState, .quit])
    }

    @Test func aTinyScreenIsTooSmallAndRecoversOnEnlarge() {
        var state = F.board()
        _ = state.update(F.key(.tab))
        _ = state.update(.input(.resize(width: 30, height: 8)))
        #expect(state.sizeClass == .compact)
        #expect(state.layout.neededSize == Size(width: 34, height: 9), "the smallest tile as shown: a compact medium")
        #expect(state.visiblePlacements.isEmpty)
        #expect(state.update(F.key("1")) == [])
        _ = state.update(.input(.resize(width: 100, height: 30)))
        #expect(state.layout.pages.count == 1)
        #expect(state.focusedID == "quote")
    }

    @Test func aBigTerminalGetsLargeTilesThatFillItAndAResizeChoosesAgain() {
        var state = F.board()
        #expect(state.sizeClass == .regular)
        #expect(state.layout.placement(of: "quote")?.rect.size == Size(width: 42, height: 10))
        _ = state.update(.input(.resize(width: 160, height: 45)))
        #expect(state.sizeClass == .large)
        #expect(state.tiles.allSatisfy { $0.grid == nil }, "every tile is drawn again in its new size")
        let rects = state.visiblePlacements.map(\.rect)
        #expect(rects.map(\.size) == Array(repeating: Size(width: 62, height: 15), count: 3))
        // Two rows of tiles over 31 of the 44 board rows: the top and bottom thirds are used.
        #expect((rects.map(\.minY).min() ?? 99) < 44 / 3 && (rects.map(\.maxY).max() ?? 0) > 2 * 44 / 3)
        _ = state.update(.input(.resize(width: 80, height: 24)))
        #expect(state.sizeClass == .regular)
        #expect(state.visiblePlacements.first?.rect.size == Size(width: 42, height: 10))
    }

    @Test func aPinnedClassStaysWhateverTheSize() {
        var state = DashboardState(
            tiles: [F.tile("quote", .systemMedium)], screen: Size(width: 160, height: 45), scheme: .light, theme: .default,
            themeName: Theme.default.name, sizeClassSetting: .pinned(.regular))
        #expect(state.sizeClass == .regular)
        _ = state.update(.input(.resize(width: 60, height: 20)))
        #expect(state.sizeClass == .regular)
        // A config that unpins it: the class follows the terminal again.
        _ = state.update(.configChanged(tiles: state.tiles, scheme: .light, themeName: Theme.default.name, theme: .default, sizeClass: .auto))
        _ = state.update(.input(.resize(width: 160, height: 45)))
        #expect(state.sizeClass == .large)
        _ = state.update(.configChanged(tiles: state.tiles, scheme: .light, themeName: Theme.default.name, theme: .default, sizeClass: .pinned(.compact)))
        #expect(state.sizeClass == .compact)
        #expect(state.layout.placement(of: "quote")?.rect.size == Size(width: 34, height: 8))
    }

    @Test func theStateFileKeepsFamiliesSchemeAndTheme() {
        var state = F.board()
        _ = state.update(F.key("s"))
        _ = state.update(F.key("t"))
        #expect(state.persisted == PersistedState(
            families: ["quote": "small", "buttons": "small", "plain": "small"], scheme: "dark", theme: "Default"))
    }

    @Test func messagesLastUntilTheNextKey() {
        var state = F.board()
        _ = state.update(.message("opener failed: /bin/false exited with status 1"))
        #expect(state.message?.isError == true)
        _ = state.update(.rendered(id: "quote", grid: F.quoteGrid(.systemMedium)))
        #expect(state.message != nil, "a background event keeps it")
        _ = state.update(F.key(.tab))
        #expect(state.message == nil)
    }
}

/// A large tile with one link per cell of its first row, `urls.count` in all.
private func manyLinksGrid(_ urls: [URL]) -> CellGrid {
    var grid = CellGrid(width: 42, height: 22)
    for (x, url) in urls.enumerated() {
        let index = grid.index(forLink: url)
        grid[x, 0].character = "x"
        grid[x, 0].linkIndex = index
    }
    return grid
}

/// Issue 43, item 2: everything posted to the board reaches the state as an event, and the
/// state says what the shell does with it.
struct DashboardInboxTests {
    typealias F = DashboardFixtures

    @Test func newsFromDiskAndFinishedPressesAreEventsWhoseEffectsTheStateChooses() {
        var state = F.board()
        #expect(state.update(.configFileChanged) == [.applyConfigFile])
        #expect(state.update(.activitiesChanged) == [.readActivities])
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(state.update(.actionFinished(id: "quote", kind: "qqsync", failure: nil, finishedAt: at))
            == [.announceAction(kind: "qqsync", finishedAt: at)])
        #expect(state.update(.actionFinished(id: "quote", kind: "qqsync", failure: "offline", finishedAt: at)) == [])
        #expect(state.message?.text == "quote: offline")
        #expect(state.message?.isError == true)
    }

    @Test func theInboxKeepsOrderAndReadsTheDiskOnceForManyChanges() {
        let inbox = MessageInbox()
        inbox.post(.configFileChanged)
        inbox.post(message: "cannot open x")
        inbox.post(.activitiesChanged)
        inbox.post(.configFileChanged)
        inbox.post(.activitiesChanged)
        let taken = inbox.takeAll()
        #expect(taken.count == 3)
        guard taken.count == 3 else { return }
        #expect({ if case .configFileChanged = taken[0] { true } else { false } }())
        #expect({ if case .message("cannot open x") = taken[1] { true } else { false } }())
        #expect({ if case .activitiesChanged = taken[2] { true } else { false } }())
        #expect(inbox.takeAll().isEmpty)
    }
}

/// Issue 48, item 12: a press says that it runs and how it ended.
struct PressFeedbackTests {
    typealias F = DashboardFixtures

    @Test func aPressNamesItsControlWhileItRunsAndSaysDoneOrWhy() {
        var state = F.board()
        let grid = CellGrid.render(Toggle("lamp", isOn: false, action: WidgetAction(name: "power")), width: 42, height: 10)
        _ = state.update(.rendered(id: "plain", grid: grid))
        guard case .action(let press)? = grid.targets.first else { Issue.record("the toggle is no target"); return }
        #expect(DashboardState.label(of: press, in: grid) == "lamp", "the label without its box")
        let effects = state.tap(.action(press), onTile: "plain")
        #expect(effects == [.perform(id: "plain", action: press)])
        #expect(state.message?.text == "plain: lamp…")
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        _ = state.update(.actionFinished(id: "plain", kind: "plain", failure: nil, finishedAt: at))
        #expect(state.message?.text == "plain: lamp done")

        _ = state.tap(.action(press), onTile: "plain")
        _ = state.update(.actionFinished(id: "plain", kind: "plain", failure: "power: offline", finishedAt: at))
        #expect(state.message == .init("plain: power: offline", isError: true))

        // Another message since the press (a key) is not overwritten by "done".
        _ = state.tap(.action(press), onTile: "plain")
        _ = state.update(F.key("t"))
        _ = state.update(.actionFinished(id: "plain", kind: "plain", failure: nil, finishedAt: at))
        #expect(state.message?.text == "dark mode")
        #expect(DashboardState.label(of: WidgetAction(name: "next"), in: nil) == "next", "no drawing: the action's name")
    }

    @Test func aLinkThatRunsAnActionAsItOpensOpensThenPressesAndFinishesQuietly() throws {
        var state = F.board()
        let url = try #require(URL(string: "https://example.org/post"))
        let read = WidgetAction(name: "feed.markRead", value: #"{"ids":["p1"]}"#)
        let grid = CellGrid.render(Link("A post", destination: url).onOpen(read), width: 42, height: 10)
        _ = state.update(.rendered(id: "plain", grid: grid))
        #expect(grid.targets == [.linkOpening(url, then: read)] && grid.links == [url], "a link to hints and OSC 8")
        #expect(state.tap(.linkOpening(url, then: read), onTile: "plain") == [.open(url), .perform(id: "plain", action: read)])
        #expect(state.message?.text == "opening https://example.org/post")
        _ = state.update(.actionFinished(id: "plain", kind: "plain", failure: nil, finishedAt: Date(timeIntervalSince1970: 0)))
        #expect(state.message?.text == "opening https://example.org/post", "the opening is what the user asked about")
        let refused = try #require(URL(string: "javascript:alert(1)"))
        #expect(state.tap(.linkOpening(refused, then: read), onTile: "plain") == [], "a link that does not open runs nothing")
    }
}

extension PressFeedbackTests {
    @Test func aLongReasonWrapsOverTheBoardsLastRowsAndGoesWithTheMessage() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var state = F.board()
        let before = DashboardView.frame(state, now: now, after: nil, changedTiles: [])
        let url = "https://render.alipay.com/p/s/i?scheme=" + String(repeating: "pay", count: 20)
        _ = state.update(.message("cannot open \(url): xdg-open exited with status 3"))
        let wrapped = DashboardView.frame(state, now: now, after: before, changedTiles: [])
        #expect(wrapped.grid == DashboardView.screen(state, now: now), "the frame after equals a whole screen")
        let rows = wrapped.grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let bottom = rows.suffix(3).joined(separator: "\n")
        #expect(bottom.contains("xdg-open exited with status 3"), "the reason, whole:\n\(bottom)")
        #expect(rows.last?.contains("? help") == true)

        _ = state.update(F.key(.escape))
        let after = DashboardView.frame(state, now: now, after: wrapped, changedTiles: [])
        #expect(after.grid == before.grid, "the board's rows come back when the message goes")
    }

    @Test func aMessageThatFitsTakesOneRow() {
        let line = StatusLine(state: F.board(), now: Date())
        var short = line
        short.text = "quote: offline"
        short.isMessage = true
        #expect(DashboardView.messageRows(short, width: 100) == ["quote: offline"])
        var long = short
        long.text = String(repeating: "word ", count: 200)
        #expect(DashboardView.messageRows(long, width: 100).count == DashboardView.messageRowLimit, "bounded")
    }
}

/// Issue 48, item 13: j and k (and the wheel over it) turn the focused tile's list.
struct ListPagingKeysTests {
    typealias F = DashboardFixtures

    @Test func jAndKTurnTheFocusedTilesListAndTheWheelOverItToo() throws {
        var state = F.board()
        _ = state.update(F.key("j"))
        #expect(state.message?.text.hasPrefix("no tile is focused") == true)
        _ = state.update(F.key(.tab))
        let id = try #require(state.focusedID)
        _ = state.update(F.key("j"))
        _ = state.update(F.key("j"))
        _ = state.update(F.key("k"))
        #expect(state.listPages[id] == 1)
        #expect(state.tile(id)?.grid == nil, "drawn again on its new page")
        F.drawAll(&state)
        let rect = try #require(state.layout.placement(of: id)).rect
        _ = state.update(.input(.mouse(x: rect.minX + 1, y: rect.minY + 1, button: .scrollDown)))
        #expect(state.listPages[id] == 2 && state.page == 0, "the wheel over the focused tile turns its list, not the board")
    }
}
