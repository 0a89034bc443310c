import Foundation
import Testing
@testable import TileKit
import TileUI
import TileBase

/// Self-updating date text (docs/rules.md B4) in each catalogue's words: en_US's vectors in
/// English, and Chinese as a Chinese iOS writes it.
@Suite struct DateTextLanguageTests {
    let target = Date(timeIntervalSince1970: 1_700_000_000)

    func rendered(_ text: Text, at now: Date, in language: Language) -> (text: String, next: Date?) {
        var environment = EnvironmentValues()
        environment.now = now
        environment.zone = Zone(identifier: "Asia/Shanghai")!
        environment.dateTextWords = DateTextWordsCache.words(for: Localization.catalog(language))
        let result = CellGrid.renderTree(text.frame(maxWidth: .infinity, alignment: .leading), width: 30, height: 1, environment: environment)
        return (result.grid.text.trimmingCharacters(in: .whitespaces), result.nextChange)
    }

    @Test func theEnglishCatalogueWritesBFoursVectors() {
        #expect(DateTextWordsCache.words(for: Localization.catalog(.english)) == .english)
    }

    @Test func chineseDatesAreWrittenInChinese() {
        #expect(rendered(Text(target, style: .relative), at: target - 70, in: .simplifiedChinese).text == "1分钟10秒")
        #expect(rendered(Text(target, style: .relative), at: target - (2 * 3600 + 5), in: .simplifiedChinese).text == "2小时")
        #expect(rendered(Text(target, style: .offset), at: target - (11 * 60 + 14), in: .simplifiedChinese).text == "-11分钟")
        // 2023-11-15 06:13:20 in Shanghai.
        #expect(rendered(Text(target, style: .time), at: target, in: .simplifiedChinese).text == "上午6:13")
        #expect(rendered(Text(target, style: .date), at: target, in: .simplifiedChinese).text == "2023年11月15日")
        #expect(rendered(Text(target.addingTimeInterval(8 * 3600), style: .time), at: target, in: .english).text == "2:13 PM")
    }

    /// The next tick follows the units shown, not the words: every second while seconds show.
    @Test func aChineseRelativeTextTicksEachSecondOnlyWhileItShowsSeconds() throws {
        let seconds = rendered(Text(target, style: .relative), at: target - 70, in: .simplifiedChinese)
        #expect(try #require(seconds.next).timeIntervalSince(target - 70) <= 1)
        let hours = rendered(Text(target, style: .relative), at: target - (2 * 3600 + 5), in: .simplifiedChinese)
        #expect(try #require(hours.next).timeIntervalSince(target - (2 * 3600 + 5)) > 1)
    }
}
