import Foundation
import Testing

/// `tiles render` and `tiles list` through the real binary.
@Suite struct RenderTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let at = "2022-06-09T10:00:00+08:00"

    /// The language a widget's golden files are in: the seeds' and the Chinese widgets' own
    /// Chinese, English for the rest.
    static func goldenLanguage(of kind: String) -> String {
        ["qqsync", "alipay", "commit", "countdown", "system", "calendar"].contains(kind) ? "zh-Hans" : "en"
    }

    @Test func testQQSyncMediumAtTheReferenceDateIsFortyTwoByTen() throws {
        let result = try runTiles(["render", "--widget", "qqsync", "--family", "systemMedium", "--at", "2022-06-06T10:00:00+08:00", "--offline", "--language", "zh-Hans"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { displayWidth($0) == 42 })
        #expect(result.stdout.contains("06月 周一"))
        #expect(result.stdout.contains("去分享"))
        #expect(result.stdout.contains("所有快乐都向你靠拢,所有"))
        // `06` in block glyphs: the 0 and the 6 side by side, three rows tall.
        #expect(lines[1].contains("█▀▀█ █▀▀▀"))
        #expect(lines[2].contains("█  █ █▀▀█"))
        #expect(lines[3].contains("█▄▄█ █▄▄█"))
    }

    /// Every widget × small/medium/large/inline × light/dark, offline at a fixed moment, compared
    /// exactly with the golden files. In Chinese, the seeds' own language: the seeds read exactly as
    /// the tutorials. Re-record on purpose with `make golden`.
    @Test(arguments: [
        ("qqsync", ["small", "medium", "large", "inline"]), ("alipay", ["small", "medium", "large", "inline"]),
        ("commit", ["small", "medium", "large", "inline"]), ("countdown", ["small", "medium", "inline"]),
        ("system", ["small", "medium", "large"]), ("calendar", ["small", "medium", "large"]),
    ])
    func testRenderMatchesGoldenFiles(widget: String, families: [String]) throws {
        for family in families {
            for scheme in ["light", "dark"] {
                for format in ["text", "ansi"] {
                    let result = try runTiles(
                        ["render", "--widget", widget, "--family", family, "--scheme", scheme, "--at", Self.at, "--offline", "--format", format, "--language", "zh-Hans"],
                        environment: ["TZ": "UTC", "COLORTERM": "truecolor"])
                    #expect(result.status == 0, "\(widget) \(family) \(scheme): \(result.stderr)")
                    let file = Self.goldens.appendingPathComponent("\(widget)-\(family)-\(scheme).\(format == "text" ? "txt" : "ansi")")
                    try GoldenFile.check(result.stdout, against: file)
                }
            }
        }
    }

    /// In English each widget is an English version of itself (换一句 → New quote, 去分享 → Share,
    /// 支付宝 → Alipay), laid out as the Chinese one.
    @Test(arguments: [("qqsync", "medium"), ("qqsync", "large"), ("alipay", "medium"), ("alipay", "large"), ("countdown", "medium"),
                      ("system", "large"), ("calendar", "small"), ("calendar", "large")])
    func englishVersionsMatchGoldenFiles(widget: String, family: String) throws {
        let result = try runTiles(["render", "--widget", widget, "--family", family, "--at", Self.at, "--offline", "--language", "en"],
                                  environment: ["TZ": "UTC", "LANG": "zh_CN.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        try GoldenFile.check(result.stdout, against: Self.goldens.appendingPathComponent("\(widget)-\(family)-en.txt"))
    }

    @Test func theSeedsFollowTheEnvironmentsLanguage() throws {
        let english = try runTiles(["render", "--widget", "qqsync", "--family", "medium", "--at", Self.at, "--offline"], environment: ["LANG": "en_US.UTF-8"])
        #expect(english.stdout.contains("Share") && english.stdout.contains("New quote") && english.stdout.contains("Jun Thu"), "\(english.stdout)")
        #expect(!english.stdout.contains("去分享"))
        let chinese = try runTiles(["render", "--widget", "qqsync", "--family", "medium", "--at", Self.at, "--offline"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.stdout.contains("去分享") && chinese.stdout.contains("换一句") && chinese.stdout.contains("06月 周四"), "\(chinese.stdout)")
    }

    @Test func testLightAndDarkDiffer() throws {
        let light = try runTiles(["render", "--widget", "commit", "--at", Self.at, "--offline", "--format", "ansi"], environment: ["COLORTERM": "truecolor"])
        let dark = try runTiles(["render", "--widget", "commit", "--at", Self.at, "--offline", "--format", "ansi", "--scheme", "dark"], environment: ["COLORTERM": "truecolor"])
        #expect(light.stdout != dark.stdout)
        #expect(light.stdout.contains("\u{1B}[38;2;"))
    }

    @Test func testPlaceholderIsRedacted() throws {
        let result = try runTiles(["render", "--widget", "qqsync", "--placeholder", "--at", Self.at])
        #expect(result.status == 0)
        #expect(result.stdout.contains("▒"))
        #expect(!result.stdout.contains("去分享"))
    }

    @Test func testParametersChangeTheWidget() throws {
        let result = try runTiles(["render", "--widget", "alipay", "--at", Self.at, "--offline", "--param", "city=杭州", "--param", "buttons=cards,yuebao"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("杭州"))
        #expect(result.stdout.contains("Cards"))
    }

    @Test func testUnknownWidgetFamilyParameterOrValueExitsTwoListingChoices() throws {
        let widget = try runTiles(["render", "--widget", "klock"])
        #expect(widget.status == 2)
        #expect(widget.stderr.contains("widgets: qqsync, alipay, commit"))
        let family = try runTiles(["render", "--widget", "qqsync", "--family", "huge"])
        #expect(family.status == 2)
        #expect(family.stderr.contains("small"))
        let unsupported = try runTiles(["render", "--widget", "commit", "--family", "circular"])
        #expect(unsupported.status == 2)
        #expect(unsupported.stderr.contains("it supports: small, medium, large, extraLarge, inline"))
        let parameter = try runTiles(["render", "--widget", "commit", "--param", "ownr=me"])
        #expect(parameter.status == 2)
        #expect(parameter.stderr.contains("did you mean 'owner'?"))
        let value = try runTiles(["render", "--widget", "alipay", "--param", "showWeather=maybe"])
        #expect(value.status == 2)
        #expect(value.stderr.contains("expects true or false"))
        let at = try runTiles(["render", "--widget", "alipay", "--at", "yesterday"])
        #expect(at.status == 2)
        #expect(at.stderr.contains("ISO 8601"))
    }

    @Test func testListShowsEveryWidgetWithFamiliesAndParameters() throws {
        let result = try runTiles(["list"])
        #expect(result.status == 0)
        for text in ["qqsync — QQ Sync", "alipay — Alipay", "commit — Commit", "families: small, medium, large, extraLarge",
                     "--param buttons=…", "choices: left (Left), right (Right)", "--param owner=…  Owner (string) default: apple"] {
            #expect(result.stdout.contains(text), "missing: \(text)")
        }
        // Which widgets alert, and when: of the built-ins, the countdown, Commit, System, the monitor, Disks and the agenda.
        #expect(result.stdout.components(separatedBy: "alerts: ").count - 1 == 6)
        #expect(result.stdout.contains("  alerts: when a site goes down, and when it is back up\n"))
        #expect(result.stdout.contains("  alerts: on a new commit, when alertOnNewCommit is on (off by default)\n"))
        #expect(result.stdout.contains("  alerts: when CPU or memory use rises past cpuAlert or memoryAlert (off by default), with the bell\n"))
        #expect(result.stdout.contains("countdown — Countdown\n  How long until a time of day, updated every second.\n  families: small, medium, inline\n  alerts: at its moment (下班 到了), with the bell\n"))
        // In Chinese, the names and descriptions are the Chinese catalogue's.
        let chinese = try runTiles(["list"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.stdout.contains("countdown — 倒计时\n  距离每天某个时刻还有多久，每秒更新。\n"), "\(chinese.stdout)")
        #expect(chinese.stdout.contains("qqsync — QQ同步助手") && chinese.stdout.contains("weather — 天气"))
    }

    @Test func testOnlineRenderAgainstAnUnreachableServiceNeverFetchedShowsThePlaceholder() throws {
        let result = try runTiles(
            ["render", "--widget", "qqsync", "--at", Self.at],
            environment: ["TILES_HITOKOTO_URL": "http://127.0.0.1:9", "XDG_CACHE_HOME": NSTemporaryDirectory() + "tiles-render-\(UUID().uuidString)"])
        #expect(result.status == 3, "not live: the service unreachable")
        #expect(!result.stdout.contains("所有快乐都向你靠拢"), "no quote is made up: \(result.stdout)")
        #expect(result.stderr.contains("nothing is known yet, showing the placeholder"), "\(result.stderr)")
    }
}

extension RenderTests {
    @Test func staleContentCarriesItsMarkInEveryFormat() throws {
        let environment = [
            "TILES_GITHUB_API_URL": "http://127.0.0.1:9", "TILES_HITOKOTO_URL": "http://127.0.0.1:9",
            "TILES_GEOCODING_URL": "http://127.0.0.1:9", "TILES_OPEN_METEO_URL": "http://127.0.0.1:9",
            "XDG_CACHE_HOME": NSTemporaryDirectory() + "tiles-render-\(UUID().uuidString)",
        ]
        for format in ["text", "ansi", "tmux", "svg"] {
            let widget = try runTiles(["render", "--widget", "commit", "--family", "small", "--format", format], environment: environment)
            #expect(widget.status == 3, "\(format): not live")
            #expect(widget.stdout.components(separatedBy: "⚠").count - 1 == 1, "\(format): the widget's stale badge\n\(widget.stdout)")
            let board = try runTiles(["render", "--board", "--width", "100", "--height", "30", "--format", format], environment: environment)
            #expect(board.status == 3, "\(format): not live")
            #expect(board.stdout.components(separatedBy: "⚠").count - 1 >= 3, "\(format): each of the three tiles' badge\n\(board.stdout)")
        }
        let live = try runTiles(["render", "--widget", "commit", "--family", "small", "--offline"])
        #expect(live.status == 0 && !live.stdout.contains("⚠"), "a preview that says so carries no stale mark")
    }
}

/// Terminal columns of a line (CJK and the emoji used here are two wide).
func displayWidth(_ line: Substring) -> Int {
    line.reduce(0) { width, character in
        let scalar = character.unicodeScalars.first!.value
        let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFE30...0xFE4F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            || (0xFFE0...0xFFE6).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar)
        return width + (wide ? 2 : 1)
    }
}

extension RenderTests {
    @Test func testAZWJSequenceInAParameterIsDrawnWhole() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let result = try runTiles(["render", "--widget", "countdown", "--family", "medium", "--offline",
                                   "--param", "title=\(family)下班"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\(family)下班"), "the whole family, then the text:\n\(result.stdout)")
    }
}
