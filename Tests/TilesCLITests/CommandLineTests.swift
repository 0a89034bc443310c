import Foundation
import Testing

/// Runs the built `tiles` binary, which SwiftPM builds next to the test bundle.
func runTiles(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    // The test runner is the `…PackageTests.xctest` executable in the products directory.
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = products.appendingPathComponent("tiles")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    // Nothing of the developer's (a config, a theme, colour variables) reaches a test.
    let variables = PrivateEnvironment(environment)
    defer { withExtendedLifetime(variables) {} }
    process.environment = variables.variables
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

@Suite struct CommandLineTests {
    /// Help follows LANG, and --language wherever it stands; so does the manual page.
    @Test func helpIsInTheLanguageOfTheEnvironmentOrOfLanguage() throws {
        let english = try runTiles(["--help"], environment: ["LANG": "en_US.UTF-8"])
        #expect(english.status == 0 && english.stdout.contains("A home screen of widgets for the terminal."), "\(english.stdout)")
        let chinese = try runTiles(["--help"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.status == 0 && chinese.stdout.contains("终端里的小组件主屏幕。"), "\(chinese.stdout)")
        #expect(!chinese.stdout.contains("A home screen of widgets"))
        let render = try runTiles(["render", "--help", "--language", "zh-Hans"], environment: ["LANG": "en_US.UTF-8"])
        #expect(render.stdout.contains("把一个小组件或整个看板渲染一次") && render.stdout.contains("渲染的时刻，ISO 8601"), "\(render.stdout)")
        let overridden = try runTiles(["store", "set", "--help", "--language=en"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(overridden.stdout.contains("Set KEY to VALUE."), "\(overridden.stdout)")
        let manual = try runTiles(["generate-manual", "--date", "2026-11-29", "--language", "zh-Hans"])
        #expect(manual.status == 0 && manual.stdout.contains(".Sh \\[u9000]\\[u51FA]\\[u72B6]\\[u6001]"), "退出状态: \(manual.stdout.prefix(400))")
    }

    @Test func testVersionPrintsAndExitsZero() throws {
        let result = try runTiles(["--version"])
        #expect(result.status == 0)
        // A checkout's build names its commit as SemVer build metadata: 0.1.0+5829d37ab220(-dirty).
        #expect(result.stdout.wholeMatch(of: /0\.1\.0\+[0-9a-f]{12}(-dirty)?\n/) != nil, "\(result.stdout)")
    }

    @Test func testHelpDescribesTheCommand() throws {
        let result = try runTiles(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("A home screen of widgets for the terminal."))
        #expect(result.stdout.contains("--scheme"))
    }

    @Test func testUsageErrorExitsTwoWithAMessage() throws {
        let result = try runTiles(["--scheme", "sepia"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'light' and 'dark'"))
    }
}
