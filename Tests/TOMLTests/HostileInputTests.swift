import Testing
import TOML

/// The inputs that crashed or exhausted tiles' previous TOML library (issue 11), each now an
/// error with a position or a clean parse.
@Suite struct HostileInputTests {
    @Test func halfTypedHeadersAreSyntaxErrors() {
        #expect(parseError("[\n") == "1:2: expected a table name after '[', found end of line")
        #expect(parseError("[[") == "1:3: expected a table name after '[[', found end of file")
        #expect(parseError("[#") == "1:2: expected a table name after '[', found '#'")
        #expect(parseError("[ ") == "1:3: expected a table name after '[', found end of file")
        #expect(parseError("[a") == "1:3: expected ']' to close the table header, found end of file")
        #expect(parseError("[[a]") == "1:5: expected ']]' to close the table header, found end of file")
        #expect(parseError("[a.]") == "1:4: expected a key after '.', found ']'")
    }

    @Test func nonASCIIBareHeadersAskForQuotes() {
        let hint = "bare keys are made of A-Z, a-z, 0-9, _ and -, write other keys in quotes"
        #expect(parseError("[é]") == "1:2: expected a table name after '[', found 'é'; \(hint)")
        #expect(parseError("[主题]") == "1:2: expected a table name after '[', found '主'; \(hint)")
        #expect(parseError("[\"主题\"]\n名 = 1") == "2:1: expected a key, found '名'; \(hint)")
    }

    @Test func aKeyHoldingNULIsAKeyLikeAnyOtherWhenEscapedAndAnErrorWhenRaw() throws {
        let document = try TOMLDocument.parse(#""a\u0000b" = 1"#)
        #expect(document.keys == ["a\u{0}b"])
        #expect(parseError("\"a\u{0}b\" = 1") == "1:3: the control character U+0000 must be written as an escape in a string")
        #expect(parseError("a\u{0}b = 1") == "1:2: expected '=' after the key 'a', found the control character U+0000")
    }

    @Test func aDeepDottedHeaderStopsAtTheDepthLimit() {
        let header = "[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]\n"
        #expect(parseError(header) == "1:130: the key nests deeper than 64 levels")
    }

    @Test func aTenMegabyteKeyGivesAShortError() throws {
        let message = try #require(parseError(String(repeating: "k", count: 10_000_000) + " = 1\n"))
        #expect(message == "1:1048577: the document is 10000005 bytes; the limit is 1 MiB")
    }
}
