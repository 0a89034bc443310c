import Foundation
import Testing
@testable import TileTerminal

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64EndedByBEL() {
        #expect(Clipboard.osc52Sequence(copying: "hi") == "\u{1B}]52;c;aGk=\u{07}")
        #expect(Clipboard.osc52Sequence(copying: "") == "\u{1B}]52;c;\u{07}")
    }

    @Test func cjkAndEmojiSurviveTheRoundTrip() throws {
        let text = "加油,打工人!😄"
        let sequence = Clipboard.osc52Sequence(copying: text)
        let payload = try #require(sequence.dropFirst("\u{1B}]52;c;".count).split(separator: "\u{07}").first)
        #expect(String(decoding: try #require(Data(base64Encoded: String(payload))), as: UTF8.self) == text)
    }
}
