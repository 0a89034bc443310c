import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Built-in and extension widgets side by side on the real board in tmux.
@Suite(.serialized) struct EndToEndExtensionTests {
    /// A text widget counting its runs, a timeline widget laid out per family, and QQ Sync.
    static func setUp(_ home: DashboardHome) throws {
        let directory = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let counter = home.root.appendingPathComponent("runs").path
        let count = directory.appendingPathComponent("count.sh")
        try ExecutableFile.write("""
            #!/bin/sh
            n=$(cat '\(counter)' 2>/dev/null || echo 0); n=$((n + 1)); echo $n > '\(counter)'
            printf '\\033[32mruns: %s\\033[0m\\n' "$n"
            """, to: count.path)
        let family = directory.appendingPathComponent("family.py")
        try ExecutableFile.write("""
            #!/usr/bin/env python3
            import json, sys
            r = json.load(sys.stdin)
            print(json.dumps({"entries": [{"view": {"VStack": [{"Text": "layout for", "font": "caption"},
                {"Text": r["family"], "bold": True}], "padding": 1}}], "policy": "never"}))
            """, to: family.path)
        let config = directory.appendingPathComponent("config.toml")
        try """
            [[widget]]
            kind = "count"
            command = ["sh", "./count.sh"]
            format = "text"
            refresh = "1h"

            [[widget]]
            kind = "family"
            command = ["python3", "./family.py"]

            [[page]]
            [[page.tile]]
            widget = "qqsync"
            [[page.tile]]
            widget = "count"
            family = "small"
            [[page.tile]]
            widget = "family"
            family = "small"
            """.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
    }

    @Test func extensionTilesShowBesideBuiltInOnesAndReloadWithR() throws {
        let board = try Board(width: 120, height: 30, setUp: Self.setUp)
        defer { board.close() }
        var screen = try board.session.waitFor(timeout: 20, "the three tiles") { screen in
            ["测试句子", "runs: 1", "systemSmall"].allSatisfy(screen.contains)
        }
        // Focus the second tile (the text widget) and reload it.
        try board.session.sendKeys("Tab")
        try board.session.sendKeys("Tab")
        try board.session.sendKeys("r")
        screen = try board.session.waitFor("a second run") { $0.contains("runs: 2") }
        #expect(screen.contains("systemSmall") && screen.contains("测试句子"))
        let green = StyledScreen(try board.session.capture(escapes: true)).style(of: "runs:")
        #expect(green?.foreground != nil)
        // A family key asks the timeline widget for a new layout.
        try board.session.sendKeys("m")
        screen = try board.session.waitFor("the medium layout") { $0.contains("systemMedium") }
        #expect(!screen.contains("systemSmall"))
    }

    @Test func anEditedWidgetTableAppliesToTheRunningBoard() throws {
        let board = try Board(width: 120, height: 30, setUp: Self.setUp)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the extension tiles") { $0.contains("runs: 1") && $0.contains("systemSmall") }
        let config = board.home.root.appendingPathComponent("config/tiles/config.toml")
        var text = try String(contentsOf: config, encoding: .utf8)
        text = text.replacingOccurrences(of: #"command = ["sh", "./count.sh"]"#, with: #"command = ["printf", "edited command"]"#)
        text += """

            [[widget]]
            kind = "added"
            command = ["printf", "a new widget"]
            format = "text"

            [[page.tile]]
            widget = "added"
            family = "small"
            """
        try text.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        let screen = try board.session.waitFor("the edit applied") { $0.contains("edited command") && $0.contains("a new widget") }
        #expect(!screen.contains("runs:"))
        #expect(screen.contains("systemSmall"))
    }

    @Test func theEditFormChangesAnExtensionsParametersAndTheProgramGetsThem() throws {
        var configFile: URL?
        let board = try Board(width: 100, height: 30) { home in
            let directory = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("config.toml")
            try #"""
                [[widget]]
                kind = "greet"
                command = ["sh", "-c", "if [ \"$TILES_PARAM_LOUD\" = true ]; then echo \"HELLO $TILES_PARAM_NAME\"; else echo \"hello $TILES_PARAM_NAME\"; fi"]
                format = "text"

                [[widget.parameter]]
                name = "name"
                type = "string"
                default = "world"

                [[widget.parameter]]
                name = "loud"
                type = "bool"

                [[page]]
                [[page.tile]]
                id = "greeting"
                widget = "greet"
                family = "small"
                """#.write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o600)
            configFile = file
        }
        defer { board.close() }
        let file = try #require(configFile)
        try board.session.waitFor(timeout: 20, "the greeting") { $0.contains("hello world") }
        try board.session.sendKeys("Tab", "e")
        try board.session.waitFor("the edit form") { $0.contains("Edit greet") && $0.contains("[ ]") }
        try board.session.sendKeys("Down", "Space")
        try board.session.waitFor("the switch on") { $0.contains("[x]") }
        try board.session.sendKeys("Enter")
        let screen = try board.session.waitFor("the loud greeting") { $0.contains("HELLO world") }
        #expect(screen.contains("saved to config.toml"))
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("parameters = { loud = true }"), "\(saved)")
    }

    @Test func renderPrintsTheCellsTheBoardShows() throws {
        let board = try Board(width: 120, height: 30, setUp: Self.setUp)
        defer { board.close() }
        let screen = try board.session.waitFor(timeout: 20, "the family tile") { $0.contains("systemSmall") }
        let environment = board.home.environment(serviceURL: board.server.baseURL)
        let rendered = try runTiles(["render", "--widget", "family", "--family", "small"], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 10)
        // The tile's rows appear on the board, each at the same column (rows compared as cells:
        // the Chinese text beside the tile takes two columns a character).
        let screenRows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Self.cells)
        let tileRows = lines.map(Self.cells)
        guard let renderedTop = tileRows.firstIndex(where: { Self.find("layout for", in: $0) != nil }),
              let top = screenRows.firstIndex(where: { Self.find("layout for", in: $0) != nil }) else {
            Issue.record("the tile is not on the board:\n\(screen)")
            return
        }
        let offset = Self.find("layout for", in: screenRows[top])! - Self.find("layout for", in: tileRows[renderedTop])!
        for (index, row) in tileRows.enumerated() {
            let boardRow = screenRows[top - renderedTop + index]
            let shown = Array(boardRow.dropFirst(offset).prefix(row.count))
            #expect(shown + Array(repeating: " ", count: row.count - shown.count) == row, "row \(index)")
        }
    }

    /// A screen row as cells: a wide character, then an empty cell. Punctuation, box drawing
    /// and block elements (QQ Sync's picture is drawn in `▀`) are narrow.
    static func cells(_ row: some StringProtocol) -> [String] {
        row.flatMap { character -> [String] in
            let wide = character.unicodeScalars.first.map {
                $0.value >= 0x1100 && !(0x2000...0x206F).contains($0.value) && !(0x2500...0x259F).contains($0.value)
            } ?? false
            return wide ? [String(character), ""] : [String(character)]
        }
    }

    /// The first cell at which `text` starts in `cells`.
    static func find(_ text: String, in cells: [String]) -> Int? {
        let needle = Self.cells(text)
        guard needle.count <= cells.count else { return nil }
        return (0...(cells.count - needle.count)).first { Array(cells[$0..<($0 + needle.count)]) == needle }
    }
}
