import Testing
import TOML

/// Keys and strings written for a file read back as what was written.
@Suite struct WritingTests {
    @Test func stringsAreBasicStringsWithControlsEscaped() {
        #expect(TOMLWriting.basicString("上海") == "\"上海\"")
        #expect(TOMLWriting.basicString("a\"b\\c\nd\u{1B}") == #""a\"b\\c\nd\u001B""#)
        #expect(TOMLWriting.basicString("\u{7F}\t") == #""\u007F\t""#)
    }

    @Test func keysAreBareOnlyWhenTOMLAllowsIt() {
        #expect(TOMLWriting.key("showWeather") == "showWeather")
        #expect(TOMLWriting.key("a-b_9") == "a-b_9")
        #expect(TOMLWriting.key("城市") == "\"城市\"")
        #expect(TOMLWriting.key("a.b") == "\"a.b\"")
        #expect(TOMLWriting.key("") == "\"\"")
    }

    @Test func whatIsWrittenParsesBackToTheSameKeyAndString() throws {
        let texts = ["", "上海", "a\"b", "back\\slash", "line\nbreak", "\u{0}\u{1F}\u{7F}", "👩‍💻 e\u{301}", "tab\there", "#not a comment", "x = 1"]
        for text in texts {
            let document = try TOMLDocument.parse("\(TOMLWriting.key(text)) = \(TOMLWriting.basicString(text))\n")
            #expect(document.keys == [text], "\(text.debugDescription)")
            #expect(document[text]?.string == text, "\(text.debugDescription)")
        }
    }
}
