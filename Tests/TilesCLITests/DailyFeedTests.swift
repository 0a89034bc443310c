import Foundation
import Testing

/// The feed, Hacker News, agenda and GitHub widgets against a real HTTPS server on 127.0.0.1 (a test
/// authority's certificate) serving recorded feeds, calendars and API answers, through the
/// built `tiles` and its `tiles-parse`; and the documents that must not hurt: a billion laughs,
/// 50 MB, a rule that repeats forever, escape sequences in every text.
@Suite(.serialized) struct DailyFeedTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/TileWidgetsTests/Fixtures/daily")

    /// The server, its request log, and an environment that trusts it.
    struct Server {
        let server: NetworkFailureTests.TLSServer
        let log: URL
        let home = ExtensionHome()

        init() throws {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("daily-\(UUID().uuidString).log")
            server = try NetworkFailureTests.TLSServer(certificate: "server.pem", key: "server.key", script: "daily.py",
                                                      arguments: [DailyFeedTests.fixtures.path, log.path])
        }

        func url(_ path: String) -> String { "https://localhost:\(server.port)/\(path)" }

        var environment: [String: String] {
            var environment = home.environment
            environment["SSL_CERT_FILE"] = NetworkFailureTests.certificates.appendingPathComponent("ca.pem").path
            environment["TILES_HACKER_NEWS_URL"] = url("hn")
            environment["TILES_GITHUB_API_URL"] = url("gh")
            return environment
        }

        var requests: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

        func render(_ kind: String, _ family: String, _ parameters: [String], at: String = "2026-11-25T10:00:00Z") throws -> (status: Int32, stdout: String, stderr: String) {
            try runTiles(["render", "--widget", kind, "--family", family, "--at", at] + parameters.flatMap { ["--param", $0] }, environment: environment)
        }

        func stop() { server.stop() }
    }

    @Test func rssAtomRdfAndJSONFeedsAreMergedNewestFirst() throws {
        let server = try Server()
        defer { server.stop() }
        let feeds = ["blog.rss", "releases.atom", "swift.json", "planet.rdf"].map(server.url).joined(separator: ",")
        let result = try server.render("feed", "large", ["feeds=\(feeds)"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        func row(_ title: String) -> Int? { rows.firstIndex { $0.contains(title) } }
        #expect(rows.first?.contains("News 7 unread") == true, "\(result.stdout)")
        // 25 Nov 08:00Z, 25 Nov 05:00Z (JSON Feed, -08:00), 24 Nov 10:15Z, 23 Nov 22:30Z (-0500), 22 Nov, 20 Nov, 2 Nov.
        let order = ["Box drawing – a", "Typed throws in", "v0.9.0", "Wide characters &",
                     "Debian point release", "Embedded Swift on", "v0.8.2"].map(row)
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "newest first: \(result.stdout)")
        #expect(rows[row("Box drawing")!].hasSuffix("2h "), "\(rows[row("Box drawing")!])")
        #expect(rows[row("v0.8.2")!].contains("3w"))
        let wide = try server.render("feed", "extraLarge", ["feeds=\(feeds)"])
        #expect(wide.stdout.contains("Terminal Notes") && wide.stdout.contains("Release notes from tiles") && wide.stdout.contains("Planet Example"),
                "the extra-large tile names each item's feed: \(wide.stdout)")
        #expect(Set(server.requests) == ["/blog.rss 200", "/releases.atom 200", "/swift.json 200", "/planet.rdf 200"], "one fetch per feed: \(server.requests)")
    }

    @Test func aFeedTheHelperCannotReadSaysWhyAndTheOthersStay() throws {
        let server = try Server()
        defer { server.stop() }
        let laughs = try server.render("feed", "medium", ["feeds=\(server.url("laughs.xml"))"])
        #expect(laughs.stdout.contains("⚠") && laughs.stderr.contains("entity reference loop"), "a billion laughs is refused by libxml2: \(laughs.stderr)")
        let malformed = try server.render("feed", "medium", ["feeds=\(server.url("malformed.rss"))"])
        #expect(malformed.stderr.contains("not well-formed XML: line 3"), "\(malformed.stderr)")
        let started = Date()
        let huge = try server.render("feed", "medium", ["feeds=\(server.url("huge.xml"))"])
        #expect(huge.stderr.contains("response too large"), "a 50 MB feed stops at the limit: \(huge.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
        let mixed = try server.render("feed", "large", ["feeds=\(server.url("blog.rss")),\(server.url("malformed.rss"))"])
        #expect(mixed.stdout.contains("Box drawing") && mixed.stdout.contains("⚠ localhost: not well-formed XML"), "\(mixed.stdout)")
        let notAFeed = try server.render("feed", "medium", ["feeds=\(server.url("hn/v0/item/8863.json"))"])
        #expect(notAFeed.stderr.contains("JSON Feed response has no field 'items'"), "\(notAFeed.stderr)")
    }

    @Test func escapeSequencesAndScriptLinksFromAFeedNeverReachTheTerminal() throws {
        let server = try Server()
        defer { server.stop() }
        // XML cannot carry ESC at all, so a feed with one is refused; C1 controls (U+009B, CSI)
        // and bidi overrides it can carry, and JSON carries anything.
        let raw = try server.render("feed", "medium", ["feeds=\(server.url("raw-escape.rss"))"])
        #expect(raw.stderr.contains("not well-formed XML: line 3, column 14: PCDATA invalid Char value 27"), "\(raw.stderr)")
        for feed in ["hostile.rss", "hostile.json"] {
            for format in ["text", "ansi"] {
                let result = try runTiles(["render", "--widget", "feed", "--family", "extraLarge", "--format", format, "--at", "2026-11-25T10:00:00Z",
                                           "--param", "feeds=\(server.url(feed))"], environment: server.environment)
                #expect(result.status == 0, "\(result.stderr)")
                let text = result.stdout.replacing(/\u{1B}\[[0-9;]*m|\u{1B}\]8;;[^\u{1B}]*\u{1B}\\/, with: "")
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                        "\(feed), \(format): \(result.stdout.debugDescription)")
                #expect(text.contains(feed.hasSuffix("json") ? "Wiped text" : "Cleared red"), "the text stays, its controls do not: \(text)")
                #expect(!result.stdout.contains("javascript:") && !result.stdout.contains("file:///etc"), "only http(s) links open")
            }
        }
    }

    @Test func hackerNewsShowsStoriesWithScoresAndComments() throws {
        let server = try Server()
        defer { server.stop() }
        let result = try server.render("hackernews", "large", [])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first?.contains("Hacker News · top") == true)
        let dropbox = rows.first { $0.contains("My YC app: Dropbox") } ?? ""
        #expect(dropbox.contains("▲111") && dropbox.contains("71c"), "\(dropbox)")
        #expect(rows.contains { $0.contains("Ask HN: The Arc Effect") && $0.contains("▲25") && $0.contains("16c") })
        #expect(rows.contains { $0.contains("Justin.tv is looking") && $0.contains("0c") }, "a job has no comments")
        #expect(!result.stdout.contains("\u{1B}") && rows.contains { $0.contains("Show HN: clear") }, "\(result.stdout)")
        #expect(rows.firstIndex { $0.contains("My YC app") }! < rows.firstIndex { $0.contains("A home screen for") }!, "the list's order")
        #expect(server.requests.filter { $0.hasPrefix("/hn/v0/item/") }.count == 6, "each story once: \(server.requests)")
        let ansi = try runTiles(["render", "--widget", "hackernews", "--family", "medium", "--format", "ansi"], environment: server.environment)
        #expect(ansi.stdout.contains("http://www.getdropbox.com/u/2/screencast.html") && ansi.stdout.contains("https://news.ycombinator.com/item?id=8863"),
                "the title opens the story, the count its discussion")
        #expect(ansi.stdout.contains("https://news.ycombinator.com/item?id=121003"), "an Ask HN opens its discussion")
    }

    @Test func gitHubShowsReviewsPullRequestsWithChecksNotificationsAndReleases() throws {
        let server = try Server()
        defer { server.stop() }
        var environment = server.environment
        environment["GITHUB_TOKEN"] = "gh-token"
        let result = try runTiles(["render", "--widget", "github", "--family", "large", "--at", "2026-11-25T10:00:00Z",
                                   "--param", "releases=swiftlang/swift, example/tiles"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        func row(_ start: String) -> String { rows.first { $0.hasPrefix(start) } ?? "" }
        #expect(row("To review") == "To review 3" && row("Agenda: alerts before").hasSuffix("tiles#412"), "\(result.stdout)")
        #expect(row("Landing page: screenshots").hasSuffix("site#40"), "no escape survives: \(result.stdout.debugDescription)")
        #expect(row("Yours") == "Yours 2" && row("✓ Feed: mark read on open").hasSuffix("tiles#409") && row("✗ Bench: the daily board").hasSuffix("tiles#405"),
                "passing and failing checks: \(result.stdout)")
        #expect(row("Unread") == "Unread 2" && row("Crash on resize").hasSuffix("example/tiles") && !result.stdout.contains("Already read"))
        #expect(row("swiftlang/swi").contains("swift-6.3.1-RELEASE") && row("swiftlang/swi").hasSuffix("13d"), "\(result.stdout)")
        #expect(row("example/tiles").contains("no release"), "a repository without releases says so")
        #expect(!server.requests.contains { $0.hasSuffix(" 401") })
        let links = try runTiles(["render", "--widget", "github", "--family", "large", "--format", "ansi", "--param", "releases=swiftlang/swift"], environment: environment)
        #expect(links.stdout.contains("https://github.com/example/tiles/pull/412") && links.stdout.contains("https://github.com/example/tiles/issues/398")
                && links.stdout.contains("https://github.com/swiftlang/swift/releases/tag/swift-6.3.1-RELEASE"), "each row opens its page")
        // Without a token only the releases can be read, and the tile says what is missing.
        let anonymous = try server.render("github", "large", ["releases=swiftlang/swift"])
        #expect(anonymous.stdout.contains("set GITHUB_TOKEN or [github]") && anonymous.stdout.contains("swift-6.3.1-RELEASE"), "\(anonymous.stdout)")
        environment["GITHUB_TOKEN"] = "wrong"
        let rejected = try runTiles(["render", "--widget", "github", "--family", "medium"], environment: environment)
        #expect(rejected.stderr.contains("GitHub rejected the token (401)") && !rejected.stderr.contains("wrong"), "\(rejected.stderr)")
    }

    @Test func theAgendaExpandsRecurringAllDayAndMovedEventsAcrossTheDSTChange() throws {
        let server = try Server()
        defer { server.stop() }
        // Monday 26 October 2026, the day after Berlin left summer time, at 09:18 CET (--at's
        // offset is the board's zone).
        let environment = server.environment
        let result = try runTiles(["render", "--widget", "agenda", "--family", "large", "--at", "2026-10-26T09:18:00+01:00",
                                   "--param", "calendars=\(server.url("work.ics"))", "--param", "days=3"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        #expect(rows.first == "Mon 26 Oct", "\(result.stdout)")
        #expect(rows.contains { $0.hasPrefix("▌ all day Team holiday") })
        #expect(rows.contains { $0.hasPrefix("in 12 min Standup") && $0.hasSuffix("Room 1") }, "09:30 CET, after the change: \(result.stdout)")
        #expect(rows.contains { $0.hasPrefix("16:00 Design review") }, "15:00Z is 16:00 CET")
        #expect(rows.contains { $0.hasPrefix("18:00 Yoga") }, "a floating time is the board's")
        #expect(!result.stdout.contains("Cancelled lunch"))
        let tuesday = rows.firstIndex(of: "Tomorrow")!, wednesday = rows.firstIndex(of: "Wed 28 Oct")!
        #expect(rows[tuesday + 1] == "No events" && rows[wednesday + 1] == "No events", "\(result.stdout)")
        // A week on: Thursday's standup is an exception date, Monday's was moved to 11:00.
        let later = try runTiles(["render", "--widget", "agenda", "--family", "large", "--at", "2026-10-29T08:00:00+01:00",
                                  "--param", "calendars=\(server.url("work.ics"))", "--param", "days=5"], environment: environment)
        let laterRows = later.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        #expect(laterRows[1] == "No events", "no standup on the 29th: \(later.stdout)")
        #expect(laterRows.contains { $0.hasPrefix("11:00 Standup (moved)") && $0.hasSuffix("Room 2") }, "\(later.stdout)")
        #expect(!laterRows.contains { $0.hasPrefix("09:30 Standup") && laterRows.firstIndex(of: $0)! > laterRows.firstIndex(of: "Mon 2 Nov")! })
    }

    @Test func aRuleThatRepeatsForeverEndsWithANoteAndTheRestIsShown() throws {
        let server = try Server()
        defer { server.stop() }
        var environment = server.environment
        environment["TZ"] = "UTC"
        let started = Date()
        let result = try runTiles(["render", "--widget", "agenda", "--family", "large", "--at", "2026-10-26T08:00:00Z",
                                   "--param", "calendars=\(server.url("forever.ics"))"], environment: environment)
        #expect(Date().timeIntervalSince(started) < 15, "bounded time")
        #expect(result.status == 0 && result.stdout.contains("Still shown"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("⚠ localhost: event 'Every second since") && result.stdout.contains("⚠ localhost: event 'February 30th'"), "the tile says why: \(result.stdout)")
        let hostile = try runTiles(["render", "--widget", "agenda", "--family", "large", "--at", "2026-10-26T08:00:00Z",
                                    "--param", "calendars=\(server.url("hostile.ics"))"], environment: environment)
        #expect(!hostile.stdout.contains("\u{1B}") && hostile.stdout.contains("Evil meeting") && hostile.stdout.contains("Red room"), "\(hostile.stdout)")
        let broken = try runTiles(["render", "--widget", "agenda", "--family", "medium", "--param", "calendars=\(server.url("broken.ics"))"], environment: environment)
        #expect(broken.stderr.contains("not an iCalendar file"), "\(broken.stderr)")
        let file = try runTiles(["render", "--widget", "agenda", "--family", "medium", "--at", "2026-10-26T08:00:00Z",
                                 "--param", "calendars=\(DailyFeedTests.fixtures.appendingPathComponent("work.ics").path)"], environment: environment)
        #expect(file.stdout.contains("Standup"), "a file is read as a URL is: \(file.stdout)")
        let missing = try runTiles(["render", "--widget", "agenda", "--family", "medium", "--param", "calendars=/nonexistent/cal.ics"], environment: environment)
        #expect(missing.stderr.contains("cannot read /nonexistent/cal.ics: No such file or directory"), "\(missing.stderr)")
    }
}
