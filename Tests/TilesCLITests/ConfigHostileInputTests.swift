import Foundation
import TestSupport
import Testing
@testable import TileConfig
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Config files that crashed or exhausted tiles before it had its own TOML parser (issue 11):
/// `tiles check`, run as a process, exits 2 with `file:line:column: message` for each.
@Suite struct ConfigHostileInputTests {
    @Test func halfTypedHeadersExitTwoWithFileLineAndColumn() throws {
        let home = ConfigHome()
        let bare = "bare keys are made of A-Z, a-z, 0-9, _ and -, write other keys in quotes"
        let cases: [(String, Int, Int, String)] = [
            ("[\n", 1, 2, "expected a table name after '[', found end of line"),
            ("[[", 1, 3, "expected a table name after '[[', found end of file"),
            ("[#", 1, 2, "expected a table name after '[', found '#'"),
            ("[ ", 1, 3, "expected a table name after '[', found end of file"),
            ("[é]", 1, 2, "expected a table name after '[', found 'é'; \(bare)"),
            ("[主题]", 1, 2, "expected a table name after '[', found '主'; \(bare)"),
            ("[theme]\nname = \"nord\"\n[", 3, 2, "expected a table name after '[', found end of file"),
        ]
        for (text, line, column, message) in cases {
            let result = try home.check(text)
            #expect(result.status == 2, "\(text.debugDescription)")
            #expect(result.stderr == home.error(line, column, message))
        }
    }

    @Test func aKeyHoldingNULIsAnUnknownKeyShownEscaped() throws {
        let home = ConfigHome()
        let result = try home.check(#""a\u0000" = 1"#)
        #expect(result.status == 2)
        #expect(result.stderr == home.error(1, 1, #"unknown key 'a\u0000' (did you mean 'ui'?)"#))
    }

    @Test func aDeepDottedHeaderAndATenMegabyteKeyEndInShortErrors() throws {
        let home = ConfigHome()
        let deep = try home.check("[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]\n")
        #expect(deep.status == 2)
        #expect(deep.stderr == home.error(1, 130, "the key nests deeper than 64 levels"))

        let huge = try home.check(String(repeating: "k", count: 10_000_000) + " = 1\n")
        #expect(huge.status == 2)
        #expect(huge.stderr == home.error(1, 1_048_577, "the document is 10000005 bytes; the limit is 1 MiB"))
    }

    @Test func aFileThatIsNotUTF8NamesTheByte() throws {
        let home = ConfigHome()
        try (Data("[theme]\nname = \"".utf8) + Data([0xFF]) + Data("\"\n".utf8)).write(to: home.file)
        let result = try runTiles(["check", home.file.path], environment: home.environment)
        #expect(result.status == 2)
        #expect(result.stderr == home.error(2, 9, "expected UTF-8 text, found the byte 0xFF"))
    }

    /// The token file is checked again when the token is read; that error names the key too.
    @Test func aTokenFileErrorFoundAtStartNamesTheKey() throws {
        let home = ConfigHome()
        let token = home.home.root.appendingPathComponent("token")
        try "secret\n".write(to: token, atomically: true, encoding: .utf8)
        chmod(token.path, 0o600)
        try "[github]\n  token_file = \"token\"\n".write(to: home.file, atomically: true, encoding: .utf8)
        let loader = ConfigLoader(environment: ["HOME": home.home.root.path], widgets: ConfigEditorTests.widgets)
        let config = try loader.read(home.file.path)
        chmod(token.path, 0o644)
        let environment = ["HOME": home.home.root.path]
        #expect(throws: ConfigError.self) { try ServiceConfiguration.settings(for: config, environment: environment) }
        do {
            _ = try ServiceConfiguration.settings(for: config, environment: environment)
        } catch {
            #expect(error.description == "\(home.file.path):2:3: github.token_file: the token file '\(token.path)' is readable by group or others (mode 644); expected mode 600 (run chmod 600 '\(token.path)')")
        }
    }

    /// Mutated configs through the config reader for a fixed time, seeded so a case reproduces.
    @Test func mutatedConfigsLoadOrFailWithAPosition() throws {
        let config = try #require(TOMLMutator.samples().first { $0.name == "config.toml" })
        var mutator = TOMLMutator(seed: 0x636F_6E66_6967)
        let clock = ContinuousClock()
        let start = clock.now
        var cases = 0
        var failures: [String] = []
        while clock.now - start < .milliseconds(500) {
            let bytes = mutator.mutate(config.bytes)
            do {
                _ = try ConfigReader(file: "config.toml", bytes: bytes, widgets: ConfigEditorTests.widgets).read()
            } catch {
                if (error.line ?? 0) < 1 || (error.column ?? 0) < 1 { failures.append("case \(cases): \(error)") }
            }
            cases += 1
        }
        #expect(cases > 20)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}

extension EndToEndTests {
    /// Typing `[` at the end of the config of a running board used to abort it through hot reload.
    @Test func aHalfTypedHeaderInTheConfigOfARunningBoardIsAnErrorNotACrash() throws {
        let (board, file) = try Board.configured("[[page]]\n[[page.tile]]\nwidget = \"qqsync\"\nfamily = \"medium\"\n")
        defer { board.close() }
        _ = try board.session.waitFor("the configured quote tile") { $0.contains("测试句子") }

        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("[".utf8))
        try handle.close()
        let screen = try board.session.waitFor("the config error in the status line") { $0.contains("config not applied") }
        #expect(screen.contains("config.toml:5:2"))
        #expect(screen.contains("测试句子"))
    }
}
