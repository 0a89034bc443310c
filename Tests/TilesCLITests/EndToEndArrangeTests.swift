import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Edit mode on the real board in tmux: widgets added from the gallery, moved, stacked, removed
/// and brought back, saved into the user's config with its comments, seen by a second board and
/// after a restart; dragged with the mouse; and never saved over a file it must not touch.
@Suite(.serialized) struct EndToEndArrangeTests {
    static let comments = """
        # My home screen — hand-written.
        opener = "true"   # links open nowhere in this test

        # A program widget of my own.
        [[widget]]
        kind = "uptime"
        command = ["/bin/echo", "up 3 days"]
        format = "text"
        families = ["small", "medium"]   # small first

        # (no board yet: tiles shows its built-in one)

        """

    static func configFile(_ home: DashboardHome) -> URL {
        home.root.appendingPathComponent("config/tiles/config.toml")
    }

    static func write(_ text: String, to home: DashboardHome) throws {
        let file = configFile(home)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
    }

    static func statusLine(_ screen: String) -> String { EndToEndActionTests.row(29, of: screen) }

    /// The status line with the rows a long message wraps onto above it, as one line.
    static func message(_ screen: String) -> String {
        (26...29).map { EndToEndActionTests.row($0, of: screen).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The board's tile ids in order, read from the status line as Tab walks the focus.
    static func tileIDs(_ session: TmuxSession, count: Int) throws -> [String] {
        // Esc clears the focus: the first Tab focuses the first tile.
        try session.sendKeys("Escape")
        var ids: [String] = []
        for _ in 0..<count {
            try session.sendKeys("Tab")
            let screen = try session.waitFor("the focused tile") { screen in
                let line = statusLine(screen).trimmingCharacters(in: .whitespaces)
                return line.contains(" · ") && !ids.contains(String(line.prefix { $0 != " " }))
            }
            ids.append(String(statusLine(screen).trimmingCharacters(in: .whitespaces).prefix { $0 != " " }))
        }
        try session.sendKeys("Escape")
        return ids
    }

    static func add(_ search: String, on session: TmuxSession) throws {
        try session.sendKeys("a")
        try session.waitFor("the gallery") { $0.contains("Add a widget") }
        try session.sendLiteral(search)
        try session.waitFor("the preview of \(search)") { $0.contains("▸") && !$0.contains("drawing a preview…") && !$0.contains("no widget matches") }
        try session.sendKeys("Enter")
        try session.waitFor("the widget added") { statusLine($0).contains("added ") }
    }

    @Test func widgetsAddedMovedStackedAndRemovedAreSavedWithTheFilesCommentsAndSeenEverywhere() throws {
        let home = try DashboardHome()
        try Self.write(Self.comments, to: home)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        var board: Board? = try Board(home: home, server: server)
        defer { board?.close() }
        let second = try Board(home: home, server: server)
        defer { second.close() }
        let session = board!.session
        try session.waitFor("E in the status line") { Self.statusLine($0).contains("E edit") }

        try session.sendKeys("E")
        try session.waitFor("edit mode") { Self.statusLine($0).contains("edit mode") && $0.contains("⊖") }
        try Self.add("Calendar", on: session)
        try Self.add("uptime", on: session)
        try Self.add("countdown", on: session)
        // countdown is focused after uptime: move it before uptime, then stack it onto uptime.
        try session.sendKeys("H")
        try session.waitFor("moved") { _ in true }
        try session.sendKeys("s")
        try session.waitFor("stacked") { Self.statusLine($0).contains("countdown stacked onto uptime") }
        try session.sendKeys("x")
        try session.waitFor("removed") { Self.statusLine($0).contains("removed uptime") }
        try session.sendKeys("u")
        try session.waitFor("undone") { Self.statusLine($0).contains("undone") }
        try session.sendKeys("Enter")
        try session.waitFor("saved") { Self.statusLine($0).contains("board saved to config.toml") }

        let expected = ["qqsync", "calendar", "uptime", "alipay", "commit"]
        let saved = try String(contentsOf: Self.configFile(home), encoding: .utf8)
        #expect(saved.hasPrefix(Self.comments), "the user's lines come first, untouched")
        #expect(saved.contains("[[page.tile.stack]]\nwidget = \"uptime\"\n[[page.tile.stack]]\nwidget = \"countdown\""))
        let check = try runTiles(["check"], environment: home.environment(serviceURL: server.baseURL))
        #expect(check.stdout.contains("1 page, 5 tiles (qqsync, calendar, stack(uptime+countdown), alipay, commit)"), "\(check.stdout)\(check.stderr)")
        #expect(try Self.tileIDs(session, count: 5) == expected)

        // The board beside it reloaded the file.
        try second.session.waitFor("the second board's reload") { Self.statusLine($0).contains("config reloaded") }
        #expect(try Self.tileIDs(second.session, count: 5) == expected)

        board?.close()
        board = nil
        let restarted = try Board(home: home, server: server)
        defer { restarted.close() }
        #expect(try Self.tileIDs(restarted.session, count: 5) == expected)
    }

    @Test func aTileDraggedWithTheMouseMovesAndIsSaved() throws {
        let home = try DashboardHome()
        try Self.write("# three tiles\n" + """
            [[page]]
            [[page.tile]]
            id = "qqsync"
            widget = "qqsync"
            [[page.tile]]
            id = "alipay"
            widget = "alipay"
            [[page.tile]]
            id = "commit"
            widget = "commit"

            """, to: home)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        let session = board.session
        try session.sendKeys("E")
        let screen = try session.waitFor("edit mode") { Self.statusLine($0).contains("edit mode") }
        // The ⊖ badges mark the tiles' top-left cells, in board order.
        let lines = screen.components(separatedBy: "\n")
        var badges: [(x: Int, y: Int)] = []
        for (y, line) in lines.enumerated() {
            var x = 0
            for character in line {
                if character == "⊖" { badges.append((x, y)) }
                x += (character.unicodeScalars.first?.value ?? 0) >= 0x1100 && character != "⊖" ? 2 : 1
            }
        }
        try #require(badges.count == 3)
        try session.sendMouseDrag(fromX: badges[0].x + 5, fromY: badges[0].y + 3, toX: badges[2].x + 5, toY: badges[2].y + 3)
        try session.waitFor("the drop") { Self.statusLine($0).contains("moved qqsync to commit's place") }
        try session.sendKeys("Escape")
        try session.waitFor("saved") { Self.statusLine($0).contains("board saved") }
        let saved = try String(contentsOf: Self.configFile(home), encoding: .utf8)
        let order = ["\"alipay\"", "\"commit\"", "\"qqsync\""].map { saved.range(of: "id = \($0)")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!, "\(saved)")
        #expect(saved.hasPrefix("# three tiles\n"))
    }

    @Test func aReadOnlyOrBrokenConfigIsNeverWrittenAndEditModeSaysWhy() throws {
        let home = try DashboardHome()
        let text = "# mine\n[[page]]\n[[page.tile]]\nid = \"q\"\nwidget = \"qqsync\"\n[[page.tile]]\nid = \"c\"\nwidget = \"calendar\"\n"
        try Self.write(text, to: home)
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server)
        defer { board.close() }
        let session = board.session
        let file = Self.configFile(home)

        chmod(file.path, 0o444)
        try session.sendKeys("E")
        try session.waitFor("edit mode") { Self.statusLine($0).contains("edit mode") }
        try session.sendKeys("L")
        try session.sendKeys("Enter")
        try session.waitFor("the refusal") { Self.message($0).contains("read-only") }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        try session.sendKeys("Escape")
        try session.waitFor("edit mode left") { !Self.statusLine($0).contains("edit mode") }

        chmod(file.path, 0o600)
        let broken = text.replacingOccurrences(of: "id = \"q\"", with: "id = \"q")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        try session.waitFor("the board says the file is broken") { Self.statusLine($0).contains("config not applied") }
        // The board kept the arrangement the refused save left (q after c): q goes back first.
        try session.sendKeys("E")
        try session.sendKeys("H")
        try session.sendKeys("Enter")
        try session.waitFor("the refusal") { Self.message($0).contains("fix the file first") }
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
    }
}
