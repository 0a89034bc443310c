import Foundation
import Testing
@testable import TileUI

/// `Button`, `Toggle` and `invalidatableContent()` (WidgetKit's interactive widgets): layout,
/// the targets their cells carry, the optimistic state of a pending toggle, and faint content.
@Suite struct ControlTests {
    let refresh = WidgetAction(name: "refresh")
    let done = WidgetAction(name: "done", value: #""milk""#)

    func environment(pending: [WidgetAction]) -> EnvironmentValues {
        var environment = EnvironmentValues.standard
        environment.pendingActions = PendingActions(pending)
        return environment
    }

    @Test func aButtonsLabelCarriesItsActionAndNothingElseDoes() {
        let view = HStack(spacing: 1) {
            Text("quote")
            Button(action: refresh) { Text("换一句") }
        }
        let grid = CellGrid.render(view, width: 12, height: 1)
        #expect(grid.text == "quote 换一句")
        #expect(grid.target(x: 0, y: 0) == nil)
        #expect(grid.target(x: 6, y: 0) == .action(refresh))
        #expect(grid.target(x: 11, y: 0) == .action(refresh), "the last cell of the last wide character")
        #expect(grid.target(x: 5, y: 0) == nil, "the stack's spacing")
        #expect(grid.link(x: 6, y: 0) == nil, "an action is no link")
    }

    @Test func aToggleDrawsItsBoxBeforeTheLabelAndAsksForTheOtherState() {
        let off = CellGrid.render(Toggle("milk", isOn: false, action: done), width: 8, height: 1)
        let on = CellGrid.render(Toggle("milk", isOn: true, action: done), width: 8, height: 1)
        #expect(off.text == "[ ] milk")
        #expect(on.text == "[✓] milk")
        var pressOn = done
        pressOn.isOn = true
        #expect(off.target(x: 0, y: 0) == .action(pressOn))
        #expect(off.target(x: 7, y: 0) == .action(pressOn), "the label is part of the control")
        #expect(on.target(x: 1, y: 0)?.action?.isOn == false)
    }

    @Test func aPendingPressShowsTheStateAskedForUntilItLands() {
        var asked = done
        asked.isOn = true
        let pending = CellGrid.render(Toggle("milk", isOn: false, action: done), width: 8, height: 1, environment: environment(pending: [asked]))
        #expect(pending.text == "[✓] milk", "optimistic, as WidgetKit")
        #expect(pending.target(x: 0, y: 0)?.action?.isOn == false, "a press now asks to undo it")
        let other = CellGrid.render(
            Toggle("bread", isOn: false, action: WidgetAction(name: "done", value: #""bread""#)),
            width: 9, height: 1, environment: environment(pending: [asked]))
        #expect(other.text == "[ ] bread", "another item's toggle is not pending")
    }

    @Test func invalidatableContentIsFaintOnlyWhileAPressIsPending() {
        let view = VStack(spacing: 0) {
            Text("3/5").invalidatableContent()
            Text("milk")
        }
        let idle = CellGrid.render(view, width: 4, height: 2)
        #expect(!idle[0, 0].attributes.contains(.dim))
        let waiting = CellGrid.render(view, width: 4, height: 2, environment: environment(pending: [refresh]))
        #expect(waiting.text == idle.text)
        #expect(waiting[0, 0].attributes.contains(.dim))
        #expect(waiting[2, 0].attributes.contains(.dim))
        #expect(!waiting[0, 1].attributes.contains(.dim), "only the marked content")
        let unmarked = CellGrid.render(Text("3/5").invalidatableContent(false), width: 4, height: 1, environment: environment(pending: [refresh]))
        #expect(!unmarked[0, 0].attributes.contains(.dim))
    }

    @Test func controlsDescribeThemselvesForTheJSONOfExtensions() throws {
        let node = try ViewNode(describing: VStack {
            Button(action: refresh) { Text("a") }
            Toggle("b", isOn: true, action: done).invalidatableContent()
        })
        guard case .vStack(_, _, let children) = node.view else { Issue.record("not a VStack"); return }
        #expect(children[0].view == .button(action: refresh, label: ViewNode(.text(.verbatim("a")))))
        #expect(children[1].view == .toggle(isOn: true, action: done, label: ViewNode(.text(.verbatim("b")))))
        #expect(children[1].modifiers == [.invalidatableContent])
    }

    @Test func theANSIRendererLinksLinksButNotActions() throws {
        var grid = CellGrid(width: 2, height: 1)
        grid[0, 0] = Cell(character: "a", linkIndex: grid.index(forLink: try #require(URL(string: "https://example.com/"))))
        grid[1, 0] = Cell(character: "b", linkIndex: grid.index(for: .action(refresh)))
        let output = ANSIRenderer(colorMode: .none, hyperlinks: true).render(grid)
        #expect(output.contains("https://example.com/"))
        #expect(!output.contains("refresh"))
    }
}
