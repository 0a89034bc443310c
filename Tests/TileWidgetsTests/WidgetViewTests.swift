import Foundation
import SnapshotTesting
import Testing
import TestSupport
import TileKit
import TileUI
import TileWidgets
import TileBase

/// Golden files of the built-in widgets (every widget × family × scheme, plain text and truecolor
/// ANSI) and the behaviour their views promise: texts, links, configuration and failure states;
/// in Chinese, the seeds' own language (the English versions are `tiles render --language en`'s goldens).
/// Golden files are compared exactly; re-record them on purpose with `make golden`
/// (`SNAPSHOT_TESTING_RECORD=all swift test --filter Golden`), then read the diff.
@Suite(.language(.simplifiedChinese)) struct WidgetViewTests {
    static let shanghai = Zone(identifier: "Asia/Shanghai")!
    /// The fixed moment of every golden: Thursday 2022-06-09 10:00 in Shanghai.
    static let goldenDate = ISO8601DateFormatter().date(from: "2022-06-09T10:00:00+08:00")!
    /// The seed's date for QQ Sync: Monday 2022-06-06.
    static let seedDate = ISO8601DateFormatter().date(from: "2022-06-06T10:00:00+08:00")!

    static let families = WidgetFamily.allCases
    static let schemes: [ColorScheme] = [.light, .dark]

    /// Renders `view` at `family`'s grid size, as the widget host does.
    static func render<V: View>(
        _ view: V, _ family: WidgetFamily, _ scheme: ColorScheme = .light, at date: Date = goldenDate
    ) -> CellGrid {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        environment.colorScheme = scheme
        environment.now = date
        let (columns, rows) = family.gridSize
        return CellGrid.render(view, width: columns, height: rows, environment: environment)
    }

    /// Compares the plain text and the truecolor ANSI of `grid` with their golden files,
    /// `__Snapshots__/WidgetViewTests/<golden>.<family>-<scheme>[-ansi].txt`.
    static func assertGolden(
        _ grid: CellGrid, golden testName: String, _ family: WidgetFamily, _ scheme: ColorScheme,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let name = "\(family.rawValue)-\(scheme == .dark ? "dark" : "light")"
        assertSnapshot(
            of: grid.text, as: .lines, named: name,
            fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        assertSnapshot(
            of: ANSIRenderer(colorMode: .trueColor).render(grid), as: .lines, named: name + "-ansi",
            fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }

    /// The cell where `text` starts in `grid`, wide graphemes counted once.
    static func position(of text: String, in grid: CellGrid) -> (x: Int, y: Int)? {
        let target = Array(text)
        for y in 0..<grid.height {
            var characters: [(x: Int, character: Character)] = []
            for x in 0..<grid.width where !grid[x, y].isContinuation {
                characters.append((x, grid[x, y].character))
            }
            guard characters.count >= target.count else { continue }
            for start in 0...(characters.count - target.count)
            where characters[start..<start + target.count].map(\.character) == target {
                return (characters[start].x, y)
            }
        }
        return nil
    }

    // MARK: Goldens

    @Test(arguments: families, schemes)
    func testQQSyncMatchesGolden(family: WidgetFamily, scheme: ColorScheme) {
        let view = QQSyncView(entry: .sample(date: Self.goldenDate, timeZone: Self.shanghai))
        Self.assertGolden(Self.render(view, family, scheme), golden: "qqsync", family, scheme)
    }

    @Test(arguments: families, schemes)
    func testAlipayMatchesGolden(family: WidgetFamily, scheme: ColorScheme) {
        let view = AlipayView(entry: .sample(date: Self.goldenDate, timeZone: Self.shanghai))
        Self.assertGolden(Self.render(view, family, scheme), golden: "alipay", family, scheme)
    }

    @Test(arguments: families, schemes)
    func testCommitMatchesGolden(family: WidgetFamily, scheme: ColorScheme) {
        let view = CommitView(entry: .sample(date: Self.goldenDate, timeZone: Self.shanghai))
        Self.assertGolden(Self.render(view, family, scheme), golden: "commit", family, scheme)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline], schemes)
    func testCommitFailureMatchesGolden(family: WidgetFamily, scheme: ColorScheme) {
        let entry = CommitEntry.failed(date: Self.goldenDate, timeZone: Self.shanghai, reason: "HTTP 404: Branch not found")
        Self.assertGolden(Self.render(CommitView(entry: entry), family, scheme), golden: "commit-failure", family, scheme)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge], schemes)
    func testAlipayButtonsLeftWithoutWeatherMatchesGolden(family: WidgetFamily, scheme: ColorScheme) {
        var configuration = AlipayIntent()
        configuration.buttonsSide = .left
        configuration.showWeather = false
        configuration.buttons = ["yuebao", "membership", "cards", "travelCard"]
        let entry = AlipayEntry.sample(date: Self.goldenDate, timeZone: Self.shanghai, configuration: configuration)
        Self.assertGolden(Self.render(AlipayView(entry: entry), family, scheme), golden: "alipay-left-noweather", family, scheme)
    }
}

/// What the views promise beyond their look: texts, links, configuration and failure states.
@Suite(.language(.simplifiedChinese)) struct WidgetBehaviourTests {
    typealias T = WidgetViewTests

    // MARK: QQ Sync

    /// The medium render of the TileUI sample port (scratch-base's `QQSyncMediumSample` golden),
    /// with the 换一句 button laid over it: the seed's layout is otherwise untouched.
    static let qqSyncSampleGolden = """
                                                  
                                    █▀▀█ █▀▀▀     
           所有快乐都向你靠拢,所有  █  █ █▀▀█     
           好运都在路上。           █▄▄█ █▄▄█     
                                    06月 周一     
                                                  
           加油,打工人!😄                         
              换一句                  去分享      
                                                  
                                                  
        """

    @Test func testQQSyncMediumOnSeedDateMatchesTheSamplePort() {
        let entry = QQSyncEntry(date: T.seedDate, timeZone: T.shanghai)
        // Without colour the background picture draws nothing, leaving the port's text.
        var environment = EnvironmentValues()
        environment.widgetFamily = .systemMedium
        environment.now = T.seedDate
        environment.colorMode = .none
        let grid = CellGrid.render(QQSyncView(entry: entry), width: 42, height: 10, environment: environment)
        #expect(grid.width == 42 && grid.height == 10)
        #expect(grid.text.contains("06月 周一"))
        #expect(grid.text.contains("去分享"))
        #expect(grid.text.contains("所有快乐都向你靠拢,所有"))
        #expect(grid.text.contains("好运都在路上。"))
        #expect(grid.text == Self.qqSyncSampleGolden)
    }

    @Test func testQQSyncShareButtonCopiesTheQuoteAndTheRestOpensTheQuotePage() throws {
        let entry = QQSyncEntry.sample(date: T.seedDate, timeZone: T.shanghai)
        let grid = T.render(QQSyncView(entry: entry), .systemMedium, at: T.seedDate)
        let share = try #require(T.position(of: "去分享", in: grid))
        let copy = try #require(grid.link(x: share.x, y: share.y))
        #expect(copy.scheme == "tiles")
        let text = try #require(URLComponents(url: copy, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "text" })
        #expect(text.value == QQSyncEntry.defaultQuote)
        #expect(grid.link(x: share.x + 5, y: share.y) == copy, "the pill's padding is part of the button")
        #expect(grid.link(x: 0, y: 0) == entry.quoteURL)
        let quote = try #require(T.position(of: "所有", in: grid))
        #expect(grid.link(x: quote.x, y: quote.y) == URL(string: "https://hitokoto.cn/"))
    }

    @Test func testQQSyncShareURLCarriesCJKAndPercentSignsWhole() {
        let entry = QQSyncEntry(date: Date(timeIntervalSince1970: 0), quote: "测试 & 100%", quoteURL: nil, timeZone: Zone(identifier: "UTC")!)
        #expect(entry.shareURL.absoluteString == "tiles:copy?text=%E6%B5%8B%E8%AF%95%20%26%20100%25")
    }

    @Test func testQQSyncShareURLEncodesReservedCharacters() throws {
        let entry = QQSyncEntry(date: T.seedDate, quote: "a&b=c #1 +2?", timeZone: T.shanghai)
        #expect(entry.shareURL.absoluteString == "tiles:copy?text=a%26b%3Dc%20%231%20%2B2%3F")
    }

    @Test func testQQSyncSmallShowsOnlyTheDateAndShareButton() {
        let grid = T.render(QQSyncView(entry: .sample(date: T.seedDate, timeZone: T.shanghai)), .systemSmall)
        #expect(grid.text.contains("06月 周一"))
        #expect(grid.text.contains("去分享"))
        #expect(!grid.text.contains("所有"))
        #expect(!grid.text.contains("加油"))
    }

    @Test func testQQSyncInlineShowsDateThenTruncatedQuote() {
        let grid = T.render(QQSyncView(entry: .sample(date: T.seedDate, timeZone: T.shanghai)), .accessoryInline)
        #expect(grid.text.hasPrefix("06月06日 周一 · 所有快乐"))
        #expect(grid.text.hasSuffix("…"))
    }

    @Test(arguments: [WidgetFamily.systemMedium, .systemLarge, .systemExtraLarge])
    func testQQSyncLongQuoteKeepsDateAndButtonVisible(family: WidgetFamily) {
        let quote = String(repeating: "生活不止眼前的苟且,还有诗和远方的田野。", count: 20)
        let grid = T.render(QQSyncView(entry: QQSyncEntry(date: T.goldenDate, quote: quote, timeZone: T.shanghai)), family)
        #expect(grid.text.contains("06月 周四"))
        #expect(grid.text.contains("去分享"))
        #expect(grid.text.contains("…"))
    }

    // MARK: Alipay

    @Test func testAlipayMediumShowsWeatherDateAndTodaysYi() {
        let grid = T.render(AlipayView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), .systemMedium)
        #expect(grid.text.contains("⛅ 多云 28℃"))
        #expect(grid.text.contains("06/09 周四 上海"))
        #expect(grid.text.contains("支付宝 今日宜"))
        #expect(grid.text.contains("祭祀 筑堤"))
        for button in AlipayButton.defaults {
            #expect(grid.text.contains(button.title), "\(button)")
        }
    }

    @Test func testAlipayMediumButtonsLinkToTheirURLs() throws {
        var configuration = AlipayIntent()
        configuration.urls = "pay=https://example.com/pay 健康码=https://example.com/health transit=alipays://nope"
        let entry = AlipayEntry.sample(date: T.goldenDate, timeZone: T.shanghai, configuration: configuration)
        let grid = T.render(AlipayView(entry: entry), .systemMedium)
        let expected: [AlipayButton: URL] = [
            .scan: AlipayButton.scan.url,
            .pay: URL(string: "https://example.com/pay")!,
            .healthCode: URL(string: "https://example.com/health")!,
            .transit: AlipayButton.transit.url,
        ]
        for (button, url) in expected {
            let title = try #require(T.position(of: button.title, in: grid), "\(button)")
            #expect(grid.link(x: title.x, y: title.y) == url, "\(button) title")
            let icon = try #require(T.position(of: button.icon, in: grid), "\(button)")
            #expect(grid.link(x: icon.x, y: icon.y) == url, "\(button) icon")
        }
        let weather = try #require(T.position(of: "多云", in: grid))
        #expect(grid.link(x: weather.x, y: weather.y) == nil, "no widgetURL outside the buttons")
    }

    @Test func testAlipayButtonsSideLeftSwapsTheHalves() throws {
        let right = T.render(AlipayView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), .systemMedium)
        var configuration = AlipayIntent()
        configuration.buttonsSide = .left
        let left = T.render(
            AlipayView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai, configuration: configuration)), .systemMedium)
        let dateRight = try #require(T.position(of: "06/09", in: right))
        let scanRight = try #require(T.position(of: "扫一扫", in: right))
        let dateLeft = try #require(T.position(of: "06/09", in: left))
        let scanLeft = try #require(T.position(of: "扫一扫", in: left))
        #expect(dateRight.x < 21 && scanRight.x > 21)
        #expect(dateLeft.x > 21 && scanLeft.x < 21)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline, .accessoryRectangular])
    func testAlipayShowWeatherOffHidesTheWeather(family: WidgetFamily) {
        var configuration = AlipayIntent()
        configuration.showWeather = false
        let grid = T.render(
            AlipayView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai, configuration: configuration)), family)
        #expect(!grid.text.contains("多云"))
        #expect(!grid.text.contains("28"))
        #expect(grid.text.contains("06/09"))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryInline])
    func testAlipayWithoutWeatherShowsDashes(family: WidgetFamily) {
        var entry = AlipayEntry.sample(date: T.goldenDate, timeZone: T.shanghai)
        entry.weather = nil
        let grid = T.render(AlipayView(entry: entry), family)
        #expect(grid.text.contains("--"))
        #expect(!grid.text.contains("多云"))
    }

    @Test func testAlipayFamiliesShowTheirNumberOfButtons() {
        let entry = AlipayEntry.sample(date: T.goldenDate, timeZone: T.shanghai)
        for (family, count) in [(WidgetFamily.systemSmall, 2), (.systemMedium, 4), (.systemLarge, 8), (.systemExtraLarge, 8)] {
            let text = T.render(AlipayView(entry: entry), family).text
            #expect(AlipayButton.allCases.filter { text.contains($0.title) }.count == count, "\(family)")
        }
    }

    @Test func testAlipayIntentDefaultsAndParameters() throws {
        let intent = AlipayIntent()
        #expect(intent.buttons == ["scan", "pay", "healthCode", "transit"])
        #expect(intent.showWeather && intent.buttonsSide == .right && intent.city == "上海")
        let buttons = try #require(AlipayIntent.parameterDescriptions.first { $0.key == "buttons" })
        #expect(buttons.count(for: .systemSmall) == 2)
        #expect(buttons.count(for: .systemMedium) == 4)
        #expect(buttons.count(for: .systemLarge) == 8)
        #expect(buttons.count(for: .systemExtraLarge) == 8)
        #expect(buttons.kind.options.map(\.value) == AlipayButton.allCases.map(\.rawValue))
        let side = try #require(AlipayIntent.parameterDescriptions.first { $0.key == "buttonsSide" })
        #expect(side.kind.options.map(\.title) == ["左", "右"])
        let parsed = try AlipayIntent(values: ["buttons": buttons.parse("余额宝,scan"), "buttonsSide": side.parse("左")])
        #expect(parsed.buttons == ["yuebao", "scan"])
        #expect(parsed.buttonsSide == .left)
        #expect(parsed.buttons(for: .systemMedium) == [.yuebao, .scan, .pay, .healthCode])
    }

    @Test func testAlipayButtonURLsAreHTTPS() {
        for button in AlipayButton.allCases {
            #expect(button.url.scheme == "https", "\(button)")
            #expect(button.icon.cellWidth == 2, "\(button)")
            #expect(button.title.cellWidth <= 8, "\(button)")
        }
    }

    // MARK: Commit

    @Test func testCommitMediumShowsTheSeedsLines() {
        let grid = T.render(CommitView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), .systemMedium)
        #expect(grid.text.contains("apple/swift's main Latest Commit"))
        #expect(grid.text.contains("Fixed stuff"))
        #expect(grid.text.contains("by John Appleseed at 2022-06-09 10:00"))
        #expect(grid.text.contains("Updated at 06-09-2022 10:05"), "the seed's MM-dd-yyyy HH:mm")
        #expect(grid.link(x: 0, y: 0)?.absoluteString.hasPrefix("https://github.com/apple/swift/commit/") == true)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline, .accessoryRectangular])
    func testCommitFailureShowsFailedToLoadCommits(family: WidgetFamily) {
        let entry = CommitEntry.failed(date: T.goldenDate, timeZone: T.shanghai, reason: "HTTP 404: Branch not found")
        let grid = T.render(CommitView(entry: entry), family)
        #expect(grid.text.contains(family == .accessoryInline ? "Failed to load c" : "Failed to load"))
        if family.isSystem {
            #expect(grid.text.contains("HTTP 404"))
            #expect(grid.link(x: 0, y: 0) == URL(string: "https://github.com/apple/swift/tree/main"))
        }
    }

    @Test(arguments: [CommitEntry.sample(date: T.goldenDate, timeZone: T.shanghai),
                      CommitEntry.failed(date: T.goldenDate, timeZone: T.shanghai, reason: "HTTP 404")])
    func testCommitExtraLargeShowsTheUpdateTimeOnceInTheSeedsFormat(entry: CommitEntry) {
        let text = T.render(CommitView(entry: entry), .systemExtraLarge).text
        let word = entry.commit == nil ? "Checked" : "Updated"
        #expect(text.components(separatedBy: word).count - 1 == 1, "\(word) appears once:\n\(text)")
        #expect(text.contains("\(word) at 06-09-2022 \(entry.commit == nil ? "10:00" : "10:05")"))
    }

    @Test func testTheCountdownsTimeAndAlipaysUrlsHaveOneRuleInTheirDescriptions() throws {
        let time = try #require(CountdownIntent.parameterDescriptions.first { $0.key == "time" })
        for bad in ["25:00", "12:60", "1200", "ab:cd", ":30"] {
            #expect(throws: ParameterError.malformed(parameter: "time", expected: "HH:MM 格式的时刻（00:00 到 23:59）", found: bad)) {
                try time.validate(.string(bad))
            }
        }
        for good in ["00:00", "23:59", "9:05"] { #expect(throws: Never.self) { try time.validate(.string(good)) } }
        let urls = try #require(AlipayIntent.parameterDescriptions.first { $0.key == "urls" })
        #expect(throws: ParameterError.self) { try urls.validate(.string("https://x")) }
        #expect(throws: ParameterError.self) { try urls.validate(.string("scan=alipays://x")) }
        #expect(throws: ParameterError.self) { try urls.validate(.string("nobutton=https://x.example")) }
        for good in ["", "scan=https://x.example 收付款=http://y.example/pay"] {
            #expect(throws: Never.self) { try urls.validate(.string(good)) }
        }
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func testCommitsBylineOnTheGradientIsNotDimmedByTheTerminalAndKeepsThreeToOne(scheme: ColorScheme) throws {
        let grid = T.render(CommitView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), .systemMedium, scheme)
        let (x, y) = try #require(T.position(of: "by John Appleseed", in: grid))
        for column in x..<x + 17 {
            let cell = grid[column, y]
            #expect(!cell.attributes.contains(.dim), "no terminal dim on the gradient")
            let foreground = try #require(cell.foreground), background = try #require(cell.background)
            #expect(foreground.contrastRatio(with: background) >= 3, "\(foreground) on \(background)")
        }
    }

    @Test func testCommitWithFailureAndCommitShowsTheCommit() {
        var entry = CommitEntry.sample(date: T.goldenDate, timeZone: T.shanghai)
        entry.failure = "HTTP 503"
        let text = T.render(CommitView(entry: entry), .systemMedium).text
        #expect(text.contains("Fixed stuff"))
        #expect(!text.contains("Failed to load commits"))
    }

    @Test func testCommitInlineNamesRepoBranchMessageAndAuthor() {
        let entry = CommitEntry.sample(
            date: T.goldenDate, timeZone: T.shanghai, configuration: CommitIntent(owner: "a", repo: "b", branch: "c"))
        let text = T.render(CommitView(entry: entry), .accessoryInline).text
        #expect(text == "b@c: Fixed stuff · John Appl…")
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge])
    func testCommitLongMessageKeepsBylineAndUpdateTime(family: WidgetFamily) {
        var entry = CommitEntry.sample(date: T.goldenDate, timeZone: T.shanghai)
        entry.commit?.message = String(repeating: "[SILGen] Emit the right thing for a long message ", count: 4)
        let text = T.render(CommitView(entry: entry), family).text
        #expect(text.contains(family == .systemSmall ? "Updated at 10:05" : "Updated at 06-09-2022 10:05"))
        #expect(text.contains("Appleseed"))
        #expect(text.contains("…"))
    }

    // MARK: Entries

    @Test func testEntriesRoundTripThroughJSONWithTheirTimeZone() throws {
        let tokyo = Zone(identifier: "Asia/Tokyo")!
        let qq = QQSyncEntry.sample(date: T.goldenDate, timeZone: tokyo)
        #expect(try JSONDecoder().decode(QQSyncEntry.self, from: JSONEncoder().encode(qq)) == qq)
        let alipay = AlipayEntry.sample(date: T.goldenDate, timeZone: tokyo)
        #expect(try JSONDecoder().decode(AlipayEntry.self, from: JSONEncoder().encode(alipay)) == alipay)
        let commit = CommitEntry.sample(date: T.goldenDate, timeZone: tokyo)
        #expect(try JSONDecoder().decode(CommitEntry.self, from: JSONEncoder().encode(commit)) == commit)
        let json = String(decoding: try JSONEncoder().encode(qq), as: UTF8.self)
        #expect(json.contains("\"timeZone\":\"Asia\\/Tokyo\""))
    }
}
