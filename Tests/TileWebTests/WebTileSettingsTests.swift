import FoundationEssentials
import Synchronization
import Testing
import TileBase
import TileKit
@testable import TileWeb

/// A tile's edit form in the page: each kind of parameter as a field the page can offer, and a
/// save that checks, writes through the board's saver, and reloads the tile.
@Suite struct WebTileSettingsTests {
    enum Shape: String, ParameterEnum {
        case round, square
        var displayName: String { rawValue.capitalized }
    }

    struct Intent: WidgetIntent {
        var title = "Hi"
        var count = 3
        var bold = false
        var shape = Shape.round
        var cities: [String] = ["a"]
        init() {}

        static var parameters: [WidgetParameter<Intent>] { [
            .string("title", title: "Title", \.title, maxLength: 20),
            .integer("count", title: "Count", \.count, range: 1...9),
            .bool("bold", title: "Bold", \.bold),
            .choice("shape", title: "Shape", \.shape),
            .multiple("cities", title: "Cities", \.cities, counts: [.systemSmall: 1, .systemMedium: 2]) {
                [ParameterOption(value: "a", title: "Athens"), ParameterOption(value: "b", title: "Bergen")]
            },
        ] }
    }

    struct Entry: TimelineEntry {
        var date: Date
        var text: String
    }

    struct Provider: IntentTimelineProvider {
        func placeholder(in context: TimelineContext) -> Entry { Entry(date: context.now, text: "…") }
        func snapshot(for configuration: Intent, in context: TimelineContext) async -> Entry { placeholder(in: context) }
        func timeline(for configuration: Intent, in context: TimelineContext) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.now, text: "\(configuration.title) ×\(configuration.count)")], policy: .never)
        }
    }

    static let widget = IntentConfiguration(kind: "greeting", intent: Intent.self, provider: Provider()) { entry in
        Text(entry.text)
    }._descriptors[0]

    /// What the board's saver was given, or the error it throws.
    final class Saver: Sendable {
        let saved = Mutex<[(String, Int, [String: ParameterValue])]>([])
        let failure = Mutex<String?>(nil)

        struct Failure: Error, CustomStringConvertible { var description: String }

        func save(_ tile: String, _ member: Int, _ values: [String: ParameterValue]) throws -> String {
            if let failure = failure.withLock({ $0 }) { throw Failure(description: failure) }
            saved.withLock { $0.append((tile, member, values)) }
            return "saved to config.toml"
        }
    }

    func board(saver: Saver?) throws -> WebBoard {
        let specs = [TileSpec(id: "hello", kind: "greeting", family: .systemMedium, parameters: ["count": .integer(4)])]
        let tiles = try ResolvedTile.resolve(specs, widgets: [Self.widget])
        return WebBoard(WebBoard.Options(
            tiles: tiles, scheme: nil, theme: .default, timeZone: .utc, saveParameters: saver.map { saver in saver.save }))
    }

    @Test func eachKindOfParameterBecomesAField() throws {
        let form = WebTileSettings(
            tile: "hello", member: 0, widget: Self.widget, family: .systemMedium, values: try Self.widget.resolveParameters(["count": .integer(4)]),
            savesToFile: true)
        #expect(form.fields.map(\.key) == ["title", "count", "bold", "shape", "cities"])
        #expect(form.fields.map(\.kind) == ["string", "integer", "bool", "choice", "multiple"])
        #expect(form.fields[0].maxLength == 20 && form.fields[0].value == .string("Hi"))
        #expect(form.fields[1].minimum == 1 && form.fields[1].maximum == 9 && form.fields[1].value == .integer(4))
        #expect(form.fields[3].options == [.init(value: "round", title: "Round"), .init(value: "square", title: "Square")])
        #expect(form.fields[4].count == 2, "a medium shows two cities")
        #expect(form.fields[4].value == .list(["a"]))
        // What the page is sent: values as JSON's own types.
        let json = WebBoard.json(form)
        #expect(json.contains(#""key":"count","kind":"integer","maximum":9,"minimum":1,"title":"Count","value":4"#), "\(json)")
    }

    @Test func aSaveIsCheckedWrittenAndReloadsTheTile() async throws {
        let saver = Saver()
        let board = try board(saver: saver)
        board.start()
        let page = WebBoardTests.Page()
        _ = board.connect(view: .init(scheme: .light), send: page.send)
        try await WebBoardTests().waitFor { page.tiles.contains { $0.text == "Hi ×4" } }
        let form = try #require(await board.settings(tile: "hello"))
        #expect(form.savesToFile)
        #expect(await board.settings(tile: "nope") == nil)

        // A value the widget does not take changes nothing.
        let refused = await board.save(tile: "hello", member: 0, values: ["count": .integer(99)])
        guard case .invalid(let reason) = refused else { Issue.record("\(refused)"); return }
        #expect(reason.contains("count"))
        #expect(saver.saved.withLock { $0.isEmpty })

        #expect(await board.save(tile: "hello", member: 3, values: [:]) == .noSuchTile)

        #expect(await board.save(tile: "hello", member: 0, values: ["count": .integer(7), "title": .string("Yo")]) == .saved("saved to config.toml"))
        let written = saver.saved.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.2["count"] == .integer(7) && written.first?.2["bold"] == .bool(false), "every parameter, resolved")
        try await WebBoardTests().waitFor { page.tiles.last { $0.id == "hello" }?.text == "Yo ×7" }
        #expect(await board.settings(tile: "hello")?.fields[1].value == .integer(7))
    }

    @Test func aSaveTheFileRefusesChangesNothing() async throws {
        let saver = Saver()
        saver.failure.withLock { $0 = "config.toml changed on disk since it was read" }
        let board = try board(saver: saver)
        board.start()
        #expect(await board.save(tile: "hello", member: 0, values: ["count": .integer(5)])
            == .notSaved("not saved: config.toml changed on disk since it was read"))
        #expect(await board.settings(tile: "hello")?.fields[1].value == .integer(4))
    }

    @Test func aBoardWithoutAFileAppliesForThisRunOnly() async throws {
        let board = try board(saver: nil)
        board.start()
        #expect(await board.settings(tile: "hello")?.savesToFile == false)
        guard case .saved(let report) = await board.save(tile: "hello", member: 0, values: ["count": .integer(5)]) else {
            Issue.record("not saved")
            return
        }
        #expect(report.contains("this run only"))
    }
}
