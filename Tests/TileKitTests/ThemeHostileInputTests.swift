import Foundation
import TestSupport
import Testing
@testable import TileKit
import TileUI

/// Theme files as a careless editor or a hostile sender might write them (issue 11): each is a
/// theme or an error at `file:line:column`, never a crash.
@Suite struct ThemeHostileInputTests {
    private func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try Theme(bytes: bytes, file: "zz.toml")
            return nil
        } catch {
            return error.description
        }
    }

    private func error(_ text: String) -> String? {
        error(Array(text.utf8))
    }

    @Test func halfTypedHeadersAreErrorsWithAPosition() {
        #expect(error("name = \"Z\"\n[\n") == "zz.toml:2:2: expected a table name after '[', found end of line")
        #expect(error("[[") == "zz.toml:1:3: expected a table name after '[[', found end of file")
        #expect(error("[#") == "zz.toml:1:2: expected a table name after '[', found '#'")
        #expect(error("[ ") == "zz.toml:1:3: expected a table name after '[', found end of file")
        #expect(error("[é]") == "zz.toml:1:2: expected a table name after '[', found 'é'; bare keys are made of A-Z, a-z, 0-9, _ and -, write other keys in quotes")
        #expect(error("[主题]") == "zz.toml:1:2: expected a table name after '[', found '主'; bare keys are made of A-Z, a-z, 0-9, _ and -, write other keys in quotes")
    }

    @Test func aKeyHoldingNULIsRefusedWithItsPosition() {
        #expect(error(##"name = "Z"\##n[colors]\##n"accent\u0000" = { any = "#000000" }"##)
            == #"zz.toml:3:1: colour "accent\u0000" has a control character in its name; colour names are words like text.primary"#)
        #expect(error(#""\u0000" = 1\#nname = "Z"\#n[colors]"#)
            == #"zz.toml:1:1: unknown key "\u0000" at the top level; expected name and [colors]"#)
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirPosition() {
        #expect(error(Array("name = \"Z\"\n[colors]\n# caf".utf8) + [0xE9])
            == "zz.toml:3:6: expected UTF-8 text, found the byte 0xE9")
    }

    @Test func aDeepDottedHeaderAndAHugeKeyEndInShortErrors() {
        let header = "[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]"
        #expect(error(header) == "zz.toml:1:130: the key nests deeper than 64 levels")
        let key = String(repeating: "k", count: 100_000)
        #expect(error("\(key) = 1\nname = \"Z\"\n[colors]")
            == "zz.toml:1:1: unknown key \"\(String(repeating: "k", count: 60))…\" at the top level; expected name and [colors]")
    }

    /// Mutated themes through the theme loader for a fixed time, seeded so a case reproduces.
    @Test func mutatedThemesLoadOrFailWithAPosition() throws {
        let themes = try TOMLMutator.samples().filter { $0.name != "config.toml" }
        var mutator = TOMLMutator(seed: 0x7468_656D_65)
        let clock = ContinuousClock()
        let start = clock.now
        var cases = 0
        var failures: [String] = []
        while clock.now - start < .milliseconds(500) {
            let bytes = mutator.mutate(themes[cases % themes.count].bytes)
            do {
                _ = try Theme(bytes: bytes, file: "zz.toml")
            } catch {
                if (error.line ?? 0) < 1 || (error.column ?? 0) < 1 { failures.append("case \(cases): \(error)") }
            }
            cases += 1
        }
        #expect(cases > 20)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
