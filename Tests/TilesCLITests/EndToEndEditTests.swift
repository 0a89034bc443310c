import Foundation
import Testing

/// The `e` edit form and Smart Stacks, driven through tmux like a user would.
extension EndToEndTests {
    /// A home whose config has one Alipay tile with a commented parameters line; returns the file.
    private static func alipayConfig(_ home: DashboardHome) throws -> URL {
        let directory = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml")
        try """
            [[page]]
            [[page.tile]]
            id = "pay"
            widget = "alipay"
            family = "medium"
            parameters = { city = "上海", buttons = ["scan", "pay", "healthCode", "transit"] }  # my buttons

            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theEditFormChoosesAlipayButtonsAndSavesThemToTheTileAndTheFile() throws {
        var configFile: URL?
        let board = try Board { configFile = try Self.alipayConfig($0) }
        defer { board.close() }
        let file = try #require(configFile)
        var screen = try board.session.waitFor(timeout: 20, "the Alipay tile") { ["Partly cloudy", "Scan", "Health"].allSatisfy($0.contains) }
        #expect(!screen.contains("Yu'e Bao"))

        try board.session.sendKeys("Tab", "e")
        // Rows below the title show the values: Buttons 4 the last slot, [x] the weather switch.
        try board.session.waitFor("the edit form") { ["Edit Alipay · pay · medium", "Buttons 4", "[x]"].allSatisfy($0.contains) }

        // Slot 3 (Health) becomes Yu'e Bao, chosen from the list by typing part of its name.
        try board.session.sendKeys("Down", "Down", "Space")
        try board.session.waitFor("the list of buttons") { $0.contains("Filter:") && $0.contains("Points") }
        try board.session.sendLiteral("Yu")
        try board.session.waitFor("the filtered list") { !$0.contains("Points") && $0.contains("▸ Yu'e Bao") }
        try board.session.sendKeys("Enter")
        try board.session.waitFor("slot 3 changed") { $0.contains("Buttons 3") && !$0.contains("Filter:") && $0.contains("Yu'e Bao") }
        // Slot 1 (Scan) becomes Cards; then Cards moves down to slot 2.
        try board.session.sendKeys("Up", "Up", "Space")
        try board.session.waitFor("the list of buttons") { $0.contains("Filter:") }
        try board.session.sendLiteral("Cards")
        try board.session.sendKeys("Enter")
        try board.session.waitFor("slot 1 changed") { !$0.contains("Filter:") && $0.contains("Cards") }
        try board.session.sendKeys("S-Down")
        try board.session.sendKeys("Enter")

        screen = try board.session.waitFor("the saved tile") { screen in
            screen.contains("saved to config.toml") && screen.contains("Yu'e Bao") && screen.contains("Cards") && !screen.contains("Edit Alipay")
        }
        #expect(!screen.contains("Scan") && !screen.contains("Health"))
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains(#"parameters = { buttons = ["pay", "cards", "yuebao", "transit"], city = "上海" }  # my buttons"#))
        let backup = try String(contentsOf: file.appendingPathExtension("bak"), encoding: .utf8)
        #expect(backup.contains(#"buttons = ["scan", "pay", "healthCode", "transit"]"#))
        // The save's own reload of the file keeps the board as it is: no error, the tile stays.
        screen = try board.session.capture()
        #expect(!screen.contains("config not applied"))
        #expect(screen.contains("Pay"))
    }

    @Test func aBoardFromTilesAppliesAnEditToThisRunOnly() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        let board = try Board(home: home, server: server, arguments: ["--tiles", "alipay"])
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the weather") { $0.contains("Partly cloudy") }
        // Show weather is the row after the four button slots.
        try board.session.sendKeys("Tab", "e", "Down", "Down", "Down", "Down", "Space")
        try board.session.waitFor("the switch off") { $0.contains("[ ]") }
        try board.session.sendKeys("Enter")
        let screen = try board.session.waitFor("the tile without weather") { screen in
            screen.contains("alipay-1: applied to this run only") && !screen.contains("Partly cloudy") && screen.contains("Scan")
        }
        #expect(!screen.contains("Edit Alipay"))
        #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("config/tiles/config.toml").path))
    }

    @Test func aFirstSaveIntoANewFileDoesNotPinTheColourScheme() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        let file = home.root.appendingPathComponent("config/tiles/config.toml")
        var dark: StyledScreen.Style?
        do {
            let first = try Board(home: home, server: server)
            defer { first.close() }
            try first.waitForData()
            dark = try Self.switchToDarkMode(first).dark
            // The second tile is Alipay: switch its weather off and save into a new config file.
            try first.session.sendKeys("Tab", "Tab", "e")
            try first.session.waitFor("the edit form") { $0.contains("Edit Alipay") }
            try first.session.sendKeys("Down", "Down", "Down", "Down", "Space")
            try first.session.waitFor("the switch off") { $0.contains("[ ]") }
            try first.session.sendKeys("Enter")
            try first.session.waitFor("the save") { $0.contains("saved to ") }
            try first.session.sendKeys("q")
            #expect(try first.session.waitForExit() == 0)
        }
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains("\nscheme =") && !saved.contains("\nname ="), "the look stays state.json's: \(saved)")
        let second = try Board(home: home, server: server)
        defer { second.close() }
        try second.session.waitFor(timeout: 20, "the board again") { $0.contains("测试句子") && $0.contains("? help") }
        let style = StyledScreen(try second.session.capture(escapes: true)).style(of: "? help")
        #expect(dark != nil && style == dark, "still dark after the restart")
        try second.session.sendKeys("t")
        try second.session.waitFor("light mode") { Self.row(29, of: $0).contains("light mode") }
        try second.session.sendKeys("q")
        #expect(try second.session.waitForExit() == 0)
        let state = try String(contentsOf: home.root.appendingPathComponent("state/tiles/state.json"), encoding: .utf8)
        #expect(state.contains("\"light\""), "t persists again")
    }

    @Test func escCancelsTheEditFormAndTheFileStaysUntouched() throws {
        var configFile: URL?
        let board = try Board { configFile = try Self.alipayConfig($0) }
        defer { board.close() }
        let file = try #require(configFile)
        let before = try String(contentsOf: file, encoding: .utf8)
        try board.session.waitFor(timeout: 20, "the Alipay tile") { $0.contains("Partly cloudy") }
        try board.session.sendKeys("Tab", "e")
        try board.session.waitFor("the edit form") { $0.contains("Edit Alipay") }
        // The city in the line editor: clear it, type 杭州, then leave without saving.
        for _ in 0..<6 { try board.session.sendKeys("Down") }
        try board.session.sendKeys("Space", "C-u")
        try board.session.sendLiteral("杭州")
        try board.session.waitFor("the typed city") { $0.contains("杭州") }
        try board.session.sendKeys("Enter")
        try board.session.sendKeys("Escape")
        try board.session.waitFor("the form closed") { $0.contains("edit cancelled") && !$0.contains("Edit Alipay") }
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: file.appendingPathExtension("bak").path))
    }

    @Test func aSmartStackShowsOneWidgetAndAngleBracketsScrollIt() throws {
        let board = try Board { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try """
                [[page]]
                [[page.tile]]
                id = "stack"
                family = "medium"
                [[page.tile.stack]]
                widget = "qqsync"
                [[page.tile.stack]]
                widget = "commit"

                """.write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        defer { board.close() }
        var screen = try board.session.waitFor(timeout: 20, "the stack's first widget") { $0.contains("测试句子") }
        #expect(!screen.contains("Latest Commit"))
        try board.session.sendKeys("Tab")
        try board.session.waitFor("the stack in the status line") { $0.contains("stack · medium · qqsync 1/2") }
        try board.session.sendKeys(">")
        // The status line is the frame's last row: wait for it too, not just the tile above it.
        screen = try board.session.waitFor(timeout: 20, "the stack's second widget") {
            $0.contains("Fix the thing") && $0.contains("stack: commit (2 of 2)")
        }
        #expect(!screen.contains("测试句子"))
        try board.session.sendKeys(">")
        try board.session.waitFor("back to the first widget") { $0.contains("测试句子") && !$0.contains("Fix the thing") }
    }

    @Test func sigkillWhileTheBoardSavesItsStateNeverCorruptsTheStateFile() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        let stateFile = home.root.appendingPathComponent("state/tiles/state.json")
        for attempt in 0..<8 {
            let board = try Board(home: home, server: server)
            defer { board.close() }
            let pid = try board.session.panePID
            // Four saves in a row (scheme, families, scheme, families), killed a little later each time.
            try board.session.sendKeys("t", "s", "t", "m")
            usleep(useconds_t(attempt * 4_000))
            try board.session.kill(signal: SIGKILL)
            let deadline = Date().addingTimeInterval(5)
            while FileManager.default.fileExists(atPath: "/proc/\(pid)/cmdline"),
                  (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") == false, Date() < deadline {
                usleep(10_000)
            }
            guard FileManager.default.fileExists(atPath: stateFile.path) else { continue }
            let data = try Data(contentsOf: stateFile)
            let state = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(state != nil, "attempt \(attempt) left a state file that is not JSON: \(String(decoding: data, as: UTF8.self))")
            #expect(["light", "dark"].contains(state?["scheme"] as? String), "attempt \(attempt)")
            #expect((state?["families"] as? [String: String])?.count == 3, "attempt \(attempt)")
        }
        #expect(FileManager.default.fileExists(atPath: stateFile.path), "some attempt saved before the kill")
    }
}
