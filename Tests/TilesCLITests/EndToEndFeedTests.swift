import Foundation
import Testing

/// The feed and links widgets on a real board under tmux: a click on a headline opens it with the
/// user's opener and marks it read (the dot goes, the count drops), and stays read after a restart;
/// a click on a bookmark opens it.
@Suite(.serialized) struct EndToEndFeedTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Notes</title>
        <item><title>First story</title><link>https://notes.example.org/1</link><guid>n1</guid><pubDate>Sat, 28 Nov 2026 08:00:00 GMT</pubDate></item>
        <item><title>Second story</title><link>https://notes.example.org/2</link><guid>n2</guid><pubDate>Fri, 27 Nov 2026 08:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    static func config(_ server: StubHTTPServer) -> String {
        """
        [[page]]
        [[page.tile]]
        id = "news"
        widget = "feed"
        family = "large"
        parameters = { feeds = "\(server.baseURL)/feed.xml" }
        [[page.tile]]
        id = "links"
        widget = "links"
        family = "small"
        parameters = { links = "Debian=https://www.debian.org" }
        """
    }

    @Test func clickingAHeadlineOpensItAndMarksItReadForGood() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: ["/feed.xml": .init(status: 200, contentType: "application/rss+xml", body: Self.rss)])
        defer { server.stop() }
        let folder = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.config(server).write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)

        var board = try Board(home: home, server: server)
        let screen = try board.session.waitFor(timeout: 20, "the feed") { $0.contains("• First story") && $0.contains("2 unread") }
        let headline = try #require(EndToEndTests.position(of: "First story", in: screen))
        try board.session.sendMouseClick(x: headline.x + 2, y: headline.y)
        #expect(try home.waitForOpened { $0.contains("https://notes.example.org/1") })
        let read = try board.session.waitFor("the item read") { $0.contains("1 unread") && !$0.contains("• First story") && $0.contains("• Second story") }
        #expect(read.contains("First story"), "a read item stays, without its dot")

        let bookmark = try #require(EndToEndTests.position(of: "Debian", in: read))
        try board.session.sendMouseClick(x: bookmark.x + 1, y: bookmark.y)
        #expect(try home.waitForOpened { $0.contains("https://www.debian.org") })
        board.close()

        board = try Board(home: home, server: server)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the read mark after a restart") { $0.contains("1 unread") && $0.contains("• Second story") && !$0.contains("• First story") }
    }
}
