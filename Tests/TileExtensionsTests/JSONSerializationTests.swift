import Foundation
import Testing
import TileUI
import TileUIJSON
import TilesSDK

/// A Swift extension may hand the SDK `JSONSerialization`'s objects; they decode as text does.
@Suite struct JSONSerializationTests {
    func decode(_ text: String) throws -> ViewNode {
        try ViewNode(json: Data(text.utf8), path: "view")
    }

    @Test func jsonSerializationOutputDecodesLikeText() throws {
        let text = #"{"HStack": [{"Text": "a", "bold": true}, {"Spacer": {"minLength": 2}}], "spacing": 0}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(try ViewNode(jsonObject: object) == decode(text))
        #expect(throws: ViewNodeError.self) { try ViewNode(jsonObject: ["Text": 1] as [String: Any]) }
        #expect(throws: ViewNodeError.self) { try ViewNode(jsonObject: ["Text": "a", "bold": 1] as [String: Any]) }
        #expect(try ViewNode(jsonObject: ["Text": "a", "bold": true, "padding": 1] as [String: Any])
            == ViewNode(.text(.verbatim("a")), modifiers: [.padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), .bold(true)]))
        let numbers = try JSONSerialization.jsonObject(with: Data(#"{"Text": "a", "opacity": 1, "bold": false}"#.utf8))
        #expect(try ViewNode(jsonObject: numbers).modifiers == [.opacity(1), .bold(false)])
    }
}
