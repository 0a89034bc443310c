import Foundation
import Testing
import TileUI
import TileUIJSON

/// `Button` and `Toggle` in a program's JSON: what they decode to, how they draw, and the errors
/// that name the place to fix.
@Suite struct ControlJSONTests {
    private func decode(_ json: String) throws -> ViewNode {
        try ViewNode(json: Data(json.utf8), path: "view")
    }

    private func error(_ json: String) -> String {
        do {
            _ = try ViewNode(json: Data(json.utf8), path: "entries[0].view")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aButtonAndAToggleDecodeWithTheirActionsAndValues() throws {
        let node = try decode(#"""
            {"VStack": [
              {"Button": {"action": "refresh", "label": {"Text": "换一句"}, "value": {"n": 2, "tags": ["a"]}}},
              {"Toggle": {"action": "done", "isOn": true, "value": "milk", "label": {"Text": "milk"}}},
              {"Button": {"action": "add", "prompt": "New item", "label": {"Text": "+"}}}
            ]}
            """#)
        guard case .vStack(_, _, let children) = node.view else { Issue.record("not a VStack"); return }
        #expect(children[0].view == .button(action: WidgetAction(name: "refresh", value: #"{"n":2,"tags":["a"]}"#), label: ViewNode(.text(.verbatim("换一句")))))
        #expect(children[1].view == .toggle(isOn: true, action: WidgetAction(name: "done", value: #""milk""#), label: ViewNode(.text(.verbatim("milk")))))
        #expect(children[2].view == .button(action: WidgetAction(name: "add", prompt: "New item"), label: ViewNode(.text(.verbatim("+")))))
    }

    @Test func controlsDrawAndTapAsTheSameSwiftTree() throws {
        let json = try decode(#"""
            {"VStack": [
              {"Toggle": {"action": "done", "isOn": false, "label": {"Text": "milk"}}},
              {"Button": {"action": "refresh", "label": {"Text": "again"}}}
            ], "alignment": "leading", "spacing": 0}
            """#)
        let swift = VStack(alignment: .leading, spacing: 0) {
            Toggle("milk", isOn: false, action: WidgetAction(name: "done"))
            Button("again", action: WidgetAction(name: "refresh"))
        }
        let decoded = CellGrid.render(json.makeView(), width: 8, height: 2)
        #expect(decoded == CellGrid.render(swift, width: 8, height: 2))
        #expect(decoded.text == "[ ] milk\nagain   ")
        #expect(decoded.target(x: 5, y: 0) == .action(WidgetAction(name: "done", isOn: true)), "a press asks for the other state")
        #expect(decoded.target(x: 0, y: 1) == .action(WidgetAction(name: "refresh")))
        #expect(decoded.target(x: 6, y: 1) == nil)
    }

    @Test func controlsEncodeBackToTheSameJSON() throws {
        let text = #"{"Toggle":{"action":"done","value":{"id":7},"isOn":true,"label":{"Text":"x"}},"invalidatableContent":true}"#
        let node = try decode(text)
        #expect(try decode(String(decoding: node.jsonData, as: UTF8.self)) == node)
        #expect(node.modifiers == [.invalidatableContent])
    }

    @Test func errorsNameTheControlsPathAndWhatWasExpected() {
        #expect(error(#"{"Button": {"label": {"Text": "a"}}}"#)
            .hasPrefix(#"entries[0].view.Button: expected an "action""#))
        #expect(error(#"{"Button": {"action": "a b", "label": {"Text": "a"}}}"#)
            == #"entries[0].view.Button.action: expected an action name of letters, digits, '.', '_' and '-' (at most 64), found "a b""#)
        #expect(error(#"{"Button": {"action": "go"}}"#)
            .hasPrefix(#"entries[0].view.Button: expected {"action": NAME, "label": view}"#))
        #expect(error(#"{"Toggle": {"action": "go", "isOn": "yes", "label": {"Text": "a"}}}"#)
            == #"entries[0].view.Toggle.isOn: expected true or false, found "yes""#)
        #expect(error(#"{"Toggle": {"action": "go", "label": {"Text": "a"}}}"#)
            .hasPrefix(#"entries[0].view.Toggle: expected {"action": NAME, "isOn": true or false"#))
        #expect(error(#"{"Toggle": {"action": "go", "isOn": true, "label": {"Txt": "a"}}}"#)
            .hasPrefix("entries[0].view.Toggle.label.Txt: unknown view"))
        #expect(error(#"{"Button": {"action": "go", "label": {"Text": "a"}, "colour": 1}}"#)
            .hasPrefix("entries[0].view.Button.colour: unknown key"))
        let long = String(repeating: "x", count: 5000)
        #expect(error(#"{"Button": {"action": "go", "value": "\#(long)", "label": {"Text": "a"}}}"#)
            == "entries[0].view.Button.value: expected at most 4096 bytes of JSON, found 5002")
        #expect(error(#"{"Text": "a", "invalidatableContent": false}"#)
            == "entries[0].view.invalidatableContent: expected true, found false")
    }

    @Test func aPromptAndAnActionNameCannotCarryControlCharacters() throws {
        let node = try decode(#"{"Button": {"action": "add", "prompt": "New\u001b[31m item", "label": {"Text": "+"}}}"#)
        guard case .button(let action, _) = node.view else { Issue.record("not a button"); return }
        #expect(action.prompt?.unicodeScalars.allSatisfy { $0.value >= 0x20 } == true)
        #expect(error(#"{"Button": {"action": "a\u001b", "label": {"Text": "a"}}}"#).contains("expected an action name"))
    }
}
