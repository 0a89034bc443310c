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
