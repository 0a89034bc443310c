import Foundation
import Testing
@testable import TileUI
import TileBase

/// Self-updating date text (docs/rules.md B4), rendered through the real layout tree.
@Suite struct DateTextTests {
    let target = Date(timeIntervalSince1970: 1_700_000_000)

    func rendered(_ text: Text, at now: Date, width: Int = 30) -> (text: String, next: Date?) {
        var environment = EnvironmentValues()
        environment.now = now
        environment.zone = Zone(identifier: "America/Los_Angeles")!
        let result = CellGrid.renderTree(text.frame(maxWidth: .infinity, alignment: .leading), width: width, height: 1, environment: environment)
        return (result.grid.text.trimmingCharacters(in: .whitespaces), result.nextChange)
    }

    @Test func testRelativeShowsTwoUnitsWithoutSign() {
        #expect(rendered(Text(target, style: .relative), at: target - 70).text == "1 min, 10 sec")
        #expect(rendered(Text(target, style: .relative), at: target + 70).text == "1 min, 10 sec")
        #expect(rendered(Text(target, style: .relative), at: target - (11 * 60 + 14)).text == "11 min, 14 sec")
        #expect(rendered(Text(target, style: .relative), at: target - (2 * 3600 + 5)).text == "2 hr")
        #expect(rendered(Text(target, style: .relative), at: target).text == "0 sec")
    }

    @Test func testOffsetShowsLargestUnitSignedAndTruncated() {
        #expect(rendered(Text(target, style: .offset), at: target - 70).text == "-1 minute")
        #expect(rendered(Text(target, style: .offset), at: target - (11 * 60 + 14)).text == "-11 minutes")
        #expect(rendered(Text(target, style: .offset), at: target + 2 * 3600 + 30).text == "+2 hours")
    }

    @Test func testTimerCountsDownWithCeilingAndUpWithFloor() {
        #expect(rendered(Text(target, style: .timer), at: target - 70).text == "1:10")
        #expect(rendered(Text(target, style: .timer), at: target - 69.5).text == "1:10")
        #expect(rendered(Text(target, style: .timer), at: target - 900).text == "15:00")
        #expect(rendered(Text(target, style: .timer), at: target - 0.2).text == "0:01")
        #expect(rendered(Text(target, style: .timer), at: target).text == "0:00")
        #expect(rendered(Text(target, style: .timer), at: target + 0.9).text == "0:00")
        #expect(rendered(Text(target, style: .timer), at: target + (36 * 3600 + 59 * 60 + 1)).text == "36:59:01")
    }

    @Test func testPausedTimerIntervalFreezes() {
        let start = target, end = target + 12 * 60
        let paused = Text(timerInterval: start...end, pauseTime: start + 10 * 60)
        let running = Text(timerInterval: start...end)
        #expect(rendered(running, at: start).text == "12:00")
        #expect(rendered(running, at: start + 10 * 60).text == "2:00")
        #expect(rendered(running, at: end + 60).text == "0:00")
        #expect(rendered(paused, at: start).text == "2:00")
        #expect(rendered(paused, at: end + 3600).text == "2:00")
        #expect(rendered(paused, at: start).next == nil)
        #expect(rendered(running, at: end + 60).next == nil)
        #expect(rendered(Text(timerInterval: start...(start + 5400), showsHours: false), at: start).text == "90:00")
        #expect(rendered(Text(timerInterval: start...end, countsDown: false), at: start + 61).text == "1:01")
    }

    @Test func testTimeAndDateDoNotTick() {
        let date = Date(timeIntervalSince1970: 1_585_759_260)  // 2020-04-01 16:41 UTC = 9:41 AM PDT
        let time = rendered(Text(date, style: .time), at: target)
        #expect(time.text == "9:41 AM")
        #expect(time.next == nil)
        #expect(rendered(Text(date, style: .date), at: target).text == "April 1, 2020")
        #expect(rendered(Text(date...(date + 5 * 3600 + 4 * 60)), at: target).text == "9:41 AM – 2:45 PM")
    }

    @Test func testTickingTextReportsItsNextChange() {
        #expect(rendered(Text(target, style: .timer), at: target - 70.5).next == target - 70)
        #expect(rendered(Text(target, style: .relative), at: target - 70).next == target - 69)
        // Without a seconds field the text changes once a minute.
        #expect(rendered(Text(target, style: .relative), at: target - 7230).next == target - 7200)
        let tree = HStack { Text("a"); Text(target, style: .timer) }
        var environment = EnvironmentValues()
        environment.now = target - 10
        #expect(CellGrid.renderTree(tree, width: 20, height: 1, environment: environment).nextChange == target - 9)
    }
}
