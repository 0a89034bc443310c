import Foundation
import Testing
@testable import TileUI
import TileUISamples

/// Builds random view trees from every view and modifier TileUI has.
struct RandomTreeBuilder {
    var rng: SplitMix64
    /// When set, a leaf may be live date text about this date (a timer, relative or offset).
    var liveTarget: Date?

    static let texts = [
        "", "Hi", "Hello, world", "所有快乐都向你靠拢,所有好运都在路上。", "加油,打工人!😄", "06", "12:45",
        "你好，世界。「引号」", "👨‍👩‍👧 family", "👍🏽 ok", "🇨🇳🇯🇵", "e\u{301}te\u{301}", "❤️ ❤ 1️⃣", "tab\there",
        "line one\nline two\n\nfour", "supercalifragilisticexpialidocious", "ｆｕｌｌｗｉｄｔｈ", "한국어 텍스트", "a\u{200B}b",
    ]
    static let colors: [Color] = [.red, .white, .black, .blue, .primary, .secondary, .clear, Color("text.primary"), Color(hex: 0x123456, opacity: 0.4)]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    mutating func view(depth: Int) -> AnyView {
        if depth <= 0 || int(0...3) == 0 { return modified(leaf(), depth: depth) }
        let count = int(0...4)
        var children: [AnyView] = []
        for _ in 0..<count { children.append(view(depth: depth - 1)) }
        let container: AnyView
        switch int(0...6) {
        case 0: container = AnyView(HStack(alignment: pick([.top, .center, .bottom, .firstTextBaseline, .lastTextBaseline]), spacing: bool() ? nil : int(0...3)) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 1: container = AnyView(VStack(alignment: pick([.leading, .center, .trailing]), spacing: bool() ? nil : int(0...2)) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 2: container = AnyView(ZStack(alignment: pick([.center, .topLeading, .bottomTrailing])) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 3:
            let columns = (0..<int(1...3)).map { _ in GridItem(pick([.fixed(int(0...8)), .flexible(), .adaptive(minimum: int(1...6))]), spacing: bool() ? nil : int(0...2)) }
            container = AnyView(LazyVGrid(columns: columns, measuresTwice: bool()) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 4: container = AnyView(Group { ForEach(children.indices, id: \.self) { children[$0] } })
        case 5:
            let inner = children.first ?? AnyView(EmptyView())
            container = AnyView(GeometryReader { proxy in inner.frame(width: proxy.size.width / 2) })
        default: container = AnyView(Link(destination: URL(string: "https://example.com/\(int(0...9))")!) { ForEach(children.indices, id: \.self) { children[$0] } })
        }
        return modified(container, depth: depth)
    }

    mutating func leaf() -> AnyView {
        if let liveTarget, int(0...2) == 0 {
            switch int(0...4) {
            case 0: return AnyView(Text(liveTarget, style: .relative))
            case 1: return AnyView(Text(liveTarget, style: .offset))
            case 2: return AnyView(Text(timerInterval: liveTarget.addingTimeInterval(-4_000)...liveTarget))
            default: return AnyView(Text(liveTarget, style: .timer))
            }
        }
        switch int(0...9) {
        case 0, 1, 2: return AnyView(Text(pick(Self.texts)))
        case 3: return AnyView(pick(Self.colors))
        case 4: return AnyView(Spacer(minLength: bool() ? nil : int(0...3)))
        case 5: return AnyView(Divider())
        case 6: return AnyView(RoundedRectangle(cornerRadius: Double(int(0...16))).fill(pick(Self.colors)))
        case 7: return AnyView(LinearGradient(colors: [pick(Self.colors), pick(Self.colors)], startPoint: .leading, endPoint: .bottomTrailing))
        case 8:
            let picture = Image(data: ImageFixtures.data(pick(["disc.png", "wide.png", "quadrants.png", "gray.jpg"])))
            return AnyView(pick([picture, picture.resizable(), picture.resizable().scaledToFit(), picture.resizable().scaledToFill()]))
        default: return AnyView(Capsule().stroke(pick(Self.colors)))
        }
    }

    mutating func modified(_ view: AnyView, depth: Int) -> AnyView {
        var view = view
        for _ in 0..<int(0...3) {
            switch int(0...19) {
            case 0: view = AnyView(view.padding(int(-2...3)))
            case 1: view = AnyView(view.frame(width: bool() ? int(0...30) : nil, height: bool() ? int(0...8) : nil, alignment: pick([.center, .topLeading, .bottomTrailing])))
            case 2: view = AnyView(view.frame(minWidth: bool() ? int(0...10) : nil, maxWidth: bool() ? .infinity : int(0...40), minHeight: bool() ? int(0...3) : nil, maxHeight: bool() ? nil : int(0...10)))
            case 3: view = AnyView(view.fixedSize(horizontal: bool(), vertical: bool()))
            case 4: view = AnyView(view.layoutPriority(Double(int(-1...2))))
            case 5: view = AnyView(view.background(pick(Self.colors)))
            case 6: view = AnyView(view.overlay(alignment: .topTrailing) { Text("✓") })
            case 7: view = AnyView(view.opacity(pick([0, 0.3, 0.7, 1])))
            case 8: view = AnyView(view.hidden())
            case 9: view = AnyView(view.cornerRadius(Double(int(0...16))))
            case 10: view = AnyView(view.border(pick(Self.colors)))
            case 11: view = AnyView(view.font(.system(size: pick([11, 14, 17, 24, 28, 34, 50]), weight: pick([.regular, .semibold]))))
            case 12: view = AnyView(view.lineLimit(bool() ? nil : int(1...3)))
            case 13: view = AnyView(view.minimumScaleFactor(pick([0.2, 0.5, 1])))
            case 14: view = AnyView(view.truncationMode(pick([.head, .middle, .tail])))
            case 15: view = AnyView(view.multilineTextAlignment(pick([.leading, .center, .trailing])))
            case 16: view = AnyView(view.redacted(reason: .placeholder))
            case 17: view = AnyView(view.offset(x: int(-3...3), y: int(-2...2)))
            case 18: view = AnyView(view.foregroundColor(pick(Self.colors)))
            default: view = AnyView(view.widgetURL(URL(string: "tiles://widget")!).zIndex(Double(int(0...2))))
            }
        }
        return view
    }
}

/// Every cell is whole: a wide grapheme is followed by its continuation, a continuation follows a
/// wide grapheme, nothing else is wide or zero-width.
func wideGraphemeViolations(_ grid: CellGrid) -> [String] {
    var problems: [String] = []
    for y in 0..<grid.height {
        for x in 0..<grid.width {
            let cell = grid[x, y]
            if cell.isContinuation {
                if x == 0 || grid[x - 1, y].isContinuation || grid[x - 1, y].character.cellWidth != 2 {
                    problems.append("orphan continuation at \(x),\(y)")
                }
                continue
            }
            let width = cell.character.cellWidth
            let nextIsContinuation = x + 1 < grid.width && grid[x + 1, y].isContinuation
            if width == 2 && !nextIsContinuation { problems.append("split wide grapheme \(cell.character) at \(x),\(y)") }
            if width != 2 && nextIsContinuation { problems.append("continuation after narrow \(cell.character) at \(x),\(y)") }
            if width == 0 { problems.append("zero-width grapheme in a cell at \(x),\(y)") }
        }
    }
    return problems
}

@Suite struct RandomTreeTests {
    @Test(arguments: 0..<8)
    func testRandomTreesRenderWholeDeterministicGrids(batch: Int) {
        for index in 0..<400 {
            let seed = UInt64(batch * 400 + index)
            var builder = RandomTreeBuilder(rng: SplitMix64(seed: seed))
            let view = builder.view(depth: builder.int(1...5))
            let width = builder.int(1...200), height = builder.int(1...60)
            var environment = EnvironmentValues()
            environment.colorScheme = builder.bool() ? .dark : .light
            let grid = CellGrid.render(view, width: width, height: height, environment: environment)
            #expect(grid.width == width && grid.height == height, "seed \(seed)")
            #expect(grid.cells.count == width * height, "seed \(seed)")
            let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == height, "seed \(seed)")
            #expect(lines.allSatisfy { $0.cellWidth == width }, "seed \(seed): a line is not \(width) columns")
            let problems = wideGraphemeViolations(grid)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
            let again = CellGrid.render(view, width: width, height: height, environment: environment)
            #expect(again == grid, "seed \(seed): rendering is not deterministic")
        }
    }
}
