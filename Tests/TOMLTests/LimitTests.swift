import Testing
import TOML

/// Each limit in `TOMLLimits` ends parsing with an error at the place it is crossed.
@Suite struct LimitTests {
    @Test func aDocumentOverOneMebibyteIsRefusedWhereItCrossesTheLimit() {
        let text = "a = 1\n" + String(repeating: "#", count: 1 << 20)
        #expect(parseError(text) == "2:1048571: the document is 1048582 bytes; the limit is 1 MiB")
        #expect(parseError(String(repeating: "#", count: 1 << 20)) == nil)
    }

    @Test func headersDeeperThanSixtyFourPartsAreRefusedAtTheFirstPartTooMany() {
        let parts = { (count: Int) in "[" + Array(repeating: "a", count: count).joined(separator: ".") + "]" }
        #expect(parseError(parts(64)) == nil)
        #expect(parseError(parts(65)) == "1:130: the key nests deeper than 64 levels")
    }

    @Test func dottedKeysCountFromTheDepthOfTheirTable() {
        let key = { (count: Int) in Array(repeating: "k", count: count).joined(separator: ".") }
        #expect(parseError("[a.b]\n\(key(62)) = 1") == nil)
        #expect(parseError("[a.b]\n\(key(63)) = 1") == "2:125: the key nests deeper than 64 levels")
        #expect(parseError("t = { \(key(63)) = 1 }") == nil)
        #expect(parseError("t = { \(key(64)) = 1 }") == "1:133: the key nests deeper than 64 levels")
    }

    @Test func arraysAndInlineTablesDeeperThanSixtyFourLevelsAreRefused() {
        #expect(parseError("a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        #expect(parseError("a = " + String(repeating: "[", count: 100_000)) == "1:69: values nest deeper than 64 levels")
        #expect(parseError("a = " + String(repeating: "{b = ", count: 100_000)) == "1:321: the key nests deeper than 64 levels")
        #expect(parseError("a = [{b = [{c = " + String(repeating: "[", count: 61)) == "1:77: values nest deeper than 64 levels")
    }

    @Test func aHugeKeyIsShownShortenedInTheError() {
        let key = String(repeating: "k", count: 1_000_000)
        let limits = TOMLLimits(maxBytes: 4 << 20, maxDepth: 64, shownLength: 60)
        let message = parseError("\(key) = 1\n\(key) = 2", limits: limits)
        #expect(message == "2:1: key '\(String(repeating: "k", count: 60))…' is defined twice; it is already an integer at 1:1")
    }

    @Test func moreThanTwentyThousandTablesAreRefusedAtTheFirstOneTooMany() {
        let tables = { (count: Int) in (1...count).map { "[t\($0)]" }.joined(separator: "\n") }
        #expect(parseError(tables(20_000)) == nil)
        #expect(parseError(tables(20_001)) == "20001:1: more than 20000 tables in one file")
        // Implicit, dotted and inline tables count too.
        #expect(parseError((1...10_001).map { "a\($0).b.c = 1" }.joined(separator: "\n"))?.hasSuffix("more than 20000 tables in one file") == true)
    }

    @Test func moreThanAHundredThousandValuesAreRefused() {
        let values = { (count: Int) in "a = [" + Array(repeating: "1", count: count).joined(separator: ",") + "]" }
        #expect(parseError(values(99_999)) == nil)
        #expect(parseError(values(100_000))?.hasSuffix("more than 100000 values in one file") == true)
    }
}
