import Testing
@testable import TileTerminal

@Suite struct TerminalProfileTests {
    let entries: [String: TerminfoEntry] = [
        "tmux-256color": .init(canAddressCursor: true, colors: 256),
        "tmux-direct": .init(canAddressCursor: true, colors: 16_777_216),
        "xterm-256color": .init(canAddressCursor: true, colors: 256),
        "xterm-direct": .init(canAddressCursor: true, colors: 16_777_216),
        "screen-256color": .init(canAddressCursor: true, colors: 256),
        "dumb": .init(canAddressCursor: false, colors: -1),
    ]

    func select(_ environment: [String: String], without missing: Set<String> = []) throws(TerminalError) -> TerminalProfile {
        try TerminalProfile.select(environment: environment) { missing.contains($0) ? nil : entries[$0] }
    }

    @Test func termMustBeSetKnownAndAbleToMoveTheCursor() {
        #expect(throws: TerminalError.termNotSet) { try select([:]) }
        #expect(throws: TerminalError.termNotSet) { try select(["TERM": ""]) }
        #expect(throws: TerminalError.unknownTerminal("nosuchterm")) { try select(["TERM": "nosuchterm"]) }
        #expect(throws: TerminalError.dumbTerminal("dumb")) { try select(["TERM": "dumb"]) }
    }

    @Test func withoutColortermTermIsUsedAsIs() throws {
        let profile = try select(["TERM": "tmux-256color"])
        #expect(profile.terminfoName == "tmux-256color")
        #expect(profile.colorEnabled)
    }

    @Test func truecolorPicksTheDirectEntryOfTheSameFamily() throws {
        #expect(try select(["TERM": "tmux-256color", "COLORTERM": "truecolor"]).terminfoName == "tmux-direct")
        #expect(try select(["TERM": "xterm-256color", "COLORTERM": "24bit"]).terminfoName == "xterm-direct")
        #expect(try select(["TERM": "screen-256color", "COLORTERM": "TrueColor"]).terminfoName == "xterm-direct")
    }

    @Test func truecolorFallsBackToXtermDirectThenToTerm() throws {
        #expect(try select(["TERM": "tmux-256color", "COLORTERM": "truecolor"], without: ["tmux-direct"]).terminfoName == "xterm-direct")
        #expect(try select(["TERM": "tmux-256color", "COLORTERM": "truecolor"], without: ["tmux-direct", "xterm-direct"]).terminfoName == "tmux-256color")
    }

    @Test func noColorWinsOverColorterm() throws {
        let profile = try select(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": ""])
        #expect(profile.terminfoName == "xterm-256color")
        #expect(!profile.colorEnabled)
    }

    @Test func aDirectTermIsKept() throws {
        #expect(try select(["TERM": "xterm-direct", "COLORTERM": "truecolor"]).terminfoName == "xterm-direct")
    }
}
