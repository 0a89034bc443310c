import Foundation
import Testing
import TileKit

/// B2 and B5: declaring widgets, bundles and parameters.
@Suite struct WidgetDeclarationTests {
    struct ClockEntry: TimelineEntry { var date: Date }
    struct ClockProvider: TimelineProvider {
        func placeholder(in context: TimelineContext) -> ClockEntry { ClockEntry(date: context.now) }
        func snapshot(in context: TimelineContext) async -> ClockEntry { ClockEntry(date: context.now) }
        func timeline(in context: TimelineContext) async throws -> Timeline<ClockEntry> {
            Timeline(entries: [ClockEntry(date: context.now)], policy: .never)
        }
    }
    struct ClockWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
                FamilyLabel()
            }
            .configurationDisplayName("Clock")
            .description("The time.")
            .supportedFamilies([.systemMedium, .systemSmall, .accessoryInline])
        }
    }
    struct FamilyLabel: View {
        @Environment(\.widgetFamily) var family
        var body: some View { Text(family.shortName) }
    }
    struct SameKindWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "clock", provider: ClockProvider()) { _ in Text("x") }
        }
    }
    struct Inner: WidgetBundle {
        var body: some Widget { ClockWidget() }
    }
    struct Duplicate: WidgetBundle {
        var body: some Widget {
            Inner()
            SameKindWidget()
        }
    }

    enum Side: String, ParameterEnum {
        case left, right
        var displayName: String { self == .left ? "左" : "右" }
    }
    struct Intent: WidgetIntent {
        var show = true
        var count = 3
        var city = "上海"
        var side = Side.right
        var pick = "b"
        var buttons = ["a", "b"]
        static let options = ["a", "b", "c", "d"].map { ParameterOption(value: $0, title: $0.uppercased()) }
        static let parameters: [WidgetParameter<Self>] = [
            .bool("show", title: "Show", \.show),
            .integer("count", title: "Count", \.count, range: 1...9),
            .string("city", title: "City", \.city, maxLength: 10),
            .choice("side", title: "Side", \.side),
            .dynamic("pick", title: "Pick", \.pick, options: { options }),
            .multiple("buttons", title: "Buttons", \.buttons, counts: [.systemSmall: 2, .systemMedium: 4], options: { options }),
        ]
    }

    @Test func testConfigurationModifiersDescribeTheWidget() {
        let widget = ClockWidget().body._descriptors[0]
        #expect(ClockWidget().kind == "clock")
        #expect(widget.displayName == "Clock")
        #expect(widget.description == "The time.")
        #expect(widget.supportedFamilies == [.systemSmall, .systemMedium, .accessoryInline])
    }

    @Test func testTheFamilyIsInTheEnvironmentAndSetsTheGrid() async {
        let widget = ClockWidget().body._descriptors[0]
        let entry = widget.placeholder(in: TimelineContext(family: .systemMedium, now: t0))
        let grid = widget.render(entry, family: .systemMedium).grid
        #expect(grid.width == 42 && grid.height == 10)
        #expect(grid.text.contains("medium"))
        #expect(widget.render(entry, family: .accessoryInline).grid.text == "           inline            ")
    }

    @Test func testFamiliesHaveTheirGridsAndNames() {
        #expect(WidgetFamily.allCases.map { "\($0.gridSize.columns)x\($0.gridSize.rows)" } == ["20x10", "42x10", "42x22", "86x22", "9x4", "20x4", "29x1"])
        #expect(WidgetFamily(name: "extraLarge") == .systemExtraLarge)
        #expect(WidgetFamily(name: "accessoryInline") == .accessoryInline)
        #expect(WidgetFamily(name: "huge") == nil)
        #expect(WidgetFamily.systemMedium.displaySize == (336, 160))
    }

    @Test func testBundlesFlattenAndRejectDuplicateKinds() throws {
        #expect(throws: WidgetBundleError.duplicateKind("clock")) { try Duplicate().widgets() }
        #expect(try Inner().widgets().map(\.kind) == ["clock"])
    }

    @Test func testParametersRoundTripThroughCodableAndValues() throws {
        var intent = Intent()
        intent.city = "杭州"
        intent.buttons = ["d", "c", "a"]
        let decoded = try JSONDecoder().decode(Intent.self, from: JSONEncoder().encode(intent))
        #expect(decoded == intent)
        #expect(try Intent(values: intent.parameterValues) == intent)
        let json = try JSONEncoder().encode(intent.parameterValues)
        #expect(try Intent(values: JSONDecoder().decode([String: ParameterValue].self, from: json)) == intent)
    }

    @Test func testParameterDescriptionsCarryKindsDefaultsAndChoices() {
        let descriptions = Intent.parameterDescriptions
        #expect(descriptions.map(\.key) == ["show", "count", "city", "side", "pick", "buttons"])
        #expect(descriptions.map(\.kind.name) == ["bool", "integer", "string", "enum", "option", "options"])
        #expect(descriptions[3].kind.options == [ParameterOption(value: "left", title: "左"), ParameterOption(value: "right", title: "右")])
        #expect(descriptions[5].defaultValue == .list(["a", "b"]))
        #expect(descriptions[5].count(for: .systemSmall) == 2)
        #expect(descriptions[5].count(for: .systemMedium) == 4)
    }

    @Test func testInvalidValuesAreRefusedWithMessagesNamingTheParameter() {
        #expect(throws: ParameterError.self) { try Intent(values: ["count": .integer(10)]) }
        #expect(throws: ParameterError.self) { try Intent(values: ["side": .string("up")]) }
        #expect(throws: ParameterError.self) { try Intent(values: ["buttons": .list(["a", "a"])]) }
        #expect(throws: ParameterError.self) { try Intent(values: ["buttons": .list(["a", "b", "c", "d", "a"])]) }
        #expect(throws: ParameterError.self) { try Intent(values: ["show": .string("yes")]) }
        do {
            _ = try Intent(values: ["citty": .string("x")])
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.description == "unknown parameter 'citty' (did you mean 'city'?); known: show, count, city, side, pick, buttons")
        }
        #expect(ParameterError.notAChoice(parameter: "side", value: "up", choices: ["left", "right"]).description
            == "parameter 'side' has no choice 'up'; choices: left, right")
    }

    @Test func testCommandLineValuesParseByValueOrTitle() throws {
        let descriptions = Dictionary(uniqueKeysWithValues: Intent.parameterDescriptions.map { ($0.key, $0) })
        #expect(try descriptions["show"]!.parse("off") == .bool(false))
        #expect(try descriptions["side"]!.parse("左") == .string("left"))
        #expect(try descriptions["buttons"]!.parse("C, a") == .list(["c", "a"]))
        #expect(throws: ParameterError.self) { try descriptions["count"]!.parse("many") }
    }
}
