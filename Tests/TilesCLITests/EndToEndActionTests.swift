import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Controls on the real board in tmux: buttons and toggles of built-in and program widgets, run
/// by hint keys and clicks, seen by a second board, and kept across a restart.
@Suite(.serialized) struct EndToEndActionTests {
    /// A config holding `tiles` (TOML `[[page.tile]]` bodies) on one page, after `widgets`.
    static func writeConfig(_ home: DashboardHome, widgets: String = "", tiles: [String]) throws {
        let directory = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.toml")
        let pages = tiles.map { "[[page.tile]]\n\($0)\n" }.joined()
        try (widgets + "\n[[page]]\n" + pages).write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
    }

    static func row(_ index: Int, of screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.indices.contains(index) ? lines[index] : ""
    }

    /// Column and row of the first cell of `text` on `screen`, counting cells (a CJK character is two).
    static func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, line) in screen.components(separatedBy: "\n").enumerated() {
            guard let range = line.range(of: text) else { continue }
            let x = line[..<range.lowerBound].reduce(0) { $0 + (($1.unicodeScalars.first?.value ?? 0) >= 0x1100 ? 2 : 1) }
            return (x, y)
        }
        return nil
    }

    // MARK: Built-in widgets

    @Test func qqSyncsNewQuoteButtonFetchesOneQuoteThatBothBoardsShow() throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: EndToEndTests.numberedRoutes)
        defer { server.stop() }
        let first = try Board(home: home, server: server)
        defer { first.close() }
        try first.session.waitFor(timeout: 20, "the first quote") { $0.contains("测试句子1") && $0.contains("New quote") }
        let second = try Board(home: home, server: server, arguments: ["--tiles", "qqsync,alipay,commit"])
        defer { second.close() }
        try second.session.waitFor(timeout: 20, "the first quote") { $0.contains("测试句子1") }
        // a is the quote's link, s the New quote (换一句) button.
        try first.session.sendKeys("f")
        try first.session.waitFor("hint mode") { Self.row(29, of: $0).contains("type a hint label") }
        try first.session.sendKeys("s")
        try first.session.waitFor("a new quote") { $0.contains("测试句子2") }
        try second.session.waitFor("the new quote on the other board, without a key") { $0.contains("测试句子2") }
        let quotes = server.requests.filter { $0 == "/" || $0.hasPrefix("/?") }
        #expect(quotes.count == 2, "one fetch for the press, shared by both boards: \(quotes)")
    }

    /// The to-do tests read the board in Chinese (`LANG=zh_CN.UTF-8`), the list's words as the
    /// catalogue gives them there.
    static let chinese = ["LANG": "zh_CN.UTF-8"]

    @Test func todoItemsAreAddedTickedByKeyAndByClickAndSurviveARestart() throws {
        let home = try DashboardHome()
        try Self.writeConfig(home, tiles: ["id = \"todo\"\nwidget = \"todo\"\nfamily = \"large\""])
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        var board: Board? = try Board(home: home, server: server, environment: Self.chinese)
        defer { board?.close() }
        let session = board!.session
        try session.waitFor(timeout: 20, "the empty list") { $0.contains("清单是空的") }

        for item in ["买牛奶", "写周报"] {
            // The only control with an empty list, or the first in reading order: + 添加.
            try session.sendKeys("f")
            try session.waitFor("hint mode") { Self.row(29, of: $0).contains("输入提示标签") }
            try session.sendKeys("a")
            try session.waitFor("the prompt") { $0.contains("添加待办") }
            try session.sendLiteral(item)
            try session.sendKeys("Enter")
            try session.waitFor("the new item") { $0.contains("[ ] \(item)") }
        }
        // Hints in reading order: a + 添加, s the first item's toggle, d the second's.
        try session.sendKeys("f")
        try session.sendKeys("s")
        let screen = try session.waitFor("the first item ticked") { $0.contains("[✓] 买牛奶") && $0.contains("1/2") }
        #expect(screen.contains("[ ] 写周报"))

        // A second board of the same user shows the tick without a key, and the click there too.
        let second = try Board(home: home, server: server, environment: Self.chinese)
        defer { second.close() }
        try second.session.waitFor(timeout: 20, "the list on the second board") { $0.contains("[✓] 买牛奶") && $0.contains("[ ] 写周报") }
        let (x, y) = try #require(Self.position(of: "[ ] 写周报", in: try session.capture()))
        try session.sendMouseClick(x: x + 1, y: y)
        // The toggle flips at once; the count follows when the reload lands.
        try session.waitFor("the second item ticked by a click") { $0.contains("[✓] 写周报") && $0.contains("2/2") }
        try second.session.waitFor("the click on the second board") { $0.contains("[✓] 写周报") }

        // The list is in the shared store, and a new board starts from it.
        let stored = try runTiles(["store", "get", "todo.main"], environment: home.environment(serviceURL: server.baseURL))
        #expect(stored.stdout.contains("买牛奶") && stored.stdout.contains(#""done":true"#))
        board?.close()
        board = nil
        let restarted = try Board(home: home, server: server, environment: Self.chinese)
        defer { restarted.close() }
        try restarted.session.waitFor(timeout: 20, "the list after a restart") { $0.contains("[✓] 买牛奶") && $0.contains("[✓] 写周报") }
    }

    @Test func aLongTodoListTurnsItsPagesAndAnItemIsDeletedFromItsPrompt() throws {
        let home = try DashboardHome()
        try Self.writeConfig(home, tiles: ["id = \"todo\"\nwidget = \"todo\"\nfamily = \"medium\""])
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        defer { server.stop() }
        let environment = home.environment(serviceURL: server.baseURL)
        let items = (1...12).map { #"{"id":"i\#($0)","text":"item \#($0)","done":false}"# }.joined(separator: ",")
        #expect(try runTiles(["store", "set", "todo.main", "[\(items)]"], environment: environment).status == 0)
        let board = try Board(home: home, server: server, environment: Self.chinese)
        defer { board.close() }
        let session = board.session
        try session.waitFor(timeout: 20, "the first page") { $0.contains("item 8") && $0.contains("1/2 · j 翻页") && !$0.contains("item 9") }
        try session.sendKeys("Tab")
        try session.sendKeys("j")
        try session.waitFor("the second page") { $0.contains("item 9") && $0.contains("item 12") && $0.contains("2/2") && !$0.contains("item 8") }
        // Hints in reading order: a + 添加, then each item's box (labelled inside it) and text.
        try session.sendKeys("f")
        let hints = try session.waitFor("hint mode") { Self.row(29, of: $0).contains("输入提示标签") }
        #expect(hints.contains("[s]"), "the box keeps its brackets around the label")
        try session.sendKeys("d")
        try session.waitFor("the item's prompt") { $0.contains("改为（- 删除，^ 上移，v 下移）") }
        try session.sendLiteral("-")
        try session.sendKeys("Enter")
        try session.waitFor("item 9 deleted") { !$0.contains("item 9") && $0.contains("item 10") && $0.contains("0/11") }
        let stored = try runTiles(["store", "get", "todo.main"], environment: environment).stdout
        #expect(!stored.contains("item 9\"") && stored.contains("item 12"), "\(stored)")
    }

    // MARK: Program widgets

    @Test func theChecklistExampleWritesItsFileWhenAToggleIsPressed() throws {
        let board = try Board { home in
            try Self.writeConfig(home, widgets: """
                [[widget]]
                kind = "checklist"
                command = ["\(ExtensionHome.example("checklist/checklist.py"))"]
                """, tiles: ["id = \"chores\"\nwidget = \"checklist\"\nfamily = \"medium\""])
        }
        defer { board.close() }
        let screen = try board.session.waitFor(timeout: 20, "the checklist") { $0.contains("[ ] call mum") }
        let (x, y) = try #require(Self.position(of: "[ ] call mum", in: screen))
        try board.session.sendMouseClick(x: x + 6, y: y)
        try board.session.waitFor("the item ticked") { $0.contains("[✓] call mum") && $0.contains("1/3") }
        let file = board.home.root.appendingPathComponent("state/tiles-examples/checklist.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == #"["call mum"]"#)
    }

    /// A lamp program: its toggle's state is a file; each action run appends `action NAME IS_ON`
    /// to the marker file, each timeline run `timeline REASON`. `bump` answers nothing, so tiles
    /// asks for a timeline with reason `action`; `hang` never answers.
    static func writeLamp(_ home: DashboardHome) throws {
        let directory = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let state = home.root.appendingPathComponent("lamp-state").path
        let marker = home.root.appendingPathComponent("lamp-runs").path
        try ExecutableFile.write("""
            #!/usr/bin/env python3
            import json, os, sys, time
            r = json.load(sys.stdin)
            on = os.path.exists('\(state)')
            def log(line):
                with open('\(marker)', 'a') as f:
                    f.write(line + '\\n')
            if r.get("request") == "action":
                log("action %s %s %s" % (r["action"], r.get("isOn"), os.environ.get("TILES_REASON")))
                if r["action"] == "hang":
                    time.sleep(3600)
                if r["action"] == "bump":
                    sys.exit(0)
                if r["isOn"]:
                    open('\(state)', 'w').close()
                elif on:
                    os.remove('\(state)')
                on = r["isOn"]
            else:
                log("timeline %s" % r["reason"])
            print(json.dumps({"entries": [{"view": {"VStack": [
                {"Toggle": {"action": "power", "isOn": on, "label": {"Text": "lamp"}}},
                {"Button": {"action": "bump", "label": {"Text": "bump"}}},
                {"Button": {"action": "hang", "label": {"Text": "hang"}}}]}}], "policy": "never"}))
            """, to: directory.appendingPathComponent("lamp.py").path)
        try writeConfig(home, widgets: """
            [[widget]]
            kind = "lamp"
            command = ["python3", "./lamp.py"]
            timeout = "2s"
            """, tiles: ["id = \"lamp\"\nwidget = \"lamp\"\nfamily = \"small\""])
    }

    static func runs(_ home: DashboardHome) -> [String] {
        let text = (try? String(contentsOf: home.root.appendingPathComponent("lamp-runs"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func aProgramsToggleRunsItsActionOncePerPressAndDrawsTheAnswer() throws {
        let board = try Board(setUp: Self.writeLamp)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the lamp") { $0.contains("[ ] lamp") }
        #expect(Self.runs(board.home) == ["timeline scheduled"])

        try board.session.sendKeys("f")
        try board.session.sendKeys("a")
        try board.session.waitFor("the lamp on") { $0.contains("[✓] lamp") }
        // The answer was the timeline: no second run.
        usleep(300_000)
        #expect(Self.runs(board.home) == ["timeline scheduled", "action power True action"])

        let (x, y) = try #require(Self.position(of: "[✓] lamp", in: try board.session.capture()))
        try board.session.sendMouseClick(x: x, y: y)
        try board.session.waitFor("the lamp off") { $0.contains("[ ] lamp") }
        usleep(300_000)
        #expect(Self.runs(board.home).suffix(1) == ["action power False action"])
        #expect(Self.runs(board.home).count == 3)
    }

    @Test func anActionAnsweringNothingAsksForATimelineWithReasonAction() throws {
        let board = try Board(setUp: Self.writeLamp)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the lamp") { $0.contains("[ ] lamp") }
        try board.session.sendKeys("f")
        try board.session.sendKeys("s")
        let deadline = Date().addingTimeInterval(10)
        while Self.runs(board.home).count < 3, Date() < deadline { usleep(50_000) }
        #expect(Self.runs(board.home) == ["timeline scheduled", "action bump None action", "timeline action"])
    }

    @Test func anActionThatNeverAnswersTimesOutOnTheTileAndTheBoardAnswersKeys() throws {
        let board = try Board(setUp: Self.writeLamp)
        defer { board.close() }
        try board.session.waitFor(timeout: 20, "the lamp") { $0.contains("[ ] lamp") }
        try board.session.sendKeys("f")
        try board.session.sendKeys("d")
        // The press's program runs (the scan below finds it, so it can find a leftover too). What
        // the scan saw is kept: on a busy machine the program's 2 s may be up by a second look.
        let running = Date().addingTimeInterval(10)
        var seen = false
        while !seen, Date() < running {
            seen = !Self.lampProcesses(board.home).isEmpty
            if !seen { usleep(20_000) }
        }
        #expect(seen, "the hanging press's program is seen while it runs")
        // While the press runs, the board still answers keys.
        try board.session.sendKeys("?")
        try board.session.waitFor("the help overlay") { $0.contains("type a label to open or press it") }
        try board.session.sendKeys("Escape")
        let screen = try board.session.waitFor(timeout: 10, "the timeout as the tile's reason") { screen in
            screen.contains("hang:") && screen.contains("2 s")
        }
        #expect(screen.contains("[ ] lamp"), "the last content stays")
        #expect(Self.runs(board.home).contains("action hang None action"))
        // The program's process group was killed with it: no lamp.py of this home is left.
        let gone = Date().addingTimeInterval(5)
        while !Self.lampProcesses(board.home).isEmpty, Date() < gone { usleep(20_000) }
        #expect(Self.lampProcesses(board.home).isEmpty, "no lamp.py left: \(Self.lampProcesses(board.home))")
    }

    /// The processes running this home's lamp.py (`python3 ./lamp.py`, started in the config's
    /// folder): their command line names lamp.py and their working folder is in the home.
    static func lampProcesses(_ home: DashboardHome) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: data, as: UTF8.self).contains("lamp.py"),
                  let folder = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd"),
                  folder.hasPrefix(home.root.path) || folder.hasPrefix(home.root.resolvingSymlinksInPath().path) else { return nil }
            return pid
        }
    }
}
