import Foundation
import Testing
@testable import TileUI

/// What a screen reader says for a drawing: texts in drawing order, accessibility labels, values
/// and hiding as SwiftUI has them, pictures left out, and nothing collected unless asked.
@Suite struct AccessibilityTests {
    static func spoken<V: View>(_ view: V, width: Int = 30, height: Int = 6) -> String? {
        var environment = EnvironmentValues()
        environment.speaksContent = true
        return RetainedDrawing(view, width: width, height: height, environment: environment).spoken.map(Speech.sentence)
    }

    @Test func textsAreSaidInOrderJoinedByCommas() {
        let view = VStack {
            Text("Shanghai")
            HStack { Text("cloudy"); Text("28°") }
        }
        #expect(Self.spoken(view) == "Shanghai, cloudy, 28°")
    }

    @Test func aLabelReplacesItsViewsWordsAndAValueFollowsIt() {
        let view = VStack {
            Text("☁️ 28°").accessibilityLabel("Cloudy").accessibilityValue("28 degrees")
            Text("↑06:31 ↓16:52").accessibilityValue("sunrise 06:31").accessibilityLabel("Sun")
            Text("▁▂▃▅▇").accessibilityHidden()
            Text("H 18° L 9°")
        }
        #expect(Self.spoken(view) == "Cloudy, 28 degrees, Sun, sunrise 06:31, H 18° L 9°")
    }

    @Test func picturesHiddenAndRedactedTextsAreSilent() {
        let view = VStack {
            Text("▁▂▃▅▇█")
            Text("secret").redacted(reason: .placeholder)
            Text("shown").hidden()
            Text("line one\nline two\u{1B}[31m")
        }
        #expect(Self.spoken(view) == "line one line two[31m")
    }

    @Test func nothingIsCollectedUnlessAsked() {
        #expect(RetainedDrawing(Text("a"), width: 5, height: 1).spoken == nil)
    }

    @Test func aSentenceNeedsNoCommaAfterItsOwnPunctuation() {
        #expect(Speech.sentence(["加油，", "打工人!", "换一句", "  "]) == "加油， 打工人! 换一句")
        #expect(Speech.sentence(["Updated:", "08:00"]) == "Updated: 08:00")
    }

    @Test func aDrawingThatSpeaksIsRenderedAgainAtATickSoItsWordsFollow() {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 0)
        let view = Text(Date(timeIntervalSince1970: 0), style: .timer)
        #expect(RetainedDrawing(view, width: 10, height: 1, environment: environment).advance(to: Date(timeIntervalSince1970: 1)))
        environment.speaksContent = true
        let speaking = RetainedDrawing(view, width: 10, height: 1, environment: environment)
        #expect(speaking.spoken == ["0:00"])
        #expect(!speaking.advance(to: Date(timeIntervalSince1970: 1)))
    }

    @Test func aToggleSaysItsLabelAndThenItsStateInWords() {
        var environment = EnvironmentValues()
        environment.speaksContent = true
        environment.toggleStateWords = ToggleStateWords(on: "开", off: "关")
        let toggle = Toggle("lamp", isOn: false, action: WidgetAction(name: "power"))
        let drawing = RetainedDrawing(toggle, width: 10, height: 1, environment: environment)
        #expect(drawing.spoken.map(Speech.sentence) == "lamp, 关")
        // Speaking or not, the toggle draws the same.
        #expect(drawing.grid.text == CellGrid.render(toggle, width: 10, height: 1).text)
    }
}
