import Foundation
import Testing
import TileKit
import TileTerminal
import TileUI

/// `e` (the edit form) and Smart Stacks as state changes and effects.
private let t0 = Date(timeIntervalSince1970: 1_700_000_000)

struct DashboardEditTests {
    typealias F = DashboardFixtures

    static let values = try! ShopIntent(values: [:]).parameterValues

    /// A configurable tile `shop`, a static tile `plain`, and a Smart Stack `stack` of two widgets.
    static func board() -> DashboardState {
        let shop = DashboardState.Tile(
            id: "shop", family: .systemMedium, supportedFamilies: WidgetFamily.systemFamilies,
            widgets: [.init(instanceID: "shop", kind: "shop", displayName: "支付宝", parameters: ShopIntent.parameterDescriptions, values: values)])
        let stack = DashboardState.Tile(
            id: "stack", family: .systemSmall, supportedFamilies: [.systemSmall],
            widgets: [.init(instanceID: "stack#1", kind: "countdown"), .init(instanceID: "stack#2", kind: "shop", displayName: "支付宝", parameters: ShopIntent.parameterDescriptions, values: values)])
        var state = DashboardState(
            tiles: [shop, F.tile("plain"), stack], screen: Size(width: 100, height: 30), scheme: .light,
            theme: .default, themeName: Theme.default.name)
        for tile in state.tiles { _ = state.update(.rendered(id: tile.id, grid: F.plainGrid(tile.family))) }
        return state
    }

    @Test func eOpensTheFocusedTilesFormAndSaysWhyWhenItCannot() {
        var state = Self.board()
        #expect(state.update(F.key("e")) == [])
        #expect(state.message?.text == "no tile is focused: press Tab to focus the tile to edit, then e")
        _ = state.update(F.key(.tab))
        _ = state.update(F.key(.tab))
        _ = state.update(F.key("e"))
        #expect(state.message?.text == "plain has nothing to configure")
        _ = state.update(F.key(.backTab))
        _ = state.update(F.key("e"))
        guard case .edit(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form.tileID == "shop")
        #expect(form.title == "支付宝")
        #expect(form.family == .systemMedium)
        #expect(StatusLine(state: state, now: t0).text == "editing shop")
    }

    @Test func enterAsksToSaveTheChangedValuesAndTheFormClosesWhenSaved() {
        var state = Self.board()
        _ = state.update(F.key(.tab))
        _ = state.update(F.key("e"))
        #expect(state.update(F.key(.enter)) == [])
        #expect(state.mode == .board)
        #expect(state.message?.text == "nothing changed")

        _ = state.update(F.key("e"))
        _ = state.update(F.key(.shiftDown))
        var expected = Self.values
        expected["buttons"] = .list(["pay", "scan", "health", "transit"])
        #expect(state.update(F.key(.enter)) == [.saveParameters(id: "shop", member: 0, values: expected)])
        guard case .edit = state.mode else { Issue.record("the form closed before the save was reported"); return }

        _ = state.update(.parametersNotSaved("not saved: cannot replace config.toml: Permission denied"))
        guard case .edit(let refused) = state.mode else { Issue.record("a failed save closed the form"); return }
        #expect(refused.error == "not saved: cannot replace config.toml: Permission denied")
        #expect(refused.values["buttons"] == expected["buttons"], "the edits are still there to retry")

        _ = state.update(.parametersSaved(id: "shop", member: 0, values: expected, report: "saved to config.toml"))
        #expect(state.mode == .board)
        #expect(state.message?.text == "saved to config.toml")
        #expect(state.tile("shop")?.shown.values == expected)
    }

    @Test func escClosesTheFormWithoutAnEffectAndClicksDoNotReachTheBoardBehindIt() {
        var state = Self.board()
        _ = state.update(F.key(.tab))
        _ = state.update(F.key("e"))
        _ = state.update(F.key(" "))
        #expect(state.update(F.click(5, 5)) == [])
        guard case .edit = state.mode else { Issue.record("a click closed the form"); return }
        #expect(state.update(F.key("q")) == [], "q is not quit inside the form: here it filters the open list")
        // Esc clears the filter, then closes the list, then the form.
        for _ in 0..<2 {
            #expect(state.update(F.key(.escape)) == [])
            guard case .edit = state.mode else { Issue.record("the form closed too soon"); return }
        }
        #expect(state.update(F.key(.escape)) == [])
        #expect(state.mode == .board)
        #expect(state.message?.text == "edit cancelled; nothing changed")
    }

    @Test func angleBracketsScrollTheFocusedStackAndTheFormEditsTheWidgetShown() {
        var state = Self.board()
        _ = state.update(F.key(.tab))
        #expect(state.update(F.key(">")) == [])
        #expect(state.message?.text == "shop is not a Smart Stack")
        _ = state.update(F.key(.backTab))
        #expect(state.focusedID == "stack")
        #expect(state.update(F.key(">")) == [.scrollStack(id: "stack", offset: 1)])
        _ = state.update(.stackScrolled(id: "stack", offset: 1, now: t0))
        #expect(state.tile("stack")?.instanceID == "stack#2")
        #expect(state.tile("stack")?.grid == nil, "the other member is drawn next")
        #expect(state.message?.text == "stack: shop (2 of 2)")
        #expect(StatusLine(state: state, now: t0).text == "stack: shop (2 of 2)")
        _ = state.update(F.key("e"))
        guard case .edit(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form.member == 1)
        #expect(form.family == .systemSmall)
        #expect(form.rows.count == 2 + 5, "small shows two slots")
    }
}
