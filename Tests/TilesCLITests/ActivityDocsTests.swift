import Foundation
import Testing

/// The examples of usage.md's "Live activities", run as written with the built `tiles` first
/// on PATH.
@Suite struct ActivityDocsTests {
    /// The fenced block after `<!-- example: NAME` in docs/usage.md.
    static func example(_ name: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- example: \(name)"))
        let open = try #require(text.range(of: "```", range: marker.upperBound..<text.endIndex))
        let start = try #require(text.range(of: "\n", range: open.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// Runs `script` with `sh -e`, the built binary's folder first on PATH.
    static func run(_ script: String, home: DashboardHome) throws -> (status: Int32, stdout: String) {
        let folder = URL(fileURLWithPath: EndToEndTests.tiles).deletingLastPathComponent().path
        let variables = PrivateEnvironment(home.environment(serviceURL: "http://127.0.0.1:9").merging(
            ["PATH": "\(folder):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"]) { $1 })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-e", "-c", script]
        process.environment = variables.variables
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self))
    }

    @Test func theRunExampleShowsItsProgressAndEndsWell() throws {
        let home = try DashboardHome()
        let result = try Self.run(try Self.example("activity-run"), home: home)
        #expect(result.status == 0)
        #expect(result.stdout == "33%\n66%\n99%\n")
        let list = try Self.run("tiles activity list", home: home).stdout
        #expect(list.contains("✓ done  deploy  99%  0:0"), "\(list)")
    }

    @Test func theScriptExampleEndsItsActivityAndTheTmuxLineShowsIt() throws {
        let home = try DashboardHome()
        let script = try Self.example("activity-script")
        #expect(try Self.run(script, home: home).status == 0)
        let list = try Self.run("tiles activity list", home: home).stdout
        // The script's three commands take well under a minute, however busy the machine.
        #expect(list.contains("✓ done  nightly import  3/7  0:0") && list.contains("  table users"), "\(list)")

        // The status bar's command, as tmux runs it (with /bin/sh).
        let tmux = try Self.example("activity-tmux")
        let command = try #require(tmux.range(of: "#(").flatMap { open in
            tmux.range(of: ")", range: open.upperBound..<tmux.endIndex).map { String(tmux[open.upperBound..<$0.lowerBound]) }
        })
        let line = try Self.run(command, home: home).stdout
        #expect(line.contains("✓ #[default]nightly import 3/7 done · 0:0"), "\(line)")
    }
}
