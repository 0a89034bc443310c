import Foundation
import Testing
@testable import TileExtensions
import TileKit
import TileUI

/// Widgets from real programs, through the real scheduler on an injected clock: what they draw,
/// how their timelines switch, and that every kind of failure leaves the last good entries on the
/// tile, marked stale with the reason, and no process behind.
@Suite(.serialized) struct ExtensionWidgetTests {
    let fixtures: ProgramFixtures
    let host = ExtensionHost()
    let start = TimelineResponse.parseDate("2026-11-24T08:00:00Z")!

    init() throws {
        fixtures = try ProgramFixtures()
    }

    /// `path` run by its interpreter. Executing a file this process has just written can fail
    /// with ETXTBSY when another test forks while the file is still open for writing.
    func command(_ path: String) -> [String] {
        path.hasSuffix(".py") ? ["python3", path] : ["/bin/sh", path]
    }

    /// A board of one tile showing `declaration`, on a manual clock.
    func board(
        _ declaration: WidgetDeclaration, family: WidgetFamily = .systemMedium, parameters: [String: ParameterValue] = [:],
        center: WidgetCenter = WidgetCenter()
    ) -> (scheduler: TimelineScheduler, clock: ManualClock, widget: WidgetDescriptor) {
        let clock = ManualClock(start)
        let widget = ExtensionWidget.descriptor(for: declaration, host: host)
        let scheduler = TimelineScheduler(clock: clock, center: center)
        scheduler.add(WidgetInstance(id: "t", widget: widget, family: family, parameters: (try? widget.resolveParameters(parameters)) ?? [:]))
        return (scheduler, clock, widget)
    }

    /// Runs due provider calls to completion.
    func settle(_ scheduler: TimelineScheduler) async {
        scheduler.processDue()
        await scheduler.waitForProviders()
        scheduler.processDue()
    }

    func text(_ scheduler: TimelineScheduler, _ widget: WidgetDescriptor, scheme: ColorScheme = .light) -> String {
        guard let (entry, _) = scheduler.currentEntry(for: "t"), let instance = scheduler.instance("t") else { return "" }
        var environment = EnvironmentValues.standard
        environment.colorScheme = scheme
        // Words joined by single spaces: a narrow tile wraps a line anywhere between them.
        let grid = widget.render(entry, family: instance.family, environment: environment).grid.text
        return grid.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: Text widgets

    @Test func testATextWidgetKeepsSGRColoursAndNothingElseReachesTheGrid() async throws {
        let program = try fixtures.script("hostile.sh", """
            #!/bin/sh
            printf 'ok \\033[31mred\\033[0m\\n'
            printf '\\033]52;c;cHduZWQ=\\007copied\\033[2J\\n'
            printf '\\302\\2332Jc1 \\342\\200\\256evil\\n'
            """)
        let (scheduler, _, widget) = board(WidgetDeclaration(kind: "t", command: command(program), format: .text))
        await settle(scheduler)
        let (entry, _) = try #require(scheduler.currentEntry(for: "t"))
        let grid = widget.render(entry, family: .systemMedium).grid
        let lines = grid.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.prefix(3) == ["ok red", "copied", "c1 evil"])
        #expect(grid[3, 0].character == "r")
        let red = try #require(grid[3, 0].foreground)
        #expect(red.red > red.green && red.red > red.blue)
        #expect(grid[0, 0].foreground != red)
        let ansi = ANSIRenderer(colorMode: .trueColor).render(grid)
        for forbidden in ["\u{1B}]52", "\u{1B}[2J", "\u{9B}", "\u{202E}", "\u{07}"] {
            #expect(!ansi.contains(forbidden), "\(forbidden.unicodeScalars.map { String($0.value, radix: 16) }) reached the output")
        }
        #expect(scheduler.status(for: "t")?.isStale == false)
    }

    @Test func testATextWidgetIsAskedAgainAfterItsRefresh() async throws {
        let program = try fixtures.script("count.sh", """
            #!/bin/sh
            n=$(cat \(fixtures.path("n")) 2>/dev/null || echo 0); n=$((n + 1)); echo $n > \(fixtures.path("n")); echo "run $n"
            """)
        let (scheduler, clock, widget) = board(WidgetDeclaration(kind: "t", command: command(program), format: .text, refresh: 60))
        await settle(scheduler)
        #expect(text(scheduler, widget).hasPrefix("run 1"))
        clock.advance(by: 59)
        await settle(scheduler)
        #expect(text(scheduler, widget).hasPrefix("run 1"))
        clock.advance(by: 1)
        await settle(scheduler)
        #expect(text(scheduler, widget).hasPrefix("run 2"))
    }

    // MARK: Timelines

    /// A program printing three entries a minute apart, and the policy given.
    func threeEntries(policy: String) throws -> String {
        try fixtures.script("three-\(policy.filter(\.isLetter)).sh", """
            #!/bin/sh
            cat > \(fixtures.path("request-\(policy.filter(\.isLetter))"))
            n=$(cat \(fixtures.path("runs")) 2>/dev/null || echo 0); n=$((n + 1)); echo $n > \(fixtures.path("runs"))
            cat <<JSON
            {"entries": [{"date": "2026-11-24T08:00:00Z", "view": {"Text": "first $n"}},
                         {"date": "2026-11-24T08:01:00Z", "view": {"Text": "second $n"}},
                         {"date": "2026-11-24T08:02:00Z", "view": {"Text": "third $n"}}],
             "policy": \(policy)}
            JSON
            """)
    }

    @Test(arguments: [#""atEnd""#, #""never""#, #"{"after": "2026-11-24T08:10:00Z"}"#])
    func testThreeEntriesSwitchAtTheirDatesUnderEachPolicy(policy: String) async throws {
        try? FileManager.default.removeItem(atPath: fixtures.path("runs"))
        let (scheduler, clock, widget) = board(WidgetDeclaration(kind: "t", command: command(try threeEntries(policy: policy))))
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("first 1"))
        clock.advance(by: 60)
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("second 1"))
        clock.advance(by: 60)
        await settle(scheduler)
        // atEnd asks again when the last entry begins.
        #expect(text(scheduler, widget).contains(policy == #""atEnd""# ? "third 2" : "third 1"))
        clock.advance(by: 8 * 60)
        await settle(scheduler)
        let runs = fixtures.read("runs").trimmingCharacters(in: .whitespacesAndNewlines)
        switch policy {
        case #""never""#: #expect(runs == "1")
        // Its entries then all lie in the past, so atEnd asks again as soon as the budget's
        // five minutes allow: at 08:07.
        case #""atEnd""#: #expect(runs == "3")
        default: #expect(runs == "2")  // asked again at 08:10
        }
    }

    @Test func testEachFamilyGetsItsOwnRequestAndLayout() async throws {
        let program = try fixtures.script("family.py", """
            #!/usr/bin/env python3
            import json, sys
            request = json.load(sys.stdin)
            print(json.dumps({"entries": [{"view": {"Text": request["family"] + " " + str(request["width"]) + "x" + str(request["height"]) + " " + request["reason"] + " " + request["colorScheme"]}}], "policy": "never"}))
            """)
        let (scheduler, _, widget) = board(WidgetDeclaration(kind: "t", command: command(program)), family: .systemSmall)
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("systemSmall 20x10 scheduled light"))
        scheduler.setFamily(.systemLarge, for: "t")
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("systemLarge 42x22 configuration light"))
        scheduler.setColorScheme(.dark)
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("systemLarge 42x22 configuration dark"))
        scheduler.reload(id: "t")
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("explicit"))
    }

    @Test func testParametersReachTheProgramInJSONAndInItsEnvironment() async throws {
        let program = try fixtures.script("params.sh", """
            #!/bin/sh
            request=$(cat)
            case "$request" in *'"host":"box"'*) seen=json ;; *) seen=missing ;; esac
            printf '{"entries": [{"view": {"Text": "%s %s %s"}}], "policy": "never"}' "$seen" "$TILES_PARAM_HOST" "$TILES_PARAM_COUNT"
            """)
        var declaration = WidgetDeclaration(kind: "t", command: command(program))
        declaration.parameters = [
            try ParameterSpec(name: "host", type: "string", defaultValue: .string("localhost")).description(),
            try ParameterSpec(name: "count", type: "integer", defaultValue: .integer(1)).description(),
        ]
        let (scheduler, _, widget) = board(declaration, parameters: ["host": .string("box")])
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("json box 1"))
        scheduler.setParameters(["host": .string("other"), "count": .integer(7)], for: "t")
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("missing other 7"))
    }

    // MARK: Failures

    /// A program that answers well on its first run and then as `failure` does.
    func failing(_ name: String, _ failure: String, timeout: TimeInterval = 10) throws -> WidgetDeclaration {
        let flag = fixtures.path("\(name).ran")
        let program = try fixtures.script("\(name).sh", """
            #!/bin/sh
            if [ ! -e \(flag) ]; then
              touch \(flag)
              echo '{"entries": [{"view": {"Text": "good"}}], "policy": "never"}'
              exit 0
            fi
            \(failure)
            """)
        return WidgetDeclaration(kind: "t", command: command(program), timeout: timeout)
    }

    @Test(arguments: [
        ("sleeps", "sleep 613.25 & sleep 613.5", "timed out after 1 s"),
        ("segfaults", "kill -SEGV $$", "killed by SIGSEGV"),
        ("exits", "echo 'first line' >&2; echo 'the service said no' >&2; exit 1", "exit 1: the service said no"),
        ("floods", "head -c 10485760 /dev/zero | tr '\\\\0' x", "output over 1 MiB"),
        ("garbles", "echo '{\"entries\": [}'", "invalid JSON"),
        ("unknown", "echo '{\"entries\": [{\"view\": {\"VStack\": [{\"Text\": \"a\"}, {\"Blink\": 1}]}}]}'", "entries[0].view.VStack[1]"),
    ])
    func testAFailingRunKeepsTheLastGoodEntriesMarkedStaleWithTheReason(name: String, failure: String, reason: String) async throws {
        let (scheduler, _, widget) = board(try failing(name, failure, timeout: 1))
        await settle(scheduler)
        #expect(text(scheduler, widget).contains("good"))
        scheduler.reload(id: "t")
        await settle(scheduler)
        let status = try #require(scheduler.status(for: "t"))
        #expect(status.isStale)
        #expect(status.reason?.contains(reason) == true, "reason: \(status.reason ?? "none")")
        #expect(text(scheduler, widget).contains("good"))
        let left = processes(mentioning: fixtures.directory.path) + processes(mentioning: "sleep 613.")
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// Live processes whose command line mentions `text` (other suites run programs at the same
    /// time, so this looks for this test's own programs, not for any child).
    func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard let pid = Int32(entry), pid != getpid(), ProgramFixtures.isAlive(pid),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    // MARK: Streaming

    @Test func testAStreamingProgramIsKeptAndEachLineIsANewTimeline() async throws {
        let program = try fixtures.script("stream.py", """
            #!/usr/bin/env python3
            import json, os, sys
            count = 0
            for line in sys.stdin:
                request = json.loads(line)
                count += 1
                for n in range(2):
                    print(json.dumps({"entries": [{"view": {"Text": f"{request['family']} update {count}.{n} env {os.environ['TILES_FAMILY']}"}}]}), flush=True)
            """)
        var declaration = WidgetDeclaration(kind: "stream-\(UUID().uuidString.prefix(8))", command: command(program))
        declaration.listen = true
        // Streams ask boards to reload through the process's WidgetCenter.
        let (scheduler, _, widget) = board(declaration, family: .systemSmall, center: .shared)
        defer { host.stopAll() }
        await settle(scheduler)
        // The program answers the first request with two lines; the second arrives as an update.
        // A board does not wait for the program: its first line reloads the tile.
        #expect(scheduler.currentEntry(for: "t")?.isPlaceholder == true)
        #expect(await ProgramFixtures.eventually {
            scheduler.processDue()
            // The program got the first request's facts in its environment too.
            let shown = text(scheduler, widget)
            return shown.contains("systemSmall update 1.") && shown.contains("env systemSmall")
        })
        scheduler.setFamily(.systemMedium, for: "t")
        await settle(scheduler)
        let updated = await ProgramFixtures.eventually {
            scheduler.processDue()
            return text(scheduler, widget).contains("systemMedium update 2.")
        }
        #expect(updated)
        #expect(processes(mentioning: program).count == 1, "one kept program: \(processes(mentioning: program))")
    }

    @Test func aStreamingProgramGetsAPressAsALineAndItsNextLineSettlesIt() async throws {
        let program = try fixtures.script("lamp-stream.py", """
            #!/usr/bin/env python3
            import json, sys
            on = False
            for line in sys.stdin:
                request = json.loads(line)
                if request.get("request") == "action":
                    on = request["isOn"]
                print(json.dumps({"entries": [{"view": {"Toggle": {"action": "power", "isOn": on, "label": {"Text": "lamp"}}}}]}), flush=True)
            """)
        var declaration = WidgetDeclaration(kind: "lamp-\(UUID().uuidString.prefix(8))", command: command(program))
        declaration.listen = true
        let (scheduler, _, widget) = board(declaration, family: .systemSmall, center: .shared)
        defer { host.stopAll() }
        await settle(scheduler)
        #expect(await ProgramFixtures.eventually {
            scheduler.processDue()
            return text(scheduler, widget).contains("[ ] lamp")
        })
        let press = WidgetAction(name: "power", isOn: true)
        try scheduler.perform(press, for: "t").get()
        await settle(scheduler)
        // Sent, and pending until the program's next line, which finishes the press.
        var finished: [String?] = []
        #expect(await ProgramFixtures.eventually {
            scheduler.processDue()
            finished += scheduler.takeFinishedActions().map(\.failure)
            return text(scheduler, widget).contains("[✓] lamp") && scheduler.pendingActions(for: "t").isEmpty
        })
        #expect(finished == [nil], "finished once, when its answer came")
        #expect(processes(mentioning: program).count == 1, "the kept program, not a run of its own")
    }
}

extension ExtensionWidgetTests {
    @Test func aStreamingProgramThatNeverAnswersAPressFailsItAtItsDeadline() async throws {
        // Answers the first request, then reads presses and says nothing.
        let program = try fixtures.script("deaf-lamp.py", """
            #!/usr/bin/env python3
            import json, sys
            print(json.dumps({"entries": [{"view": {"Toggle": {"action": "power", "isOn": False, "label": {"Text": "lamp"}}}}]}), flush=True)
            for line in sys.stdin:
                pass
            """)
        var declaration = WidgetDeclaration(kind: "deaf-\(UUID().uuidString.prefix(8))", command: command(program))
        declaration.listen = true
        let (scheduler, clock, widget) = board(declaration, family: .systemSmall, center: .shared)
        defer { host.stopAll() }
        await settle(scheduler)
        #expect(await ProgramFixtures.eventually {
            scheduler.processDue()
            return text(scheduler, widget).contains("[ ] lamp")
        })
        try scheduler.perform(WidgetAction(name: "power", isOn: true), for: "t").get()
        await settle(scheduler)
        #expect(scheduler.takeFinishedActions().isEmpty, "sent, not finished")
        #expect(!scheduler.pendingActions(for: "t").isEmpty, "shown as pressed while the answer may come")
        let deadline = try #require(scheduler.nextWakeDate(), "the board wakes for the deadline")

        clock.set(to: deadline)
        scheduler.processDue()
        let failures = scheduler.takeFinishedActions().map(\.failure)
        #expect(failures.count == 1 && failures[0]?.hasPrefix("power: the program sent no update in answer (timed out after") == true, "\(failures)")
        #expect(scheduler.pendingActions(for: "t").isEmpty, "the pressed look goes")
        #expect(scheduler.status(for: "t")?.isStale == true, "stale, with the reason")
    }
}

/// Two boards of one user run a widget's program once per refresh.
@Suite struct SharedRunTests {
    @Test func twoBoardsAskingTogetherRunTheProgramOnceAndShowTheSameAnswer() async throws {
        let fixtures = try ProgramFixtures()
        let runs = fixtures.directory.appendingPathComponent("runs")
        let counter = fixtures.path("count")
        let program = try fixtures.script("slow.sh", """
            #!/bin/sh
            n=$(cat \(counter) 2>/dev/null || echo 0); n=$((n + 1)); echo $n > \(counter)
            sleep 0.5
            echo "run $n"
            """)
        let declaration = WidgetDeclaration(kind: "slow", command: ["/bin/sh", program], format: .text)
        let boards = [ExtensionHost(runsDirectory: runs), ExtensionHost(runsDirectory: runs)]
        let now = Date()
        // `tiles reload` reaches both boards with the moment it was sent.
        let context = TimelineContext(family: .systemSmall, now: now, reason: .user, freshSince: now)
        async let first = boards[0].timeline(declaration, context: context, parameters: [:])
        async let second = boards[1].timeline(declaration, context: context, parameters: [:])
        let answers = try await [first, second].map { $0.entries.first?.content }
        #expect(answers[0] == .text("run 1\n") && answers[1] == .text("run 1\n"))
        #expect(fixtures.read("count").trimmingCharacters(in: .whitespacesAndNewlines) == "1")

        // A later explicit reload is not answered by the earlier run.
        let later = TimelineContext(family: .systemSmall, now: now + 1, reason: .user, freshSince: now + 1)
        let again = try await boards[1].timeline(declaration, context: later, parameters: [:])
        #expect(again.entries.first?.content == .text("run 2\n"))
        // A scheduled call within the freshness window takes the last run's answer.
        let scheduled = TimelineContext(family: .systemSmall, now: now + 2, reason: .policy)
        let shared = try await boards[0].timeline(declaration, context: scheduled, parameters: [:])
        #expect(shared.entries.first?.content == .text("run 2\n"))
        #expect(fixtures.read("count").trimmingCharacters(in: .whitespacesAndNewlines) == "2")
    }
}
