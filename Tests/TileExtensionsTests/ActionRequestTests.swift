import Foundation
import Testing
import TileKit
import TileUI
@testable import TileExtensions

/// The action request a program receives when a control of its tile is pressed
/// (docs/extensions.md, "Actions"), and how the Swift SDK reads it back.
@Suite struct ActionRequestTests {
    func request(_ action: WidgetAction?) -> ExtensionRequest {
        var request = ExtensionRequest(
            kind: "lamp", family: .systemSmall, colorScheme: .dark, parameters: ["room": .string("hall")],
            now: Date(timeIntervalSince1970: 1_700_000_000), reason: "action", isPreview: false)
        request.action = action
        return request
    }

    @Test func aTogglesPressSendsItsNameValueAndTheStateAskedFor() throws {
        let json = String(decoding: request(WidgetAction(name: "power", value: #"{"id":7}"#, isOn: false)).json, as: UTF8.self)
        #expect(json.hasPrefix(#"{"action":"power","colorScheme":"dark","family":"systemSmall","height":10,"isOn":false,"#))
        #expect(json.contains(#""reason":"action","request":"action","#))
        #expect(json.contains(#""value":{"id":7}"#))
        #expect(!json.contains("input"))
        let environment = request(WidgetAction(name: "power", value: #"{"id":7}"#, isOn: false)).environment
        #expect(environment["TILES_REASON"] == "action")
        #expect(environment["TILES_ACTION"] == "power")
        #expect(environment["TILES_ACTION_VALUE"] == #"{"id":7}"#)
        #expect(environment["TILES_ACTION_IS_ON"] == "0")
    }

    @Test func aButtonsStringValueReachesShellScriptsAsItselfAndItsInputToo() {
        let environment = request(WidgetAction(name: "add", value: #""to do""#, prompt: "New", input: "买牛奶")).environment
        #expect(environment["TILES_ACTION_VALUE"] == "to do")
        #expect(environment["TILES_ACTION_INPUT"] == "买牛奶")
        #expect(environment["TILES_ACTION_IS_ON"] == nil)
        let json = String(decoding: request(WidgetAction(name: "add", value: #""to do""#, prompt: "New", input: "买牛奶")).json, as: UTF8.self)
        #expect(json.contains(#""input":"买牛奶""#))
        #expect(!json.contains("prompt"), "the prompt is the board's business")
    }

    @Test func aTimelineRequestSaysSoAndCarriesNoAction() {
        let json = String(decoding: request(nil).json, as: UTF8.self)
        #expect(json.contains(#""request":"timeline""#))
        #expect(!json.contains(#""action":"#))
        #expect(request(nil).environment["TILES_ACTION"] == nil)
    }

    @Test func theSDKReadsAnActionRequestBack() throws {
        let sent = request(WidgetAction(name: "power", value: #"{"id":7}"#, isOn: true, input: "x"))
        let read = try ExtensionRequest(json: sent.json)
        #expect(read.action == WidgetAction(name: "power", value: #"{"id":7}"#, isOn: true, input: "x"))
        #expect(read.reloadReason == .action)
        #expect(try ExtensionRequest(json: request(nil).json).action == nil)
        #expect(throws: ExtensionError.self) {
            try ExtensionRequest(json: Data(#"{"request":"action","kind":"k","family":"systemSmall"}"#.utf8))
        }
    }
}
