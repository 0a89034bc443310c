import Testing
@testable import TileTerminal

@Suite struct FatalSignalRescueTests {
    @Test func theRestoreSequenceUndoesEveryModeTheBoardSetsInEndwinsOrder() {
        // tmux-256color's capabilities: xterm mouse through kmous, no XM.
        let tmux = ["kmous": "\u{1B}[M", "sgr0": "\u{1B}[m\u{0F}", "op": "\u{1B}[39;49m", "cnorm": "\u{1B}[34h\u{1B}[?25h",
                    "rmkx": "\u{1B}[?1l\u{1B}>", "rmcup": "\u{1B}[?1049l"]
        let bytes = FatalSignalRescue.restoreSequence(capability: { tmux[$0] }, parameterized: { _, _ in nil })
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[m\u{0F}\u{1B}[39;49m\u{1B}[34h\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[?1049l")

        // An entry with XM: its own mouse-off string; an entry without mouse, cursor or keypad: nothing for them.
        let xm = FatalSignalRescue.restoreSequence(
            capability: { ["kmous": "\u{1B}[<", "rmcup": "\u{1B}[?1049l"][$0] },
            parameterized: { name, value in name == "XM" && value == 0 ? "\u{1B}[?1006;1000l" : nil })
        #expect(String(decoding: xm, as: UTF8.self) == "\u{1B}[?1006;1000l\u{1B}[?1049l")
        #expect(FatalSignalRescue.restoreSequence(capability: { _ in nil }, parameterized: { _, _ in nil }).isEmpty)
    }
}
