import Foundation
import Testing
import TestSupport
import TileKit
import TileUI
@testable import TileWidgets
import TileBase

/// The calendar widget's month: Gregorian days, lunar days, solar terms, the week.
@Suite(.language(.simplifiedChinese)) struct CalendarWidgetTests {
    static let china = Zone(secondsFromGMT: 8 * 3600)

    @Test func solarTermsBeginOnThePrintedDays() {
        // 2022 in China Standard Time, as wall calendars print them.
        let terms = SolarTermCalendar.days(inYear: 2022, in: Self.china)
        func day(_ month: Int, _ day: Int) -> Int { CivilDate.daysSinceEpoch(year: 2022, month: month, day: day) }
        let expected = [
            (1, 5, "小寒"), (1, 20, "大寒"), (2, 4, "立春"), (3, 20, "春分"), (4, 5, "清明"), (6, 6, "芒种"),
            (6, 21, "夏至"), (8, 7, "立秋"), (9, 23, "秋分"), (11, 7, "立冬"), (12, 7, "大雪"), (12, 22, "冬至"),
        ]
        for (month, date, name) in expected {
            #expect(terms[day(month, date)] == name, "\(month)/\(date)")
        }
        #expect(terms.count == 24)
    }

    @Test func aMonthHasItsDaysLunarDaysAndTerms() throws {
        let entry = CalendarEntry(date: try #require(ISO8601DateFormatter().date(from: "2022-06-09T02:00:00Z")), timeZone: Self.china)
        #expect(entry.month.count == 30)
        #expect(entry.today.day == 9 && entry.today.weekday == 3, "a Thursday")
        #expect(entry.lunarDate == "五月十一")
        #expect(entry.month[0].weekday == 2, "June 2022 began on a Wednesday")
        #expect(entry.month[5].lunar == "芒种" && entry.month[5].isTerm)
        #expect(entry.month[20].lunar == "夏至")
        #expect(entry.month[28].lunar == "六月", "a lunar month's first day shows the month")
        #expect(entry.month[9].lunar == "十二" && !entry.month[9].isTerm)
        #expect(entry.week.map { $0?.day } == [6, 7, 8, 9, 10, 11, 12])
    }

    @Test func aWeekAtTheMonthsEdgeLeavesTheOtherMonthsDaysOut() throws {
        let entry = CalendarEntry(date: try #require(ISO8601DateFormatter().date(from: "2022-06-01T02:00:00Z")), timeZone: Self.china)
        #expect(entry.week.map { $0?.day } == [nil, nil, 1, 2, 3, 4, 5])
    }

    @Test func theWidgetIsLocalAndDrawsEveryFamily() throws {
        let services = WidgetServices(environment: [:], directories: nil, version: "test", timeZone: Self.china, offline: true)
        let widget = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "calendar" })
        #expect(widget.computesLocally)
        let now = try #require(ISO8601DateFormatter().date(from: "2022-06-09T02:00:00Z"))
        for family in widget.supportedFamilies {
            let entry = widget.placeholder(in: TimelineContext(family: family, now: now))
            #expect(widget.render(entry, family: family, environment: EnvironmentValues()).grid.text.contains(family == .systemSmall ? "五月十一" : "2022年6月"))
        }
    }
}
