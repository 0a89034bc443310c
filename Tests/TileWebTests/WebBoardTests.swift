import FoundationEssentials
import Synchronization
import Testing
import TileBase
import TileKit
@testable import TileWeb

/// The board without a terminal: nothing drawn until a page connects, every tile then, each
/// scheme drawn only while a page shows it.
@Suite struct WebBoardTests {
    struct Entry: TimelineEntry {
        var date: Date
        var text: String
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: TimelineContext) -> Entry { Entry(date: context.now, text: "…") }
        func snapshot(in context: TimelineContext) async -> Entry { placeholder(in: context) }
        func timeline(in context: TimelineContext) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.now, text: "hello")], policy: .never)
        }
    }

    /// The messages a page was sent, in order.
    final class Page: Sendable {
        let messages = Mutex<[WebBoard.Message]>([])
        func send(_ message: WebBoard.Message) { messages.withLock { $0.append(message) } }
        var events: [String] { messages.withLock { $0.map(\.event) } }
        var tiles: [WebTileFrame] {
            messages.withLock { $0 }.filter { $0.event == "tile" }.compactMap {
                try? JSONDecoder().decode(WebTileFrame.self, from: Data($0.data.utf8))
            }
        }
    }

    func board(scheme: ColorScheme? = nil) throws -> WebBoard {
        let widget = StaticConfiguration(kind: "hello", provider: Provider()) { entry in Text(entry.text) }._descriptors[0]
        let specs = [
            TileSpec(id: "one", kind: "hello", family: .systemSmall),
            TileSpec(id: "two", family: .systemMedium, widgets: [.init(kind: "hello")], startsPage: true),
        ]
        let tiles = try ResolvedTile.resolve(specs, widgets: [widget])
        return WebBoard(WebBoard.Options(tiles: tiles, scheme: scheme, theme: .default, timeZone: .utc))
    }

    func waitFor(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
        #expect(condition())
    }

    @Test func aPageIsSentEveryTileThenReady() async throws {
        let board = try board()
        board.start()
        let page = Page()
        _ = board.connect(view: .init(scheme: .dark), send: page.send)
        try await waitFor { page.events.contains("ready") }
        #expect(Array(page.events.prefix(3)) == ["tile", "tile", "ready"])
        #expect(page.tiles.prefix(2).map(\.id) == ["one", "two"])
        #expect(page.tiles.prefix(2).map(\.page) == [0, 1])
        #expect(board.pageCount == 2)
        // The timeline's entry follows the placeholder, in a message of its own.
        try await waitFor { page.tiles.contains { $0.id == "one" && $0.text == "hello" } }
    }

    @Test func eachSchemeIsDrawnOnlyWhileAPageShowsIt() async throws {
        let board = try board()
        board.start()
        let light = Page(), dark = Page()
        let lightID = board.connect(view: .init(scheme: .light), send: light.send)
        _ = board.connect(view: .init(scheme: .dark), send: dark.send)
        try await waitFor { light.events.contains("ready") && dark.events.contains("ready") }
        #expect(light.tiles.first?.svg != dark.tiles.first?.svg)
        #expect(board.connectionCount == 2)
        board.disconnect(lightID)
        #expect(board.connectionCount == 1)
        #expect(board.scheme(preferring: .light) == .light)
        #expect(try self.board(scheme: .dark).scheme(preferring: .light) == .dark)
    }

    @Test func eachSizeClassDrawsItsOwnGrids() async throws {
        let board = try board()
        board.start()
        let phone = Page(), wall = Page(), desk = Page()
        _ = board.connect(view: .init(scheme: .light, sizeClass: .compact), send: phone.send)
        _ = board.connect(view: .init(scheme: .light, sizeClass: .large), send: wall.send)
        _ = board.connect(view: .init(scheme: .light), send: desk.send)
        try await waitFor { [phone, wall, desk].allSatisfy { $0.events.contains("ready") } }
        // The medium tile "two" in each class's grid (docs/rules.md C5).
        let medium = { (page: Page) in page.tiles.first { $0.id == "two" }.map { [$0.columns, $0.rows] } }
        #expect(medium(phone) == [34, 8])
        #expect(medium(desk) == [42, 10])
        #expect(medium(wall) == [62, 15])
    }

    @Test func aPageThatLeavesAtOnceIsNeverSentAnything() async throws {
        let board = try board()
        let page = Page()
        let id = board.connect(view: .init(scheme: .light), send: page.send)
        board.disconnect(id)
        board.start()
        let other = Page()
        _ = board.connect(view: .init(scheme: .light), send: other.send)
        try await waitFor { other.events.contains("ready") }
        #expect(page.events.isEmpty)
        #expect(board.connectionCount == 1)
    }

    @Test func aPressOfNoControlRunsNothing() async throws {
        let board = try board()
        board.start()
        let page = Page()
        _ = board.connect(view: .init(scheme: .light), send: page.send)
        try await waitFor { page.events.contains("ready") }
        #expect(await board.press(tile: "one", target: 1, in: .init(scheme: .light)) == .noSuchControl)
        #expect(await board.press(tile: "nope", target: 1, in: .init(scheme: .light)) == .noSuchControl)
        #expect(await board.press(tile: "one", target: 0, in: .init(scheme: .light)) == .noSuchControl)
    }
}
