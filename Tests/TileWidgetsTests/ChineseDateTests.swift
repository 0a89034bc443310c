import Foundation
import Testing
import TestSupport
import TileUI
@testable import TileWidgets
import TileBase

/// The seeds' date fragments: numeric ones (`ChineseDate`) and, in Chinese, the words
/// (`LocalDateWords` from the catalogue).
@Suite("ChineseDate", .language(.simplifiedChinese))
struct ChineseDateTests {
    @Test func june6th2022InShanghai() {
        let date = Fixture.shanghaiNoon("2022-06-06")
        #expect(LocalDateWords.weekday(date, in: Fixture.shanghai) == "周一")
        #expect(LocalDateWords.month(date, in: Fixture.shanghai) == "06月")
        #expect(LocalDateWords.monthDay(date, in: Fixture.shanghai) == "06月06日")
        #expect(LocalDateWords.weekdayDayMonth(weekday: 0, day: 29, month: 11) == "11月29日 周日")
        #expect(ChineseDate.dayText(date, in: Fixture.shanghai) == "06")
        #expect(ChineseDate.monthDay(date, in: Fixture.shanghai) == "06/06")
    }

    @Test func weekdaysOfTheReferenceDays() {
        #expect(LocalDateWords.weekday(Fixture.shanghaiNoon("2022-06-09"), in: Fixture.shanghai) == "周四")
        #expect(LocalDateWords.weekday(Fixture.shanghaiNoon("2026-11-21"), in: Fixture.shanghai) == "周六")
        let week = (0..<7).map { LocalDateWords.weekday(Fixture.shanghaiNoon("2022-06-05") + Double($0) * 86_400, in: Fixture.shanghai) }
        #expect(week == ["周日", "周一", "周二", "周三", "周四", "周五", "周六"])
    }

    @Test func theTimeZoneDecidesTheDate() {
        // 2022-06-05 16:30 UTC is 06-06 00:30 in Shanghai.
        let date = Fixture.instant("2022-06-05T16:30:00Z")
        let utc = Zone(identifier: "UTC")!
        #expect(ChineseDate.monthDay(date, in: Fixture.shanghai) == "06/06")
        #expect(LocalDateWords.weekday(date, in: Fixture.shanghai) == "周一")
        #expect(ChineseDate.monthDay(date, in: utc) == "06/05")
        #expect(LocalDateWords.weekday(date, in: utc) == "周日")
    }

    @Test(.language(.english)) func inEnglishTheSameDaysReadInEnglish() {
        let date = Fixture.shanghaiNoon("2022-06-06")
        #expect(LocalDateWords.weekday(date, in: Fixture.shanghai) == "Mon")
        #expect(LocalDateWords.monthWeekday(date, in: Fixture.shanghai) == "Jun Mon")
        #expect(LocalDateWords.monthDay(date, in: Fixture.shanghai) == "06 Jun")
        #expect(LocalDateWords.weekdayDayMonth(weekday: 0, day: 29, month: 11) == "Sun 29 Nov")
    }

    @Test func twoDigitMonthsAndDays() {
        let date = Fixture.shanghaiNoon("2026-12-31")
        #expect(LocalDateWords.month(date, in: Fixture.shanghai) == "12月")
        #expect(ChineseDate.dayText(date, in: Fixture.shanghai) == "31")
        #expect(ChineseDate.monthDay(Fixture.shanghaiNoon("2026-01-09"), in: Fixture.shanghai) == "01/09")
    }

    @Test func localDayArithmeticRoundTripsAcrossCenturies() {
        for days in stride(from: -80_000, through: 80_000, by: 97) {
            let civil = LocalDay(daysSinceEpoch: days)
            #expect(CivilDate.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day) == days)
        }
        let beforeEpoch = LocalDay(Fixture.instant("1969-12-31T23:59:59Z"), in: Zone(identifier: "UTC")!)
        #expect(beforeEpoch == LocalDay(daysSinceEpoch: -1))
        #expect(beforeEpoch.year == 1969 && beforeEpoch.month == 12 && beforeEpoch.day == 31)
        #expect(LocalDay(daysSinceEpoch: CivilDate.daysSinceEpoch(year: 2024, month: 2, day: 29)).day == 29)
        #expect(LocalDay(Fixture.shanghaiNoon("2000-01-01"), in: Fixture.shanghai).julianDayNumber == 2_451_545)
    }
}

@Suite("WeatherCode")
struct WeatherCodeTests {
    /// In the language in use, English in tests (Chinese is the catalogue's, checked by `tiles render`).
    @Test func namesFromTheWMOTable() {
        #expect(WeatherCode.name(2) == "Partly cloudy")
        #expect(WeatherCode.name(0) == "Clear")
        #expect(WeatherCode.name(3) == "Overcast")
        #expect(WeatherCode.name(63) == "Rain")
        #expect(WeatherCode.name(75) == "Heavy snow")
        #expect(WeatherCode.name(95) == "Thunderstorm")
        #expect(WeatherCode.name(99) == "Thunderstorm with hail")
    }

    @Test func unknownCodesAreUnknown() {
        #expect(WeatherCode.name(999) == "Unknown")
        #expect(WeatherCode.name(-1) == "Unknown")
        #expect(WeatherCode.name(4) == "Unknown")
        #expect(WeatherCode.symbol(999) == "?")
    }

    @Test func everyKnownCodeHasANameAndASymbol() {
        let known = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77,
                     80, 81, 82, 85, 86, 95, 96, 97, 99]
        for code in known {
            #expect(WeatherCode.name(code) != "Unknown", "\(code)")
            #expect(WeatherCode.symbol(code) != "?", "\(code)")
        }
        #expect(WeatherCode.symbol(0) == "☀️")
        #expect(WeatherCode.symbol(61) == "🌧")
        #expect(WeatherCode.symbol(71) == "❄️")
        #expect(WeatherCode.symbol(95) == "⛈")
    }
}
