import Foundation
import Testing
import TileUI
import TileUIJSON
import TileUISamples

/// Random view trees with values at the edges of what is accepted (and past them): each must
/// decode or be refused with an error, and what decodes must render at every family size
/// without trapping. A program's output is untrusted; the board must never die of it.
@Suite struct RandomJSONTreeTests {
    static let numbers: [JSONValue] = [0, 1, 2, 3, -1, -10_000, 10_000, 10_001, 0.5, 1e300, -0.0].map { .number($0) }
        + [.string("infinity"), .bool(true), .null]
    static let strings = ["", "a", "所有快乐都向你靠拢", "👨‍👩‍👧❤️", "x\u{1B}[2J\u{9B}31m\u{202E}y", String(repeating: "w ", count: 200), "\n\n\t"]

    static func value(_ g: inout SplitMix64, depth: Int) -> JSONValue {
        switch g.next() % 6 {
        case 0: return g.pick(numbers)
        case 1: return .string(g.pick(strings + ["red", "#ff9500", "#ff950080", "widget.background", "leading", "caption", "infinity"]))
        case 2: return .object([("horizontal", g.pick(numbers)), ("top", g.pick(numbers))])
        case 3: return .object([("maxWidth", g.pick(numbers)), ("minHeight", g.pick(numbers)), ("alignment", .string("topLeading"))])
        case 4: return depth < 6 ? node(&g, depth: depth + 1) : .bool(true)
        default: return .array([g.pick(numbers), g.pick(numbers)])
        }
    }

    static let modifierKeys = ["fixedSize", "frame", "padding", "background", "overlay", "border", "cornerRadius", "clipShape",
                               "clipped", "opacity", "hidden", "offset", "zIndex", "layoutPriority", "font", "fontWeight",
                               "bold", "italic", "underline", "foregroundColor", "lineLimit", "truncationMode",
                               "multilineTextAlignment", "minimumScaleFactor", "privacySensitive", "redacted", "unredacted", "widgetURL"]

    static func node(_ g: inout SplitMix64, depth: Int) -> JSONValue {
        var members: [(key: String, value: JSONValue)]
        func children(_ g: inout SplitMix64) -> JSONValue {
            var list: [JSONValue] = []
            if depth < 6 { for _ in 0..<Int(g.next() % 4) { list.append(node(&g, depth: depth + 1)) } }
            return .array(list)
        }
        switch g.next() % 11 {
        case 0: members = [("Text", .string(g.pick(strings)))]
        case 1: members = [("VStack", children(&g)), ("spacing", g.pick(numbers))]
        case 2: members = [("HStack", children(&g)), ("alignment", .string("bottom"))]
        case 3: members = [("ZStack", children(&g))]
        case 4: members = [("LazyVGrid", children(&g)), ("columns", .array([.object([("adaptive", .object([("minimum", g.pick(numbers))]))]), .object([("fixed", g.pick(numbers))])]))]
        case 5: members = [("Spacer", .object([("minLength", g.pick(numbers))]))]
        case 6: members = [("Color", .string(g.pick(["red", "#ff950080", "secondary"])))]
        case 7: members = [("RoundedRectangle", .object([("cornerRadius", g.pick(numbers)), ("stroke", .string("blue"))]))]
        case 8: members = [("Gauge", .object([("value", g.pick(numbers)), ("label", depth < 6 ? node(&g, depth: depth + 1) : .string("x"))])),
                           ("gaugeStyle", .string(g.pick(["accessoryCircular", "linearCapacity"])))]
        case 9: members = [("Chart", .array((0..<Int(g.next() % 6)).map { _ in .object([(g.pick(["LineMark", "BarMark", "AreaMark"]), .object([("x", g.pick(numbers)), ("y", g.pick(numbers))]))]) }))]
        default: members = [("Text", .object([("timerInterval", .array([.string("2026-11-24T08:00:00Z"), .string("2126-11-24T08:00:00Z")]))]))]
        }
        for _ in 0..<Int(g.next() % 4) {
            let key = g.pick(modifierKeys)
            if !members.contains(where: { $0.key == key }) { members.append((key, value(&g, depth: depth))) }
        }
        if g.chance(20) {
            members.append(("modifiers", .array([.object([(g.pick(modifierKeys), value(&g, depth: depth))])])))
        }
        return .object(members)
    }

    @Test func randomTreesDecodeOrFailAndAlwaysRender() throws {
        var decoded = 0
        for seed in 0..<400 {
            var g = SplitMix64(seed: UInt64(seed))
            let json = Self.node(&g, depth: 0)
            guard let node = try? ViewNode(json: json, path: "view") else { continue }
            decoded += 1
            for (width, height) in [(20, 10), (42, 10), (42, 21), (30, 1)] {
                let grid = CellGrid.render(node.makeView(), width: width, height: height, environment: DocExamplesTests.environment)
                #expect(grid.width == width && grid.height == height)
                #expect(!grid.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
            }
            #expect(try ViewNode(json: node.jsonValue) == node, "seed \(seed)")
        }
        #expect(decoded >= 40, "too few random trees were valid to test rendering")
    }
}

extension SplitMix64 {
    mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}
