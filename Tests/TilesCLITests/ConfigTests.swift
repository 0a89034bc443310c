import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A config file in its own temporary XDG home, checked by the real binary.
struct ConfigHome {
    let home = try! DashboardHome()
    var environment: [String: String] { home.environment(serviceURL: "http://127.0.0.1:9") }
    var file: URL { home.root.appendingPathComponent("tiles.toml") }
    var defaultFile: URL { home.root.appendingPathComponent("config/tiles/config.toml") }

    /// Writes `text` to `file` and runs `tiles check` on it.
    func check(_ text: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try runTiles(["check", file.path], environment: environment)
    }

    /// The exact line `tiles check` must print for an error at `line`:`column`.
    func error(_ line: Int, _ column: Int, _ message: String) -> String {
        "tiles: \(file.path):\(line):\(column): \(message)\n"
    }
}

@Suite struct ConfigTests {
    @Test func testValidConfigPassesCheckWithASummary() throws {
        let home = ConfigHome()
        let result = try home.check("""
            opener = "/bin/true"

            [theme]
            name = "nord"
            scheme = "dark"

            [services]
            hitokoto = "http://127.0.0.1:8080"

            [github]
            token_env = "MY_TOKEN"

            [budget]
            per_day = 30
            min_interval_minutes = 10

            [[page]]
            [[page.tile]]
            widget = "qqsync"
            family = "small"

            [[page.tile]]
            widget = "alipay"
            parameters = { city = "杭州", buttons = ["scan", "pay", "transit", "cards"], showWeather = false }

            [[page]]
            [[page.tile]]
            family = "small"
            [[page.tile.stack]]
            widget = "countdown"
            parameters = { title = "下班", time = "18:00" }
            [[page.tile.stack]]
            widget = "commit"
            [page.tile.stack.parameters]
            owner = "swiftlang"
            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "\(home.file.path): ok — 2 pages, 3 tiles (qqsync, alipay, stack(countdown+commit)); theme nord; dark\n")
    }

    @Test func testSyntaxErrorNamesLineAndColumn() throws {
        let home = ConfigHome()
        let result = try home.check("[theme]\nname = \"nord\"\nscheme = \n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tiles: \(home.file.path):3:"))
        #expect(result.stdout == "")
    }

    @Test func testUnknownKeySuggestsTheNearestOne() throws {
        let home = ConfigHome()
        let result = try home.check("[theme]\nname = \"nord\"\n  shceme = \"dark\"\n")
        #expect(result.status == 2)
        #expect(result.stderr == home.error(3, 3, "unknown key 'shceme' in [theme] (did you mean 'scheme'?)"))
    }

    @Test func testUnknownWidgetListsTheKnownOnes() throws {
        let home = ConfigHome()
        let result = try home.check("""
            [[page]]
            [[page.tile]]
            widget = "qqsync"
            [[page.tile]]
            widget = "qqsnyc"
            """)
        #expect(result.status == 2)
        #expect(result.stderr == home.error(
            5, 1, "page[1].tile[2].widget: unknown widget 'qqsnyc' (did you mean 'qqsync'?); widgets: qqsync, alipay, commit, countdown, system, calendar, todo, monitor, prometheus, clock, disks, battery, links, weather, feed, hackernews, agenda, github"))
    }

    @Test func anUnknownFamilyOrOneThatIsNotAStringListsTheFamilies() throws {
        let home = ConfigHome()
        let unknown = try home.check("[[page]]\n[[page.tile]]\nwidget = \"countdown\"\nfamily = \"huge\"\n")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == home.error(
            4, 1, "page[1].tile[1].family: unknown family 'huge'; families: small, medium, large, extraLarge, circular, rectangular, inline"))
        let number = try home.check("[[page]]\n[[page.tile]]\nwidget = \"countdown\"\nfamily = 3\n")
        #expect(number.status == 2)
        #expect(number.stderr == home.error(
            4, 1, "page[1].tile[1].family: expected a family (small, medium, large, extraLarge, circular, rectangular, inline), found 3"))
    }

    @Test func testUnsupportedFamilyListsTheWidgetsFamilies() throws {
        let home = ConfigHome()
        let result = try home.check("[[page]]\n[[page.tile]]\nwidget = \"countdown\"\nfamily = \"large\"\n")
        #expect(result.status == 2)
        #expect(result.stderr == home.error(
            4, 1, "page[1].tile[1].family: countdown does not come in large; expected one of: small, medium, inline"))
    }

    @Test func testBadParameterValueNamesTheParameter() throws {
        let home = ConfigHome()
        let result = try home.check("""
            [[page]]
            [[page.tile]]
            widget = "alipay"
            parameters = { city = "杭州", buttonsSide = "middle" }
            """)
        #expect(result.status == 2)
        #expect(result.stderr == home.error(
            4, 29, "page[1].tile[1].parameters.buttonsSide: parameter 'buttonsSide' has no choice 'middle'; choices: left, right"))
    }

    @Test func testUnknownParameterSuggestsTheNearestOne() throws {
        let home = ConfigHome()
        let result = try home.check("[[page]]\n[[page.tile]]\nwidget = \"commit\"\n[page.tile.parameters]\nbrnch = \"dev\"\n")
        #expect(result.status == 2)
        #expect(result.stderr == home.error(
            5, 1, "unknown parameter 'brnch' in [page[1].tile[1].parameters] (did you mean 'branch'?)"))
    }

    @Test func testBadSchemeSaysWhatWasExpected() throws {
        let home = ConfigHome()
        let result = try home.check("[theme]\nscheme = \"sepia\"\n")
        #expect(result.status == 2)
        #expect(result.stderr == home.error(2, 1, "theme.scheme: expected \"light\" or \"dark\", found \"sepia\""))
    }

    @Test func testSizeClassIsOneOfItsNames() throws {
        let home = ConfigHome()
        for name in ["auto", "compact", "regular", "large"] {
            let result = try home.check("size_class = \"\(name)\"\n")
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let bad = try home.check("opener = \"x\"\nsize_class = \"huge\"\n")
        #expect(bad.status == 2)
        #expect(bad.stderr == home.error(2, 1, "size_class: expected \"auto\", \"compact\", \"regular\", \"large\", found \"huge\""))
        let number = try home.check("size_class = 2\n")
        #expect(number.status == 2)
        #expect(number.stderr.contains(":1:1:"), "\(number.stderr)")
    }

    @Test func testWorldReadableTokenFileIsRefused() throws {
        let home = ConfigHome()
        let token = home.home.root.appendingPathComponent("token")
        try "secret\n".write(to: token, atomically: true, encoding: .utf8)
        chmod(token.path, 0o644)
        let result = try home.check("[github]\ntoken_file = \"token\"\n")
        #expect(result.status == 2)
        #expect(result.stderr == home.error(2, 1,
            "github.token_file: the token file '\(token.path)' is readable by group or others (mode 644); expected mode 600 (run chmod 600 '\(token.path)')"))
        #expect(!result.stderr.contains("secret"))

        chmod(token.path, 0o600)
        let fixed = try runTiles(["check", home.file.path], environment: home.environment)
        #expect(fixed.status == 0)
    }

    @Test func testCheckEscapesControlCharactersFromTheFileAndItsName() throws {
        let home = ConfigHome()
        let result = try home.check("[[page]]\n[[page.tile]]\nwidget = \"evil\\u001b]0;owned\\u0007\"\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"unknown widget 'evil\u001b]0;owned\u0007'"#), "\(result.stderr)")
        let missing = home.home.root.appendingPathComponent("no\u{1B}[2Jpe.toml").path
        let explicit = try runTiles(["check", missing], environment: home.environment)
        #expect(explicit.status == 2)
        #expect(explicit.stderr.contains(#"no\u001b[2Jpe.toml: no such file"#), "\(explicit.stderr)")
        for output in [result.stderr, explicit.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func testMissingExplicitConfigIsAnErrorButMissingDefaultIsNot() throws {
        let home = ConfigHome()
        let missing = home.home.root.appendingPathComponent("nope.toml").path
        let explicit = try runTiles(["check", missing], environment: home.environment)
        #expect(explicit.status == 2)
        #expect(explicit.stderr == "tiles: \(missing): no such file (create one with `tiles config init`)\n")
        let dashboard = try runTiles(["--config", missing], environment: home.environment)
        #expect(dashboard.status == 2)
        #expect(dashboard.stderr == explicit.stderr)

        let implicit = try runTiles(["check"], environment: home.environment)
        #expect(implicit.status == 0)
        #expect(implicit.stdout.contains("no config file; tiles uses the built-in board"))
    }

    @Test func testConfigInitWritesAFileCheckAcceptsAndRefusesToOverwrite() throws {
        let home = ConfigHome()
        let first = try runTiles(["config", "init"], environment: home.environment)
        #expect(first.status == 0)
        #expect(first.stdout == "wrote \(home.defaultFile.path)\n")

        let check = try runTiles(["check"], environment: home.environment)
        #expect(check.stderr == "")
        #expect(check.status == 0)
        #expect(check.stdout == "\(home.defaultFile.path): ok — 1 page, 3 tiles (qqsync, alipay, commit)\n")

        try "# mine\n".write(to: home.defaultFile, atomically: true, encoding: .utf8)
        let second = try runTiles(["config", "init"], environment: home.environment)
        #expect(second.status == 2)
        #expect(second.stderr == "tiles: \(home.defaultFile.path) already exists; use --force to replace it\n")
        #expect(try String(contentsOf: home.defaultFile, encoding: .utf8) == "# mine\n")

        let forced = try runTiles(["config", "init", "--force"], environment: home.environment)
        #expect(forced.status == 0)
        #expect(forced.stdout == "wrote \(home.defaultFile.path) (the previous file is config.toml.bak)\n")
        #expect(try String(contentsOf: home.defaultFile, encoding: .utf8).contains("[[page.tile]]"))
        #expect(try String(contentsOf: home.defaultFile.appendingPathExtension("bak"), encoding: .utf8) == "# mine\n",
                "--force keeps the replaced file as config.toml.bak")
    }

    @Test func testConfigInitOffersTheDailyBoard() throws {
        let home = ConfigHome()
        let written = try runTiles(["config", "init", "--board", "daily"], environment: home.environment)
        #expect(written.status == 0, "\(written.stderr)")
        let check = try runTiles(["check"], environment: home.environment)
        #expect(check.stdout == "\(home.defaultFile.path): ok — 2 pages, 8 tiles (clock, weather, calendar, todo, disks, links, feed, hackernews)\n", "\(check.stderr)")
        let wrong = try runTiles(["config", "init", "--board", "weekly", "--force"], environment: home.environment)
        #expect(wrong.status != 0 && wrong.stderr.contains("seed") && wrong.stderr.contains("daily"), "\(wrong.stderr)")
    }

    @Test func testRenderIgnoresABrokenConfig() throws {
        let home = ConfigHome()
        try FileManager.default.createDirectory(at: home.defaultFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[theme\n".write(to: home.defaultFile, atomically: true, encoding: .utf8)
        let result = try runTiles(
            ["render", "--widget", "countdown", "--family", "small", "--offline", "--at", "2024-05-01T09:00:00+08:00"],
            environment: home.environment)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count >= 10)
    }

    @Test func testHelpDescribesEachNewSubcommandWithAnExample() throws {
        for command in [["check"], ["config"], ["config", "init"], ["store"], ["store", "set"]] {
            let result = try runTiles(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Example"), "tiles \(command.joined(separator: " ")) --help")
        }
    }

    @Test func testHelpWrapsProseOnlyWhereTheLineIsFull() throws {
        // Help prose is wrapped to lines of at most 79 columns: a line that ends while the next
        // line's first word would still have fitted is a hard line break in mid-sentence.
        for command in [["reload"], ["store"], ["config"], ["config", "set"], ["check"], ["render"], ["list"]] {
            let lines = try runTiles(command + ["--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) {
                guard let first = line.first, first != " ", !line.hasSuffix(":"), !line.hasPrefix("USAGE:"),
                      let word = next.split(separator: " ").first, next.first != " "
                else { continue }
                #expect(line.count + 1 + word.count >= 80, "tiles \(command.joined(separator: " ")) --help breaks early: \(line)")
            }
        }
    }
}
