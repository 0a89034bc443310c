import Foundation
import Testing
import TileKit
@testable import TileWidgets

/// Seed 001's pattern: the provider fetches a picture in its timeline, the picture's bytes are in
/// the entry ("the data a widget shows must be in the entry"), and the view draws the entry's
/// picture with `Image(data:)`. Against a real HTTP server on 127.0.0.1.
extension NetworkSuite {
    @Suite struct FetchedPictureTests {
        struct PictureEntry: TimelineEntry {
            var date: Date
            var picture: Data?
        }

        /// Fetches `url` once per timeline; a failed fetch leaves the entry without a picture.
        struct PictureProvider: TimelineProvider {
            let url: URL
            let fetcher: HTTPFetcher

            func placeholder(in context: TimelineContext) -> PictureEntry { PictureEntry(date: context.now) }
            func snapshot(in context: TimelineContext) async -> PictureEntry { PictureEntry(date: context.now) }
            func timeline(in context: TimelineContext) async throws -> Timeline<PictureEntry> {
                let response = try await fetcher.get(url)
                let entry = PictureEntry(date: context.now, picture: response.status == 200 ? Data(response.body) : nil)
                return Timeline(entries: [entry], policy: .atEnd)
            }
        }

        struct PictureView: View {
            var entry: PictureEntry
            var body: some View {
                ZStack {
                    Color(hex: 0x000000)
                    if let picture = entry.picture { Image(data: picture).resizable() }
                }
            }
        }

        static let quadrants = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TileUITests/Fixtures/Images/quadrants.png").standardized

        private func timelineEntry(serving body: [UInt8], contentType: String) async throws -> (PictureEntry, Int) {
            try await LocalHTTPServer.with(routes: [
                "/picture.png": { _ in .respond(status: 200, headers: [("Content-Type", contentType)], body: body) },
            ]) { server in
                let entry = try await withFetcher { fetcher in
                    let provider = PictureProvider(url: server.baseURL.appendingPathComponent("picture.png"), fetcher: fetcher)
                    return try await provider.timeline(in: TimelineContext(family: .systemSmall, now: testNow)).entries[0]
                }
                return (entry, server.requests(to: "/picture.png").count)
            }
        }

        @Test func testThePictureFetchedInTheTimelineIsDrawn() async throws {
            let png = try Data(contentsOf: Self.quadrants)
            let (fetched, requests) = try await timelineEntry(serving: Array(png), contentType: "image/png")
            #expect(requests == 1)
            // The entry holds the bytes, and they survive the entry cache's encoding.
            let entry = try JSONDecoder().decode(PictureEntry.self, from: JSONEncoder().encode(fetched))
            #expect(entry.picture == png)
            let grid = CellGrid.render(PictureView(entry: entry), width: 2, height: 1)
            #expect(grid[0, 0].character == "▀")
            #expect(grid[0, 0].foreground == RGBColor(hex: 0xFF0000) && grid[0, 0].background == RGBColor(hex: 0x0000FF))
            #expect(grid[1, 0].foreground == RGBColor(hex: 0x00FF00) && grid[1, 0].background == RGBColor(hex: 0x000000))
        }

        @Test func aPageThatIsNotAPictureDrawsThePlaceholder() async throws {
            let (entry, _) = try await timelineEntry(serving: Array("<html>nope</html>".utf8), contentType: "text/html")
            let grid = CellGrid.render(PictureView(entry: entry), width: 2, height: 1)
            let border = Theme.default.color(named: "widget.border", scheme: .light)
            #expect(grid[0, 0].background == border && grid[1, 0].background == border)
            #expect(grid.text == "  ")
        }
    }
}
