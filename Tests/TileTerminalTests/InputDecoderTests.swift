import CNcursesw
import Testing
@testable import TileTerminal

@Suite struct InputDecoderTests {
    let decoder = InputDecoder()

    func keys(_ inputs: [RawInput]) -> [InputEvent] { decoder.decode(inputs) }

    @Test func printableCharactersAreCharacterKeys() {
        #expect(keys([.character(0x61)]) == [.key(.character("a"))])
        #expect(keys([.character(0x71), .character(0x3F)]) == [.key(.character("q")), .key(.character("?"))])
    }

    @Test func cjkAndEmojiArriveAsTheirGraphemes() {
        #expect(keys([.character(0x4E2D), .character(0x6587)]) == [.key(.character("中")), .key(.character("文"))])
        #expect(keys([.character(0x1F600)]) == [.key(.character("😀"))])
    }

    @Test func scalarsOfOneGraphemeAreJoined() {
        #expect(keys([.character(0x65), .character(0x301)]) == [.key(.character("e\u{301}"))])
        #expect(keys([.character(0x1F1E8), .character(0x1F1F3)]) == [.key(.character("🇨🇳"))])
        #expect(keys([.character(0x2764), .character(0xFE0F), .character(0x61)])
            == [.key(.character("❤️")), .key(.character("a"))])
    }

    @Test func controlCodesAreNamedKeys() {
        #expect(keys([.character(3)]) == [.key(.control("c"))])
        #expect(keys([.character(1), .character(26)]) == [.key(.control("a")), .key(.control("z"))])
        #expect(keys([.character(9)]) == [.key(.tab)])
        #expect(keys([.character(13)]) == [.key(.enter)])
        #expect(keys([.character(10)]) == [.key(.enter)])
        #expect(keys([.character(27)]) == [.key(.escape)])
        #expect(keys([.character(127)]) == [.key(.backspace)])
        #expect(keys([.character(8)]) == [.key(.backspace)])
        #expect(keys([.character(0)]) == [.key(.control("@"))])
        #expect(keys([.character(31)]) == [.key(.control("_"))])
    }

    @Test func controlCodesSplitTextRuns() {
        #expect(keys([.character(0x61), .character(9), .character(0x62)])
            == [.key(.character("a")), .key(.tab), .key(.character("b"))])
    }

    @Test func keypadCodesAreNamedKeys() {
        let expected: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_BTAB, .backTab), (KEY_ENTER, .enter),
            (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)),
        ]
        for (code, key) in expected {
            #expect(keys([.keyCode(code)]) == [.key(key)], "key code \(code)")
        }
    }

    @Test func unboundKeyCodesAreDropped() {
        #expect(keys([.keyCode(KEY_IC), .keyCode(KEY_F0)]) == [])
    }

    @Test func mousePressesAreEventsAndOnlyThePrimaryButtonsReleaseIs() {
        #expect(keys([.mouse(x: 3, y: 4, state: UInt(tiles_button1_pressed()))]) == [.mouse(x: 3, y: 4, button: .left)])
        #expect(keys([.mouse(x: 0, y: 0, state: UInt(tiles_button3_pressed()))]) == [.mouse(x: 0, y: 0, button: .right)])
        #expect(keys([.mouse(x: 1, y: 1, state: UInt(tiles_button4_pressed()))]) == [.mouse(x: 1, y: 1, button: .scrollUp)])
        #expect(keys([.mouse(x: 1, y: 1, state: UInt(tiles_button5_pressed()))]) == [.mouse(x: 1, y: 1, button: .scrollDown)])
        #expect(keys([.mouse(x: 3, y: 4, state: UInt(tiles_button1_released()))]) == [.mouseRelease(x: 3, y: 4)])
        #expect(keys([.mouse(x: 3, y: 4, state: UInt(tiles_button3_released()))]) == [])
    }

    /// `text` as ncurses passes on a sequence it has no key for: one character per scalar.
    func characters(_ text: String) -> [RawInput] { text.unicodeScalars.map { .character($0.value) } }

    @Test func sgrMouseReportsAreClicksAtAnyColumnAndThePrimaryReleaseEndsADrag() {
        #expect(keys(characters("\u{1B}[<0;231;5M\u{1B}[<0;240;7m")) == [.mouse(x: 230, y: 4, button: .left), .mouseRelease(x: 239, y: 6)])
        #expect(keys(characters("\u{1B}[<2;1;1m")) == [], "another button's release")
        #expect(keys(characters("\u{1B}[<2;1;1M")) == [.mouse(x: 0, y: 0, button: .right)])
        #expect(keys(characters("\u{1B}[<64;10;3M\u{1B}[<65;10;3M"))
            == [.mouse(x: 9, y: 2, button: .scrollUp), .mouse(x: 9, y: 2, button: .scrollDown)])
        #expect(keys(characters("\u{1B}[<35;10;3M")) == [], "motion")
        #expect(keys(characters("a\u{1B}[<0;2;2Mb"))
            == [.key(.character("a")), .mouse(x: 1, y: 1, button: .left), .key(.character("b"))])
    }

    @Test func anEscapeThatIsNoMouseReportStaysAKey() {
        #expect(keys(characters("\u{1B}")) == [.key(.escape)])
        #expect(keys(characters("\u{1B}[<0;2")) == [.key(.escape), .key(.character("[")), .key(.character("<")),
                                                   .key(.character("0")), .key(.character(";")), .key(.character("2"))])
    }

    @Test func resizeCarriesTheNewSize() {
        #expect(keys([.resize(width: 80, height: 24)]) == [.resize(width: 80, height: 24)])
    }
}
