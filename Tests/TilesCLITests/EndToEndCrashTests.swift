import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A board killed by a fatal signal gives the terminal back before it dies (issue 11).
extension EndToEndTests {
    @Test(arguments: [SIGABRT, SIGSEGV])
    func aFatalSignalRestoresTheTerminalForTheShell(signal: Int32) throws {
        let home = try DashboardHome()
        let server = try StubHTTPServer(routes: Self.routes())
        defer { server.stop() }
        // A shell runs tiles and stays, so the test can type into what the user would be left with.
        let script = #""$0" "$@"; echo "tiles exited $?"; exec sh"#
        let session = try TmuxSession(
            command: ["sh", "-c", script, Self.tiles], environment: home.environment(serviceURL: server.baseURL))
        defer { session.close() }
        try session.waitFor(timeout: 20, "the widgets' data") { screen in
            ["测试句子", "Partly cloudy", "Fix the thing"].allSatisfy(screen.contains)
        }
        let flags = "#{alternate_on} #{cursor_flag} #{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}#{mouse_sgr_flag} #{keypad_cursor_flag}#{keypad_flag}"
        let before = try session.display(flags)
        #expect(before.hasPrefix("1 0 1"), "the board turned on what the test checks is turned off: \(before)")

        let tiles = try #require(Self.childPID(of: try session.panePID), "tiles runs under the pane's shell")
        #expect(Glibc.kill(tiles, signal) == 0)
        let screen = try session.waitFor("the shell after tiles died") { $0.contains("tiles exited") }
        #expect(screen.contains("tiles exited \(128 + signal)"), "killed by the signal itself, re-raised after the restore")
        #expect(try session.display(flags) == "0 1 0000 00", "normal screen, cursor shown, mouse off, keypad in cursor mode")

        // Cooked mode again: typed text echoes and Enter runs it.
        try session.sendLiteral("echo ok")
        try session.sendKeys("Enter")
        let after = try session.waitFor("the shell's answer") { $0.split(separator: "\n").contains("ok") }
        #expect(after.contains("echo ok"))
        #expect(!after.contains("测试句子"), "the board's screen is gone")
    }

    /// The pid of `parent`'s only child, from `/proc`.
    static func childPID(of parent: pid_t) -> pid_t? {
        let text = try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)
        return text?.split(separator: " ").first.flatMap { pid_t($0) }
    }
}
