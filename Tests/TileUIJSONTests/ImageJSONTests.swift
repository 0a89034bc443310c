import Foundation
import Testing
import TileUI
import TileUIJSON
import TileUISamples

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
        expectRefused(cases)
        let huge = #"{"Image": {"data": ""# + String(repeating: "A", count: 1_400_000) + #""}}"#
        #expect(throws: ViewNodeError.self) { try ViewNode(json: Data(huge.utf8), path: "view") }
    }
}

/// Random `Image` objects (known and unknown keys, values of every JSON kind, damaged pictures in
/// base64) for a bounded budget: each is refused with an error or read, drawn and written back
/// as the same node, never a crash.
@Suite struct ImageJSONFuzzTests {
    @Test func randomImageNodesDecodeOrFailCleanly() throws {
        var random = SplitMix64(seed: 1313)
        let keys = ["name", "systemName", "data", "resizable", "aspectRatio", "contentMode", "renderingMode", "size", ""]
        let png = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TileUITests/Fixtures/Images/disc.png").standardized)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func value(for key: String) -> JSONValue {
            switch random.next() % 8 {
            case 0: return .number(pick([0, 0.5, 1.5, 100, 1e9, -3]))
            case 1: return .bool(random.next() % 2 == 0)
            case 2: return .null
            case 3:
                var bytes = [UInt8](png)
                bytes[Int(random.next() % UInt64(bytes.count))] ^= 0x5A
                return .string(Data(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1)))).base64EncodedString())
            case 4: return .string(pick(["fit", "fill", "template", "original", "star.fill", "widget_background_test"]))
            case 5: return .string(pick(["../x", "a~dark", "", ".hidden", "名前", "a/b"]))
            case 6: return .array([])
            default: return key == "data" ? .string(png.base64EncodedString()) : .object([])
            }
        }
        var decoded = 0
        for _ in 0..<1_500 {
            var fields: [(key: String, value: JSONValue)] = []
            for _ in 0..<(random.next() % 4) {
                let key = pick(keys)
                if !fields.contains(where: { $0.key == key }) { fields.append((key, value(for: key))) }
            }
            let content: JSONValue = random.next() % 5 == 0 ? value(for: "name") : .object(fields)
            guard let node = try? ViewNode(json: JSONValue.object([("Image", content)]), path: "view") else { continue }
            decoded += 1
            _ = CellGrid.render(node.makeView(), width: 10, height: 4)
            #expect(try ViewNode(json: node.jsonData) == node)
        }
        #expect(decoded > 10)
    }
}
