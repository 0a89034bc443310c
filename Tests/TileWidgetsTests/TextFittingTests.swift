import Testing
@testable import TileWidgets

/// The almanac's 宜 and 忌 lines: as many leading items as fit, joined by the separator.
struct TextFittingTests {
    @Test func theLeadingItemsThatFitAreJoined() {
        let items = ["祭祀", "出行", "嫁娶", "a", "移徙"]
        // Each CJK item is 4 cells, a space 1.
        #expect(TextFitting.leadingLine(items, fitting: 14) == "祭祀 出行 嫁娶")
        #expect(TextFitting.leadingLine(items, fitting: 13) == "祭祀 出行")
        #expect(TextFitting.leadingLine(items, fitting: 16) == "祭祀 出行 嫁娶 a")
        #expect(TextFitting.leadingLine(items, separator: "·", fitting: 9) == "祭祀·出行")
        #expect(TextFitting.leadingLine(items, fitting: 100) == items.joined(separator: " "))
    }

    @Test func theFirstItemIsKeptEvenWhenItDoesNotFit() {
        #expect(TextFitting.leadingLine(["宜忌皆无"], fitting: 3) == "宜忌皆无")
        #expect(TextFitting.leadingLine(["", "出行"], fitting: 2) == "", "an empty first item counts as kept")
        #expect(TextFitting.leadingLine(["", "出行"], fitting: 5) == " 出行")
        #expect(TextFitting.leadingLine([], fitting: 10) == "")
    }
}
