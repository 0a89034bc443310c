import Foundation
import Testing

/// The board in the user's language under tmux: the status line, the `?` help, a message and the
/// to-do widget in Chinese under `LANG=zh_CN.UTF-8` and in English under `LANG=en_US.UTF-8`;
/// `[ui] language` over `LANG`, and `--language` over both; a program widget told the language.
@Suite(.serialized) struct EndToEndLanguageTests {
    static func board(_ environment: [String: String], config: String? = nil, tiles: String = "todo:medium", arguments: [String] = []) throws -> Board {
        let home = try DashboardHome()
        if let config {
            let folder = home.root.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        let server = try StubHTTPServer(routes: EndToEndTests.routes())
        return try Board(home: home, server: server, arguments: ["--tiles", tiles] + arguments, environment: environment, ownsServer: true)
    }

    @Test func chineseUnderAChineseLocale() throws {
        let board = try Self.board(["LANG": "zh_CN.UTF-8"])
        defer { board.close() }
        let screen = try board.session.waitFor("the Chinese board") { $0.contains("E 编辑  ? 帮助") && $0.contains("清单是空的") }
        #expect(screen.contains("待办") && screen.contains("+ 添加") && screen.contains("f 后按 + 的字母添加"), "\(screen)")
        try board.session.sendKeys("?")
        let help = try board.session.waitFor("the Chinese help") { $0.contains("tiles — 按键") }
        #expect(help.contains("所有小组件改为 小 / 中 / 大 / 超大") && help.contains("退出"), "\(help)")
        try board.session.sendKeys("Escape")
        try board.session.sendKeys("s")
        try board.session.waitFor("a message in Chinese") { $0.contains("所有小组件改为小") }
    }

    @Test func editModeAndItsGalleryInChinese() throws {
        let board = try Self.board(["LANG": "zh_CN.UTF-8"])
        defer { board.close() }
        try board.session.waitFor("the Chinese board") { $0.contains("E 编辑  ? 帮助") }
        try board.session.sendKeys("E")
        try board.session.waitFor("edit mode's keys in Chinese") { $0.contains("编辑模式 ·") && $0.contains("Enter 保存") }
        try board.session.sendKeys("a")
        // The whole gallery, to its footer: a capture may land between two parts of one frame.
        let gallery = try board.session.waitFor("the Chinese gallery") { $0.contains("添加小组件") && $0.contains("Esc 关闭") }
        #expect(gallery.contains("搜索："), "\(gallery)")
        #expect(!gallery.contains("Add a widget"))
    }

    @Test func englishUnderAnEnglishLocale() throws {
        let board = try Self.board(["LANG": "en_US.UTF-8"])
        defer { board.close() }
        let screen = try board.session.waitFor("the English board") { $0.contains("E edit  ? help") && $0.contains("The list is empty") }
        #expect(screen.contains("To-do") && screen.contains("+ Add") && !screen.contains("清单"), "\(screen)")
        try board.session.sendKeys("?")
        let help = try board.session.waitFor("the English help") { $0.contains("tiles — keys") }
        #expect(help.contains("every tile small / medium / large / extra large"))
    }

    @Test func theConfigsLanguageWinsOverLangAndTheFlagOverBoth() throws {
        let english = try Self.board(["LANG": "zh_CN.UTF-8"], config: "[ui]\nlanguage = \"en\"\n")
        try english.session.waitFor("[ui] language over LANG") { $0.contains("E edit  ? help") && $0.contains("The list is empty") }
        english.close()
        let chinese = try Self.board(["LANG": "en_US.UTF-8"], config: "[ui]\nlanguage = \"en\"\n", arguments: ["--language", "zh-Hans"])
        defer { chinese.close() }
        try chinese.session.waitFor("--language over both") { $0.contains("E 编辑  ? 帮助") && $0.contains("清单是空的") }
    }

    @Test func aProgramWidgetIsToldTheBoardsLanguageAndAnswersInIt() throws {
        // The program answers in the language it is asked in, from its request and its environment.
        let config = #"""
            [[widget]]
            kind = "greeting"
            command = ["python3", "-c", """
            import json, os, sys
            request = json.loads(sys.stdin.readline())
            word = {"zh-Hans": "你好", "en": "hello"}[request["locale"]]
            print(json.dumps({"entries": [{"view": {"Text": "%s %s %s" % (word, request["locale"], os.environ["TILES_LANGUAGE"])}}], "policy": "never"}))
            """]
            """#
        let chinese = try Self.board(["LANG": "zh_CN.UTF-8"], config: config, tiles: "greeting:medium")
        try chinese.session.waitFor(timeout: 20, "the Chinese greeting") { $0.contains("你好 zh-Hans zh-Hans") }
        chinese.close()
        let english = try Self.board(["LANG": "zh_CN.UTF-8"], config: "[ui]\nlanguage = \"en\"\n" + config, tiles: "greeting:medium")
        defer { english.close() }
        try english.session.waitFor(timeout: 20, "the English greeting") { $0.contains("hello en en") }
    }
}
