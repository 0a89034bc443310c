import TileKit
import TileTerminal
import TileUI
import Testing

/// Edit mode as the board's pure `update`: keys and the mouse change the arrangement, each
/// change asks the shell to apply it, and leaving asks it to save.
struct ArrangeModeTests {
    typealias F = DashboardFixtures

    /// The widgets the board knows, as the gallery lists them.
    static let catalog = [
        WidgetGallery.Item(kind: "quote", displayName: "一言", description: "a quote a day", families: WidgetFamily.systemFamilies),
        WidgetGallery.Item(kind: "buttons", displayName: "支付宝", description: "buttons", families: WidgetFamily.systemFamilies),
        WidgetGallery.Item(kind: "plain", displayName: "Plain", description: "text", families: [.systemSmall, .systemMedium]),
        WidgetGallery.Item(kind: "calendar", displayName: "日历", description: "本月日历", families: [.systemSmall, .systemMedium]),
    ]

    /// The board in edit mode, with the gallery's catalog.
    static func arranging() -> DashboardState {
        var state = F.board()
        _ = state.update(.catalog(catalog))
        _ = state.update(F.key("E"))
        return state
    }

    /// What the shell does with the effects: arrangements become the board, saves succeed.
    @discardableResult
    static func run(_ effects: [DashboardEffect], on state: inout DashboardState, saveFailure: String? = nil) -> [DashboardEffect] {
        var seen: [DashboardEffect] = []
        for effect in effects {
            seen.append(effect)
            switch effect {
            case .arrange(let specs):
                let tiles = specs.map { spec -> DashboardState.Tile in
                    let families = spec.widgets.map { widget in catalog.first { $0.kind == widget.kind }!.families }
                    let supported = families[0].filter { family in families.allSatisfy { $0.contains(family) } }
                    let widgets = spec.widgets.indices.map { DashboardState.Tile.Widget(instanceID: spec.instanceID($0), kind: spec.widgets[$0].kind) }
                    var tile = DashboardState.Tile(id: spec.id, family: spec.family, supportedFamilies: supported, widgets: widgets)
                    tile.startsPage = spec.startsPage
                    return tile
                }
                seen += run(state.update(.arranged(tiles: tiles)), on: &state)
                F.drawAll(&state)
            case .saveBoard:
                seen += run(state.update(saveFailure.map { .boardNotSaved($0) } ?? .boardSaved("board saved")), on: &state)
            default:
                break
            }
        }
        return seen
    }

    static func press(_ keys: [Key], on state: inout DashboardState, saveFailure: String? = nil) -> [DashboardEffect] {
        keys.flatMap { run(state.update(F.key($0)), on: &state, saveFailure: saveFailure) }
    }

    static func ids(_ state: DashboardState) -> [String] { state.tiles.map(\.id) }

    static func arrangement(_ state: DashboardState) -> ArrangeMode? {
        if case .arrange(let arranging) = state.mode { return arranging }
        return nil
    }

    @Test func eEntersEditModeFocusedAndEscWithoutChangesSavesNothing() {
        var state = Self.arranging()
        #expect(Self.arrangement(state) != nil)
        #expect(state.focusedID == "quote")
        let effects = Self.press([.escape], on: &state)
        #expect(!effects.contains { if case .saveBoard = $0 { true } else { false } })
        #expect(state.mode == .board)
        #expect(state.message?.text == "edit mode left; nothing changed")
    }

    @Test func shiftedKeysMoveTheFocusedTileAndTheBoardFollows() {
        var state = Self.arranging()
        _ = Self.press([.character("L")], on: &state)
        #expect(Self.ids(state) == ["buttons", "quote", "plain"])
        #expect(state.focusedID == "quote")
        _ = Self.press([.character("J")], on: &state)
        #expect(Self.ids(state) == ["buttons", "plain", "quote"])
        #expect(state.tiles.map(\.startsPage) == [false, false, true])
        #expect(state.layout.pages.count == 2)
        #expect(state.page == 1, "the page of the focused tile shows")
    }

    @Test func resizeRemoveAndUndoEachStepBack() {
        var state = Self.arranging()
        _ = Self.press([.tab, .tab], on: &state)
        #expect(state.focusedID == "plain")
        _ = Self.press([.character("+")], on: &state)
        #expect(state.message?.text.contains("largest") == true, "plain comes in small and medium only")
        _ = Self.press([.character("-")], on: &state)
        #expect(state.tile("plain")?.family == .systemSmall)
        _ = Self.press([.character("x")], on: &state)
        #expect(Self.ids(state) == ["quote", "buttons"])
        #expect(state.focusedID == "buttons")
        _ = Self.press([.character("u")], on: &state)
        #expect(Self.ids(state) == ["quote", "buttons", "plain"])
        #expect(state.tile("plain")?.family == .systemSmall)
        _ = Self.press([.character("u")], on: &state)
        #expect(state.tile("plain")?.family == .systemMedium)
        _ = Self.press([.character("u")], on: &state)
        #expect(state.message?.text == "nothing to undo")
    }

    @Test func stackingAndUnstackingGoThroughTheBoard() {
        var state = Self.arranging()
        _ = Self.press([.character("s")], on: &state)
        #expect(Self.ids(state) == ["buttons", "plain"])
        #expect(state.tile("buttons")?.widgets.map(\.kind) == ["buttons", "quote"])
        #expect(state.focusedID == "buttons")
        _ = Self.press([.character(">")], on: &state)
        _ = state.update(.stackScrolled(id: "buttons", offset: 1, now: .now))
        _ = Self.press([.character("S")], on: &state)
        #expect(Self.ids(state) == ["buttons", "quote", "plain"])
        #expect(state.tile("buttons")?.stack == nil)
        #expect(state.focusedID == "quote")
    }

    @Test func pagesAreMadeMovedAndRemoved() {
        var state = Self.arranging()
        _ = Self.press([.tab, .character("n")], on: &state)
        #expect(state.tiles.map(\.startsPage) == [false, true, false])
        _ = Self.press([.character("{")], on: &state)
        #expect(Self.ids(state) == ["buttons", "plain", "quote"])
        _ = Self.press([.character("X")], on: &state)
        #expect(Self.ids(state) == ["quote"])
        _ = Self.press([.character("X")], on: &state)
        #expect(state.message?.isError == true, "the only page stays")
    }

    @Test func theGalleryFiltersByNameAndAddsAtTheFocusInTheChosenFamily() {
        var state = Self.arranging()
        var effects = Self.press([.character("a")], on: &state)
        #expect(effects == [.preview(WidgetGallery.Choice(kind: "quote", family: .systemSmall))])
        effects = Self.press("日历".map { Key.character($0) }, on: &state)
        #expect(Self.arrangement(state)?.gallery?.matches.map(\.kind) == ["calendar"])
        #expect(effects.last == .preview(WidgetGallery.Choice(kind: "calendar", family: .systemSmall)))
        _ = state.update(.galleryPreview(WidgetGallery.Choice(kind: "calendar", family: .systemSmall), CellGrid(width: 2, height: 1)))
        #expect(Self.arrangement(state)?.gallery?.missingPreview == nil)
        _ = Self.press([.right, .enter], on: &state)
        #expect(Self.ids(state) == ["quote", "calendar", "buttons", "plain"])
        #expect(state.tile("calendar")?.family == .systemMedium)
        #expect(state.focusedID == "calendar")
        #expect(Self.arrangement(state)?.gallery == nil)
        _ = Self.press([.character("a")] + "CALENDAR".map { Key.character($0) } + [.enter], on: &state)
        #expect(Self.ids(state).contains("calendar-2"), "a second one gets an id of its own")
    }

    @Test func leavingSavesTheBoardAndAFailedSaveStaysUntilASecondEsc() {
        var state = Self.arranging()
        _ = Self.press([.character("x")], on: &state)
        var effects = Self.press([.enter], on: &state, saveFailure: "config.toml is read-only; nothing was written")
        #expect(effects.contains(.saveBoard(state.tiles.map { TileSpec(id: $0.id, kind: $0.kind, family: $0.family) })))
        #expect(Self.arrangement(state)?.saveFailure != nil)
        #expect(state.message?.text.contains("read-only") == true)
        effects = Self.press([.escape], on: &state)
        #expect(effects.isEmpty)
        #expect(state.mode == .board)
        #expect(Self.ids(state) == ["buttons", "plain"], "the board stays as arranged for this run")

        state = Self.arranging()
        _ = Self.press([.character("L")], on: &state)
        _ = Self.press([.escape], on: &state)
        #expect(state.mode == .board)
        #expect(state.message?.text == "board saved")
    }

    /// Issue 48, item 5: E notes the file as it is; a save refused because it changed offers
    /// to read it again with r, which leaves edit mode and applies the file.
    @Test func aRefusedSaveOffersToReadTheFileAgain() {
        var state = F.board()
        _ = state.update(.catalog(Self.catalog))
        #expect(state.update(F.key("E")) == [.noteConfigForArranging])
        _ = Self.press([.character("x")], on: &state)
        _ = Self.press([.escape], on: &state, saveFailure: "config.toml changed on disk since edit mode began; nothing was written")
        #expect(state.message?.text.contains("r reloads the file") == true, "\(state.message?.text ?? "")")
        #expect(Self.press([.character("r")], on: &state) == [.applyConfigFile])
        #expect(state.mode == .board)
        // Before a refusal, r in edit mode is not a reload.
        var fresh = Self.arranging()
        #expect(!Self.press([.character("r")], on: &fresh).contains(.applyConfigFile))
    }

    @Test func aDragMovesATileAndItsBadgeRemovesIt() throws {
        var state = Self.arranging()
        let quote = try #require(state.layout.placement(of: "quote")).rect
        let plain = try #require(state.layout.placement(of: "plain")).rect
        _ = Self.run(state.update(.input(.mouse(x: quote.minX + 3, y: quote.minY + 2, button: .left))), on: &state)
        _ = Self.run(state.update(.input(.mouseRelease(x: plain.minX + 3, y: plain.minY + 2))), on: &state)
        #expect(Self.ids(state) == ["buttons", "plain", "quote"])
        #expect(state.focusedID == "quote")
        let buttons = try #require(state.layout.placement(of: "buttons")).rect
        _ = Self.run(state.update(.input(.mouse(x: buttons.minX, y: buttons.minY, button: .left))), on: &state)
        #expect(Self.ids(state) == ["plain", "quote"])
    }

    @Test func editModeIsDrawnWithFramesBadgesAndItsKeys() {
        var state = Self.arranging()
        let screen = DashboardView.screen(state, now: .now)
        let quote = state.layout.placement(of: "quote")!.rect
        let buttons = state.layout.placement(of: "buttons")!.rect
        #expect(screen[quote.minX, quote.minY].character == "⊖")
        #expect(screen[quote.minX - 1, quote.minY - 1].character == "┏", "the focused tile's frame is heavy")
        #expect(screen[buttons.minX - 1, buttons.minY - 1].character == "╭")
        let status = (0..<screen.width).map { String(screen[$0, screen.height - 1].character) }.joined()
        #expect(status.contains("edit mode · HJKL move"))
        _ = Self.press([.character("a")], on: &state)
        let gallery = DashboardView.screen(state, now: .now)
        let text = (0..<gallery.height).map { y in (0..<gallery.width).filter { !gallery[$0, y].isContinuation }.map { String(gallery[$0, y].character) }.joined() }.joined(separator: "\n")
        #expect(text.contains("Add a widget"))
        #expect(text.contains("▸ 一言  quote"))
        #expect(text.contains("drawing a preview…"))
    }

    @Test func theGalleryListsWidgetsUnderTheirGroupsAndTheHighlightSkipsTheHeadings() {
        var gallery = WidgetGallery(items: [
            WidgetGallery.Item(kind: "clock", displayName: "Clock", description: "time", families: [.systemSmall], group: "Information"),
            WidgetGallery.Item(kind: "links", displayName: "Links", description: "bookmarks", families: [.systemSmall], group: "Information"),
            WidgetGallery.Item(kind: "disks", displayName: "Disks", description: "file systems", families: [.systemSmall], group: "System"),
        ])
        #expect(gallery.rows.map(\.text) == ["Information", "Clock  clock", "Links  links", "System", "Disks  disks"])
        #expect(gallery.rows.map(\.match) == [nil, 0, 1, nil, 2])
        _ = gallery.handle(.down)
        _ = gallery.handle(.down)
        #expect(gallery.choice?.kind == "disks", "↓ moves from widget to widget, over the headings")
        for key in "file".map({ Key.character($0) }) { _ = gallery.handle(key) }
        #expect(gallery.rows.map(\.text) == ["System", "Disks  disks"], "a search keeps the heading of what it finds")
    }
}
