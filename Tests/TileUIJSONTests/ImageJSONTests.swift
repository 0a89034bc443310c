import Foundation
import Testing
import TileUI
import TileUIJSON

/// `Image` nodes: each form reads back as the Image a Swift view describes itself as, and draws
/// the same; bad names, sources and data are refused with the path and what is expected.
@Suite struct ImageJSONTests {
    @Test func imagesReadAsTheSwiftImage() throws {
        let cases: [(String, Image)] = [
            (#"{"Image": "widget_background_test"}"#, Image("widget_background_test")),
            (#"{"Image": {"name": "logo", "resizable": true, "contentMode": "fit"}}"#, Image("logo").resizable().scaledToFit()),
            (#"{"Image": {"systemName": "star.fill"}}"#, Image(systemName: "star.fill")),
            (#"{"Image": {"data": "aGk=", "resizable": true, "aspectRatio": 1.5, "contentMode": "fill", "renderingMode": "template"}}"#,
             Image(data: Data("hi".utf8)).resizable().aspectRatio(1.5, contentMode: .fill).renderingMode(.template)),
        ]
        for (json, image) in cases {
            let node = try ViewNode(json: Data(json.utf8), path: "view")
            #expect(node == (try ViewNode(describing: image)), "\(json)")
            #expect(try ViewNode(json: node.jsonData) == node)
        }
        // The plain asset form is written back as a string.
        #expect(String(decoding: (try ViewNode(describing: Image("logo"))).jsonData, as: UTF8.self) == #"{"Image":"logo"}"#)
    }

    @Test func anAssetDrawsTheSameFromJSON() throws {
        let view = Image("widget_background_test").resizable()
        let decoded = try ViewNode(json: ViewNode(describing: view).jsonData, path: "view")
        #expect(CellGrid.render(decoded.makeView(), width: 20, height: 5) == CellGrid.render(view, width: 20, height: 5))
    }

    @Test func badImagesAreRefusedWithTheirPath() {
        let cases: [(String, String)] = [
            (#"{"Image": "../secret"}"#, #"view.Image: "../secret" is not an asset name"#),
            (#"{"Image": {"name": "a", "systemName": "b"}}"#, "view.Image: expected exactly one of name, systemName or data"),
            (#"{"Image": {}}"#, "view.Image: expected exactly one of name, systemName or data"),
            (#"{"Image": {"data": "not base64!"}}"#, "view.Image.data: not base64 text"),
            (#"{"Image": {"name": "a", "contentMode": "stretch"}}"#, "view.Image.contentMode: expected one of fit, fill"),
            (#"{"Image": {"name": "a", "aspectRatio": 0}}"#, "view.Image.aspectRatio: expected a number from 0.01 to 100"),
            (#"{"Image": {"name": "a", "size": 3}}"#, "view.Image"),
        ]
        for (json, message) in cases {
            do {
                _ = try ViewNode(json: Data(json.utf8), path: "view")
                Issue.record("\(json) was accepted")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(json): \(error)")
            }
        }
        let huge = #"{"Image": {"data": ""# + String(repeating: "A", count: 1_400_000) + #""}}"#
        #expect(throws: ViewNodeError.self) { try ViewNode(json: Data(huge.utf8), path: "view") }
    }
}
