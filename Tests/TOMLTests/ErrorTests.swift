import Testing
import TOML

/// Errors: the exact message and position for each kind of mistake.
@Suite struct ErrorTests {
    @Test func syntaxErrorsNameWhatWasExpectedAndFound() {
        #expect(parseError("a = 1 b") == "1:7: expected the end of the line after the value, found 'b'")
        #expect(parseError("name = nord") == "1:8: expected a value, found 'nord'; write a string in quotes")
        #expect(parseError("a = 0123") == "1:5: invalid number '0123'; leading zeros are not allowed")
        #expect(parseError("a = 1__0") == "1:5: invalid number '1__0'; an underscore must sit between two digits")
        #expect(parseError("a = 9223372036854775808")
            == "1:5: invalid number '9223372036854775808'; integers are 64-bit, from -9223372036854775808 to 9223372036854775807")
        #expect(parseError("a = 1979-02-29")
            == "1:5: invalid date or time '1979-02-29'; expected a form like 1979-05-27T07:32:00Z, 1979-05-27 or 07:32:00")
        #expect(parseError("a = [1, 2\n") == "2:1: expected ',' or ']' in the array that starts at 1:5, found end of file")
        #expect(parseError("t = { a = 1 b = 2 }") == "1:13: expected ',' or '}' in the inline table that starts at 1:5, found 'b'")
        #expect(parseError("t = { a = 1, }") == "1:14: an inline table cannot end with a comma in TOML 1.0; remove the ',' before '}'")
        #expect(parseError("a = \"open\nb = 1") == "1:10: expected '\"' to close the string, found end of line")
        #expect(parseError("a = \"\\q\"") == #"1:6: unknown escape: a backslash followed by 'q'; escapes are \b \t \n \f \r \" \\ \uXXXX and \UXXXXXXXX"#)
        #expect(parseError("a = \"\\uD800\"") == "1:6: U+D800 is not a Unicode scalar value, so it cannot be escaped")
        #expect(parseError("key\n") == "1:4: expected '=' after the key 'key', found end of line")
        #expect(parseError("a = \n") == "1:5: expected a value, found end of line")
        #expect(parseError("# ok\u{7F}") == "1:5: the control character U+007F is not allowed in a comment")
        #expect(parseError("a = 1\r") == "1:6: expected the end of the line after the value, found the control character U+000D")
    }

    @Test func definingTwiceNamesTheFirstDefinition() {
        #expect(parseError("a = 1\na = 2") == "2:1: key 'a' is defined twice; it is already an integer at 1:1")
        #expect(parseError("[a]\n[a]") == "2:2: table [a] is defined twice; it is already a table, defined by its header at 1:1")
        #expect(parseError("a.b = 1\n[a]") == "2:2: table [a] is defined twice; it is already a table, made by the dotted key at 1:1")
        #expect(parseError("[a.b]\n[a]\nb.c = 1") == "3:1: a dotted key cannot add to 'a.b'; it is already a table, defined by its header at 1:1")
        #expect(parseError("a = []\n[[a]]") == "2:3: [[a]] cannot add a table to 'a'; it is already an array at 1:1")
        #expect(parseError("[[a]]\n[a]") == "2:2: table [a] is defined twice; it is already an array of tables ([[…]] at 1:1)")
        #expect(parseError("a = { b = 1 }\n[a.c]") == "2:2: 'a' cannot hold a table; it is already a table at 1:1")
        #expect(parseError("[x.\"y z\"]\n[x.'y z']") == "2:4: table [x.\"y z\"] is defined twice; it is already a table, defined by its header at 1:1")
    }

    @Test func notUTF8IsAnErrorAtTheOffendingByte() {
        let bytes: [UInt8] = Array("a = 1\nb = \"é".utf8) + [0xFF, UInt8(ascii: "\"")]
        #expect(throws: TOMLError(position: TOMLPosition(line: 2, column: 7, offset: 13), message: "expected UTF-8 text, found the byte 0xFF")) {
            try TOMLDocument.parse(bytes)
        }
        // An encoded surrogate is not UTF-8 either.
        #expect(throws: TOMLError(position: TOMLPosition(line: 1, column: 1, offset: 0), message: "expected UTF-8 text, found the byte 0xED")) {
            try TOMLDocument.parse([0xED, 0xA0, 0x80])
        }
    }

    @Test func shownTextIsEscapedAndShortened() {
        #expect(TOMLError.shown("a\u{0}b\u{1B}[2J") == #"a\u0000b\u001b[2J"#)
        #expect(TOMLError.shown(String(repeating: "x", count: 61)) == String(repeating: "x", count: 60) + "…")
        #expect(TOMLError.shown(String(repeating: "主", count: 60)) == String(repeating: "主", count: 60))
    }
}
