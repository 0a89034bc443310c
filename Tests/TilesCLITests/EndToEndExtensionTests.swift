import Foundation
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
        try """
            #!/bin/sh
            n=$(cat '\(counter)' 2>/dev/null || echo 0); n=$((n + 1)); echo $n > '\(counter)'
            printf '\\033[32mruns: %s\\033[0m\\n' "$n"
            """.write(to: count, atomically: true, encoding: .utf8)
        chmod(count.path, 0o755)
        let family = directory.appendingPathComponent("family.py")
        try """
            #!/usr/bin/env python3
            import json, sys
            r = json.load(sys.stdin)
            print(json.dumps({"entries": [{"view": {"VStack": [{"Text": "layout for", "font": "caption"},
                {"Text": r["family"], "bold": True}], "padding": 1}}], "policy": "never"}))
            """.write(to: family, atomically: true, encoding: .utf8)
        chmod(family.path, 0o755)
        let config = directory.appendingPathComponent("config.toml")
        try """
            [[widget]]
            kind = "count"
            command = ["./count.sh"]
            format = "text"
            refresh = "1h"

            [[widget]]
            kind = "family"
            command = ["./family.py"]

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
        #expect(EndToEndTests.sameRow(screen, "runs: 1", "systemSmall"))
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

    @Test func renderPrintsTheCellsTheBoardShows() throws {
        let board = try Board(width: 120, height: 30, setUp: Self.setUp)
        defer { board.close() }
        let screen = try board.session.waitFor(timeout: 20, "the family tile") { $0.contains("systemSmall") }
        let environment = board.home.environment(serviceURL: board.server.baseURL)
        let rendered = try runTiles(["render", "--widget", "family", "--family", "small"], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 10)
        // The tile's rows appear on the board, each at the same column.
        let screenRows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = screenRows.firstIndex(where: { $0.contains("layout for") }),
              let column = screenRows[top].range(of: "layout for").map({ screenRows[top].distance(from: screenRows[top].startIndex, to: $0.lowerBound) }),
              let renderedTop = lines.firstIndex(where: { $0.contains("layout for") }) else {
            Issue.record("the tile is not on the board:\n\(screen)")
            return
        }
        let offset = column - lines[renderedTop].distance(from: lines[renderedTop].startIndex, to: lines[renderedTop].range(of: "layout for")!.lowerBound)
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let row = screenRows[top - renderedTop + index]
            let shown = String(row.dropFirst(offset).prefix(line.count))
            #expect(shown == line, "row \(index): board \(shown.debugDescription), render \(line.debugDescription)")
        }
    }
}
