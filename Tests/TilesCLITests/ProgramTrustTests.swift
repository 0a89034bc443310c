import Foundation
import TestSupport
import Testing
import TileExtensions
#if canImport(Glibc)
import Glibc
#endif

/// The trust check reads what will actually run (docs/extensions.md, "Security"): each way a
/// writable file could slip into a private config is refused with the file and the fix named,
/// and a marker file shows that nothing ran; the same setup made private runs.
@Suite struct ProgramTrustTests {
    /// A private home (700) with a config folder, and beside it `ww`, a folder anyone may write.
    struct Setup {
        let home = ExtensionHome()
        var root: URL { home.home.root }
        var config: URL { root.appendingPathComponent("config/tiles") }
        var writable: URL { root.appendingPathComponent("ww") }
        var marker: String { root.appendingPathComponent("ran").path }

        init() throws {
            chmod(root.path, 0o700)
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: writable, withIntermediateDirectories: true)
            chmod(writable.path, 0o777)
        }

        /// A script that touches the marker and prints a line, at `path` with `mode`.
        func probe(at path: URL, mode: mode_t = 0o755) throws {
            try ExecutableFile.write("#!/bin/sh\ntouch '\(marker)'\necho probe ran\n", to: path.path)
            chmod(path.path, mode)
        }

        /// `render --widget probe` (and `check`) with `widget` as the `[[widget]]` table's body.
        func render(_ widget: String, environment: [String: String] = [:]) throws -> (check: (status: Int32, stdout: String, stderr: String), render: (status: Int32, stdout: String, stderr: String)) {
            if !FileManager.default.fileExists(atPath: home.file.path) || (try? String(contentsOf: home.file, encoding: .utf8))?.isEmpty == true {
                try home.write("[[widget]]\n\(widget)\n")
            }
            let variables = home.environment.merging(environment) { $1 }
            let check = try runTiles(["check"], environment: variables)
            let render = try runTiles(["render", "--widget", "probe", "--family", "small"], environment: variables)
            return (check, render)
        }

        var ran: Bool { FileManager.default.fileExists(atPath: marker) }
    }

    /// Expects both commands to refuse with `file` and `chmod go-w` in the message, and nothing run.
    func expectRefused(_ setup: Setup, _ result: (check: (status: Int32, stdout: String, stderr: String), render: (status: Int32, stdout: String, stderr: String)), naming file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, outcome) in [("check", result.check), ("render", result.render)] {
            #expect(outcome.status == 2, "\(name): \(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(outcome.stderr.contains("'\(file)' can be written by other users"), "\(name): \(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(outcome.stderr.contains("(run chmod go-w '\(file)')"), "\(name): \(outcome.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!setup.ran, "the program ran", sourceLocation: sourceLocation)
    }

    func expectRan(_ setup: Setup, _ result: (check: (status: Int32, stdout: String, stderr: String), render: (status: Int32, stdout: String, stderr: String)), sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.check.status == 0, "\(result.check.stderr)", sourceLocation: sourceLocation)
        #expect(result.render.status == 0, "\(result.render.stderr)", sourceLocation: sourceLocation)
        #expect(result.render.stdout.contains("probe ran"), "\(result.render.stdout)", sourceLocation: sourceLocation)
        #expect(setup.ran, sourceLocation: sourceLocation)
    }

    static let textWidget = "kind = \"probe\"\nformat = \"text\""

    @Test func aCommandThatIsALinkToAWritableScriptIsRefused() throws {
        let setup = try Setup()
        let script = setup.config.appendingPathComponent("real.sh")
        try setup.probe(at: script, mode: 0o777)
        symlink(script.path, setup.config.appendingPathComponent("probe.sh").path)
        expectRefused(setup, try setup.render("\(Self.textWidget)\ncommand = [\"./probe.sh\"]"), naming: script.path)
        chmod(script.path, 0o755)
        expectRan(setup, try setup.render(""))
    }

    @Test func aScriptInAWritableFolderIsRefused() throws {
        let setup = try Setup()
        let script = setup.writable.appendingPathComponent("probe.sh")
        try setup.probe(at: script)
        expectRefused(setup, try setup.render("\(Self.textWidget)\ncommand = [\"\(script.path)\"]"), naming: setup.writable.path)
        chmod(setup.writable.path, 0o755)
        expectRan(setup, try setup.render(""))
    }

    @Test func aRelativePathLeadingIntoAWritableFolderIsRefused() throws {
        let setup = try Setup()
        try setup.probe(at: setup.writable.appendingPathComponent("probe.sh"))
        // The config folder is root/config/tiles: ../../ww is the writable folder.
        expectRefused(setup, try setup.render("\(Self.textWidget)\ncommand = [\"../../ww/probe.sh\"]"), naming: setup.writable.path)
        chmod(setup.writable.path, 0o700)
        expectRan(setup, try setup.render(""))
    }

    @Test func aBareNameFoundInAWritablePathFolderIsRefused() throws {
        let setup = try Setup()
        try setup.probe(at: setup.writable.appendingPathComponent("tiles-probe"))
        let path = ["PATH": setup.writable.path + ":/usr/bin:/bin"]
        expectRefused(setup, try setup.render("\(Self.textWidget)\ncommand = [\"tiles-probe\"]", environment: path), naming: setup.writable.path)
        chmod(setup.writable.path, 0o755)
        expectRan(setup, try setup.render("", environment: path))
    }

    @Test func aScriptAnInterpreterReadsFromAWritableFolderIsRefused() throws {
        let setup = try Setup()
        let script = setup.writable.appendingPathComponent("probe.sh")
        try setup.probe(at: script, mode: 0o644)
        expectRefused(setup, try setup.render("\(Self.textWidget)\ncommand = [\"sh\", \"\(script.path)\"]"), naming: setup.writable.path)
        chmod(setup.writable.path, 0o755)
        expectRan(setup, try setup.render(""))
    }

    @Test func aWritableExtensionProgramIsRefused() throws {
        let setup = try Setup()
        let program = setup.config.appendingPathComponent("extension.sh")
        try ExecutableFile.write("""
            #!/bin/sh
            touch '\(setup.marker)'
            read request
            case "$request" in
              *describe*) echo '{"widgets": [{"kind": "probe", "format": "text"}]}' ;;
              *) echo probe ran ;;
            esac
            """, to: program.path)
        chmod(program.path, 0o777)
        try setup.home.write("[[widget]]\nextension = [\"./extension.sh\"]\n")
        expectRefused(setup, try setup.render(""), naming: program.path)
        chmod(program.path, 0o700)
        expectRan(setup, try setup.render(""))
    }

    @Test func aConfigThatIsALinkIntoAWritableFolderIsRefused() throws {
        let setup = try Setup()
        try setup.probe(at: setup.config.appendingPathComponent("probe.sh"))
        let target = setup.writable.appendingPathComponent("config.toml")
        try "[[widget]]\n\(Self.textWidget)\ncommand = [\"\(setup.config.appendingPathComponent("probe.sh").path)\"]\n"
            .write(to: target, atomically: true, encoding: .utf8)
        chmod(target.path, 0o600)
        symlink(target.path, setup.home.file.path)
        expectRefused(setup, try setup.render(""), naming: setup.writable.path)
        chmod(setup.writable.path, 0o700)
        expectRan(setup, try setup.render(""))
    }

    @Test func aProgramMadeWritableAfterTheConfigWasReadIsNotRun() async throws {
        // The check at the spawn itself: the board reads its config once, then runs for hours.
        let setup = try Setup()
        let script = setup.config.appendingPathComponent("probe.sh")
        try setup.probe(at: script)
        chmod(script.path, 0o777)
        let problem = CommandTrust.problem(with: ProgramCommand([script.path]))
        #expect(problem?.contains("the file '\(script.path)' can be written by other users (mode 777)") == true, "\(problem ?? "nil")")
        let result = await ProgramRunner(maxConcurrentRuns: 1).run(ProgramCommand([script.path]))
        #expect(result.status == .untrusted(problem ?? ""))
        #expect(result.failureReason?.contains("chmod go-w '\(script.path)'") == true)
        #expect(!setup.ran)
    }
}
