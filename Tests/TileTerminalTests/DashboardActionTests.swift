import Foundation
import Testing
import TileKit
@testable import TileTerminal

private typealias F = DashboardFixtures

/// Controls on the board's state: hint labels, clicks and Enter reach a control's press as an
/// effect; a button with a prompt asks for its line first.
@Suite struct DashboardActionTests {
    let lamp = WidgetAction(name: "power")
    let add = WidgetAction(name: "add", prompt: "New item")

    /// A small tile: the toggle `[ ] lamp` on its first row, the `+ add` button on its second.
    func controlsGrid() -> CellGrid {
        let view = VStack(alignment: .leading, spacing: 0) {
            Toggle("lamp", isOn: false, action: lamp)
            Button("+ add", action: add)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        let (width, height) = WidgetFamily.systemSmall.gridSize
        return CellGrid.render(view, width: width, height: height)
    }

    func board() -> DashboardState {
        var state = DashboardState(
            tiles: [F.tile("controls", .systemSmall)], screen: Size(width: 100, height: 30),
            scheme: .light, theme: .default, themeName: Theme.default.name)
        _ = state.update(.rendered(id: "controls", grid: controlsGrid()))
        return state
    }

    var pressOn: WidgetAction {
        var press = lamp
        press.isOn = true
        return press
    }

    @Test func hintModeLabelsControlsAndTheirLetterPressesThem() {
        var state = board()
        _ = state.update(F.key("f"))
        guard case .hints(let hints, _) = state.mode else {
            Issue.record("f did not enter hint mode")
            return
        }
        #expect(hints.map(\.target) == [.action(pressOn), .action(add)])
        #expect(hints.map(\.label) == ["a", "s"])
        #expect(state.update(F.key("a")) == [.perform(id: "controls", action: pressOn)])
        #expect(state.mode == .board)
    }

    @Test func aClickOnAControlPressesItAndEnterOnTheTileOffersItsControls() {
        var state = board()
        let box = F.screenPoint(of: "[", inTile: "controls", state: state)!
        #expect(state.update(F.click(box.x + 5, box.y)) == [.perform(id: "controls", action: pressOn)], "the label is part of the toggle")
        _ = state.update(F.key(.tab))
        #expect(state.update(F.key(.enter)) == [])
        if case .hints(let hints, _) = state.mode {
            #expect(hints.count == 2)
        } else {
            Issue.record("Enter on a tile without a widgetURL did not offer its controls")
        }
    }

    @Test func aButtonWithAPromptAsksForALineThenPressesWithIt() {
        var state = board()
        let plus = F.screenPoint(of: "+", inTile: "controls", state: state)!
        #expect(state.update(F.click(plus.x, plus.y)) == [])
        guard case .prompt(let prompt) = state.mode else {
            Issue.record("no prompt")
            return
        }
        #expect(prompt.prompt == "New item")
        #expect(state.update(F.key(.enter)) == [], "a blank line is refused")
        if case .prompt(let refused) = state.mode { #expect(refused.error != nil) } else { Issue.record("the prompt closed") }
        // A click behind the prompt does nothing; typing goes to the line.
        #expect(state.update(F.click(plus.x, plus.y + 1)) == [])
        for character in "买牛奶" { _ = state.update(F.key(character)) }
        var press = add
        press.input = "买牛奶"
        #expect(state.update(F.key(.enter)) == [.perform(id: "controls", action: press)])
        #expect(state.mode == .board)
    }

    @Test func escapeLeavesThePromptWithoutAPress() {
        var state = board()
        _ = state.update(F.key("f"))
        _ = state.update(F.key("s"))
        _ = state.update(F.key("x"))
        #expect(state.update(F.key(.escape)) == [])
        #expect(state.mode == .board)
        #expect(state.message?.text == "cancelled; nothing added")
    }
}
