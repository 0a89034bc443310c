import Testing
@testable import TileTerminal

@Suite struct TerminalErrorTests {
    @Test func messagesSayWhatIsWrongAndWhatToDo() {
        #expect(TerminalError.notATerminal(stream: "stdout").description
            == "tiles needs a terminal: stdout is not a TTY (try `tiles render` to print a widget instead)")
        #expect(TerminalError.dumbTerminal("dumb").description.contains("TERM=dumb cannot"))
        #expect(TerminalError.unknownTerminal("vt999").description.contains("TERM=vt999"))
        #expect(TerminalError.termNotSet.description.contains("TERM is not set"))
        #expect(TerminalError.systemCallFailed(call: "pipe", errno: 24).description.hasSuffix("pipe failed: Too many open files"))
    }
}
