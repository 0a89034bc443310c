import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The repository's root, for the programs in `examples/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A config file declaring the example widgets, in its own temporary home.
struct ExtensionHome {
    let home = try! DashboardHome()
    var environment: [String: String] { home.environment(serviceURL: "http://127.0.0.1:9") }
    var file: URL { home.root.appendingPathComponent("config/tiles/config.toml") }

    static func example(_ path: String) -> String { repositoryRoot.appendingPathComponent("examples/\(path)").path }

    /// The four script examples, declared as the docs declare them.
    static let examples = """
        [[widget]]
        kind = "disk"
        command = ["\(example("disk-usage/disk-usage.sh"))"]
        format = "text"
        refresh = "5m"

        [[widget]]
        kind = "py-calendar"
        command = ["python3", "\(example("calendar/calendar_widget.py"))"]

        [[widget.parameter]]
        name = "weekStart"
        type = "choice"
        choices = ["monday", "sunday"]

        [[widget]]
        kind = "pomodoro"
        command = ["\(example("pomodoro/pomodoro.py"))"]
        families = ["small", "medium", "inline"]

        [[widget.parameter]]
        name = "focus"
        type = "integer"
        default = 25
        min = 5
        max = 29

        [[widget]]
        kind = "load"
        command = ["\(example("load-stream/load_stream.py"))"]
        listen = true
        families = ["small", "medium", "inline"]

        [[widget]]
        kind = "checklist"
        command = ["\(example("checklist/checklist.py"))"]

        [[widget.parameter]]
        name = "items"
        type = "string"
        default = "water the plants,take out the trash,call mum"

        [[widget.parameter]]
        name = "file"
        type = "string"

        """

    /// Writes `text` as the default config file (mode 600 unless `mode` says otherwise).
    func write(_ text: String, mode: mode_t = 0o600) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, mode)
    }

    func tiles(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runTiles(arguments, environment: environment)
    }
}

@Suite struct ExtensionCommandTests {
    @Test(arguments: [
        ("disk", "small", "Disk usage"), ("disk", "medium", "Disk usage"), ("disk", "inline", "Disk usage"),
        ("py-calendar", "small", "TUESDAY"), ("py-calendar", "medium", "Tuesday"), ("py-calendar", "large", "November 2026"),
        ("py-calendar", "inline", "Tue 24 Nov"),
        ("pomodoro", "small", "Focus · 1 of 4"), ("pomodoro", "medium", "Focus · 1 of 4"), ("pomodoro", "inline", "Focus 1/4"),
        ("load", "small", "Load"), ("load", "medium", "1 min"), ("load", "inline", "load "),
        ("checklist", "medium", "[ ] take out the trash"), ("checklist", "inline", "Chores 0/3"),
    ])
    func testEveryScriptExampleRendersInItsFamiliesOffline(kind: String, family: String, expected: String) throws {
        let home = ExtensionHome()
        try home.write(ExtensionHome.examples)
        let result = try home.tiles(["render", "--widget", kind, "--family", family, "--at", "2026-11-24T10:07:00+08:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let size = ["small": (20, 10), "medium": (42, 10), "large": (42, 22), "inline": (29, 1)][family]!
        #expect(lines.count == size.1)
    }

    @Test func testTheChecklistRendersBothStatesOfItsTogglesFromItsFile() throws {
        let home = ExtensionHome()
        try home.write(ExtensionHome.examples)
        let file = home.home.root.appendingPathComponent("ticked.json")
        try #"["call mum"]"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try home.tiles(["render", "--widget", "checklist", "--family", "medium", "--param", "file=\(file.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("[ ] water the plants"))
        #expect(result.stdout.contains("[✓] call mum"))
        #expect(result.stdout.contains("Chores 1/3"))
    }

    @Test func testListAndCheckKnowTheDeclaredWidgets() throws {
        let home = ExtensionHome()
        try home.write(ExtensionHome.examples + """
            [[page]]
            [[page.tile]]
            widget = "py-calendar"
            family = "large"
            parameters = { weekStart = "sunday" }
            [[page.tile]]
            widget = "qqsync"
            """)
        let check = try home.tiles(["check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("2 tiles (py-calendar, qqsync)"))
        let list = try home.tiles(["list"])
        #expect(list.stdout.contains("pomodoro — pomodoro\n  Served by `pomodoro.py`.\n  families: small, medium, inline\n  --param focus=…  focus (integer 5…29) default: 25\n"))
        #expect(list.stdout.contains("--param weekStart=…  weekStart (enum) default: monday\n      choices: monday, sunday\n"))
    }

    @Test func testAConfigOtherUsersCanWriteRunsNoCommand() throws {
        let home = ExtensionHome()
        let marker = home.home.root.appendingPathComponent("ran").path
        try home.write("""
            [[widget]]
            kind = "touch"
            command = ["/usr/bin/touch", "\(marker)"]
            format = "text"
            """, mode: 0o664)
        for arguments in [["check"], ["render", "--widget", "touch"], ["list"]] {
            let result = try home.tiles(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("config.toml:1:3: widget: the file '\(home.file.path)' can be written by other users (mode 664); widget commands are not run (run chmod go-w '\(home.file.path)')"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test(arguments: [
        ("kind = \"x\"\ncommand = \"ls\"", "3:1: widget[1].command: expected the program and its arguments as a list of strings"),
        ("kind = \"qqsync\"\ncommand = [\"ls\"]", "2:1: widget[1].kind: 'qqsync' is a built-in widget; give yours another kind"),
        ("kind = \"x\"\ncommand = [\"ls\"]\nrefresh = \"often\"", "4:1: widget[1].refresh: expected a duration like \"30s\", \"5m\" or \"2h\", found \"often\""),
        ("kind = \"x\"\ncommand = [\"ls\"]\ncolour = 1", "4:1: unknown key 'colour' in [widget[1]]"),
        ("command = [\"ls\"]", "1:1: widget[1]: missing key 'kind'"),
    ])
    func testMistakesInAWidgetTableNameTheirPlace(body: String, message: String) throws {
        let home = ExtensionHome()
        try home.write("[[widget]]\n" + body + "\n")
        let result = try home.tiles(["check"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml:\(message)"), "\(result.stderr)")
    }

    @Test func testRenderingAFailingProgramExitsOneWithTheReason() throws {
        let home = ExtensionHome()
        try home.write("""
            [[widget]]
            kind = "broken"
            command = ["sh", "-c", "echo 'no such host' >&2; exit 3"]
            """)
        let result = try home.tiles(["render", "--widget", "broken"])
        #expect(result.status == 1)
        #expect(result.stderr == "tiles: broken: exit 3: no such host\n")
    }
}

/// The Swift package in `examples/swift-extension`, built by `make test` before the tests run.
@Suite struct SwiftExtensionTests {
    static let binary = repositoryRoot.appendingPathComponent("examples/swift-extension/.build/debug/team-widgets").path

    func home() throws -> ExtensionHome {
        let home = ExtensionHome()
        try home.write("""
            [[widget]]
            extension = ["\(Self.binary)"]
            """)
        return home
    }

    @Test func testTheSwiftPackageIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary),
                "build it with `swift build --package-path examples/swift-extension` (make test does)")
    }

    @Test func testItsTwoKindsAreDescribedWithTheirParameters() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { return }
        let home = try home()
        let list = try home.tiles(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("uptime — Uptime\n  How long this machine has been running.\n  families: small, medium, inline\n"))
        #expect(list.stdout.contains("greeting — Greeting\n  Says hello, changing with the time of day.\n  families: small, medium\n  --param name=…  Name (string) default: world\n  --param loud=…  Shout (bool) default: false\n"))
        // The answer is kept: a second read runs nothing until the program changes.
        let cached = try FileManager.default.contentsOfDirectory(atPath: home.home.root.appendingPathComponent("cache/tiles/extensions").path)
        #expect(cached.count == 1)
    }

    @Test func testItsViewsTravelAsJSONAndDrawLikeSwift() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { return }
        let home = try home()
        let morning = try home.tiles(["render", "--widget", "greeting", "--family", "medium", "--at", "2026-11-24T08:00:00Z", "--param", "name=Ann"])
        #expect(morning.status == 0, "\(morning.stderr)")
        #expect(morning.stdout.contains("Good morning, Ann"))
        let loud = try home.tiles(["render", "--widget", "greeting", "--family", "small", "--at", "2026-11-24T20:00:00Z", "--param", "loud=true"])
        #expect(loud.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("GOOD EVENING, WORLD!"))
        #expect(morning.stdout.contains("👋 0"))
        let uptime = try home.tiles(["render", "--widget", "uptime", "--family", "inline"])
        #expect(uptime.status == 0, "\(uptime.stderr)")
        #expect(uptime.stdout.trimmingCharacters(in: .whitespaces).hasPrefix("up "))
    }
}

extension SwiftExtensionTests {
    @Test func aPressRunsTheIntentInTheExtensionAndItsAnswerIsTheNextTimeline() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { return }
        let home = try DashboardHome(), environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let request = #"{"request":"action","action":"greeting.wave","value":{},"kind":"greeting","family":"systemMedium","colorScheme":"light","parameters":{},"now":"2026-11-24T08:00:00Z","reason":"action","isPreview":false}"#
        var answer = ""
        for _ in 0..<2 { answer = try ExampleSchemaTests().runProgram([Self.binary], input: request + "\n", environment: environment) }
        #expect(answer.contains(#"{"Button":{"action":"greeting.wave","value":{},"label":{"Text":"👋 2","invalidatableContent":true}}}"#), "\(answer)")
        let store = try runTiles(["store", "get", "greeting.waves"], environment: environment)
        #expect(store.stdout == "2\n")
        let unknown = #"{"request":"action","action":"nope","kind":"greeting","family":"systemMedium","parameters":{},"now":"2026-11-24T08:00:00Z"}"#
        let refused = try ExampleSchemaTests().runProgram([Self.binary], input: unknown + "\n", environment: environment, expectedStatus: 1)
        #expect(refused.contains(#"greeting has no action "nope""#))
    }
}

/// The timeline examples' answers, checked against docs/schema/timeline.schema.json.
@Suite struct ExampleSchemaTests {
    @Test(arguments: ["calendar/calendar_widget.py", "pomodoro/pomodoro.py", "checklist/checklist.py"])
    func testTheExamplesAnswerInEveryFamilyMatchesTheSchema(example: String) throws {
        let home = try DashboardHome()
        var files: [String] = []
        for (family, size) in [("systemSmall", (20, 10)), ("systemMedium", (42, 10)), ("systemLarge", (42, 22)), ("accessoryInline", (29, 1))] {
            let request = #"{"kind":"x","family":"\#(family)","width":\#(size.0),"height":\#(size.1),"colorScheme":"dark","parameters":{},"now":"2026-11-24T08:07:00Z","reason":"scheduled","isPreview":false}"#
            let output = try runProgram(["python3", ExtensionHome.example(example)], input: request + "\n")
            let file = home.root.appendingPathComponent("\(family).json")
            try output.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let result = try runProgram(["python3", repositoryRoot.appendingPathComponent("scripts/validate_schema.py").path] + files, input: "")
        #expect(result == "4 documents checked, 0 not as expected\n", "\(result)")
    }

    /// Runs `arguments` with `input` on standard input (and `environment`, when given); its
    /// standard output and error together. The exit status must be `expectedStatus`.
    func runProgram(
        _ arguments: [String], input: String, environment: [String: String]? = nil, expectedStatus: Int32 = 0
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == expectedStatus, "\(arguments.joined(separator: " "))")
        return String(decoding: output, as: UTF8.self)
    }
}
