import Foundation
import Testing
import TileUI
@testable import TileWidgets
import TileBase

/// Dates shared by the almanac and Chinese-date tests.
enum Fixture {
    static let shanghai = Almanac.chinaTimeZone

    /// Parses an ISO 8601 instant such as "2022-06-09T12:00:00+08:00".
    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            fatalError("bad ISO 8601 instant in test: \(text)")
        }
        return date
    }

    /// Noon in Shanghai on a civil date, the usual way to name "that day" in these tests.
    static func shanghaiNoon(_ ymd: String) -> Date { instant("\(ymd)T12:00:00+08:00") }
}

@Suite("Almanac")
struct AlmanacTests {
    @Test func referenceDay20220609MatchesSixTail() {
        let day = Almanac.day(for: Fixture.shanghaiNoon("2022-06-09"), in: Fixture.shanghai)
        #expect(day.lunarMonth == 5)
        #expect(day.lunarDay == 11)
        #expect(!day.isLeapMonth)
        #expect(day.lunarDateText == "五月十一")
        #expect(day.yearGanZhi == "壬寅")
        #expect(day.monthGanZhi == "丙午")
        #expect(day.dayGanZhi == "癸巳")
        #expect(day.zodiac == "虎")
        #expect(day.officer == "闭")
        #expect(day.yi == ["祭祀", "筑堤", "补垣", "塞穴"])
        #expect(day.ji == ["开市", "出行", "求医", "嫁娶"])
        #expect(day.summary == "五月十一 · 癸巳 · 闭")
    }

    @Test func referenceDay20261121MatchesSixTail() {
        let day = Almanac.day(for: Fixture.shanghaiNoon("2026-11-21"), in: Fixture.shanghai)
        #expect(day.lunarMonth == 10)
        #expect(day.lunarDay == 13)
        #expect(day.lunarDateText == "十月十三")
        #expect(day.yearGanZhi == "丙午")
        #expect(day.monthGanZhi == "己亥")
        #expect(day.dayGanZhi == "己亥")
        #expect(day.zodiac == "马")
        #expect(day.officer == "建")
        #expect(day.yi == ["出行", "赴任", "会友", "求财", "纳财", "裁衣"])
        #expect(day.ji == ["动土", "开仓", "乘船", "安葬"])
        #expect(day.summary == "十月十三 · 己亥 · 建")
    }

    @Test func defaultTimeZoneIsShanghai() {
        let date = Fixture.instant("2022-06-09T17:00:00Z")
        #expect(Almanac.day(for: date) == Almanac.day(for: date, in: Fixture.shanghai))
        #expect(Fixture.shanghai.identifier == "Asia/Shanghai")
    }

    @Test func dayPillarOf20000101IsWuWu() {
        #expect(Almanac.day(for: Fixture.shanghaiNoon("2000-01-01"), in: Fixture.shanghai).dayGanZhi == "戊午")
    }

    @Test func dayPillarAdvancesOneStepEveryDayForTwoCycles() {
        let start = Almanac.day(for: Fixture.shanghaiNoon("2022-06-09"), in: Fixture.shanghai)
        var previous = GanZhiIndex.of(start.dayGanZhi)
        for offset in 1...120 {
            let date = Fixture.shanghaiNoon("2022-06-09") + Double(offset) * 86_400
            let index = GanZhiIndex.of(Almanac.day(for: date, in: Fixture.shanghai).dayGanZhi)
            #expect(index == (previous + 1) % 60, "day \(offset)")
            previous = index
        }
    }

    @Test func officerRepeatsOnJieDayOfMangzhong2022() {
        let before = Almanac.day(for: Fixture.shanghaiNoon("2022-06-05"), in: Fixture.shanghai)
        let jieDay = Almanac.day(for: Fixture.shanghaiNoon("2022-06-06"), in: Fixture.shanghai)
        #expect(before.officer == "成")
        #expect(jieDay.officer == "成")
        #expect(before.monthGanZhi == "乙巳")
        #expect(jieDay.monthGanZhi == "丙午")
    }

    @Test func jieLateInTheEveningStillStartsTheMonthThatDay() {
        // 2026 芒种 is 06-05 23:48 China time (NAOJ 06-06 00:48 JST).
        #expect(Almanac.day(for: Fixture.shanghaiNoon("2026-06-04"), in: Fixture.shanghai).monthGanZhi == "癸巳")
        #expect(Almanac.day(for: Fixture.instant("2026-06-05T00:00:00+08:00"), in: Fixture.shanghai).monthGanZhi == "甲午")
    }

    @Test func officerRepeatsExactlyOncePerJieOverAYear() {
        var repeats: [String] = []
        var previous = Almanac.day(for: Fixture.shanghaiNoon("2021-12-31"), in: Fixture.shanghai)
        for offset in 1...365 {
            let date = Fixture.shanghaiNoon("2021-12-31") + Double(offset) * 86_400
            let day = Almanac.day(for: date, in: Fixture.shanghai)
            if day.officer == previous.officer { repeats.append(ChineseDate.monthDay(date, in: Fixture.shanghai)) }
            previous = day
        }
        // The 12 节 of 2022 in China time (小寒 … 大雪).
        #expect(repeats == ["01/05", "02/04", "03/05", "04/05", "05/05", "06/06",
                            "07/07", "08/07", "09/07", "10/08", "11/07", "12/07"])
    }

    @Test func jianDayIsWhereDayBranchEqualsMonthBranch() {
        for offset in 0..<365 {
            let day = Almanac.day(for: Fixture.shanghaiNoon("2026-01-01") + Double(offset) * 86_400, in: Fixture.shanghai)
            #expect((day.officer == "建") == (day.dayGanZhi.last == day.monthGanZhi.last), "\(day)")
        }
    }

    @Test func monthPillarYearTurnsAtLichunButYearPillarAtSpringFestival() {
        let beforeXiaohan = Almanac.day(for: Fixture.shanghaiNoon("2026-01-04"), in: Fixture.shanghai)
        let xiaohan = Almanac.day(for: Fixture.shanghaiNoon("2026-01-05"), in: Fixture.shanghai)
        let beforeLichun = Almanac.day(for: Fixture.shanghaiNoon("2026-02-03"), in: Fixture.shanghai)
        let lichun = Almanac.day(for: Fixture.shanghaiNoon("2026-02-04"), in: Fixture.shanghai)
        let newYearsEve = Almanac.day(for: Fixture.shanghaiNoon("2026-02-16"), in: Fixture.shanghai)
        let springFestival = Almanac.day(for: Fixture.shanghaiNoon("2026-02-17"), in: Fixture.shanghai)
        #expect(beforeXiaohan.monthGanZhi == "戊子")
        #expect(xiaohan.monthGanZhi == "己丑")
        #expect(beforeLichun.monthGanZhi == "己丑")
        #expect(lichun.monthGanZhi == "庚寅")
        #expect(lichun.yearGanZhi == "乙巳")
        #expect(lichun.zodiac == "蛇")
        #expect(newYearsEve.lunarDateText == "腊月廿九")
        #expect(springFestival.lunarDateText == "正月初一")
        #expect(springFestival.yearGanZhi == "丙午")
        #expect(springFestival.zodiac == "马")
    }

    @Test func eleventhLunarMonthIsCalledDongYue() {
        #expect(Almanac.day(for: Fixture.shanghaiNoon("2000-01-01"), in: Fixture.shanghai).lunarDateText == "冬月廿五")
    }

    @Test func leapSecondMonthOf2023() {
        let cases: [(String, String, Bool)] = [
            ("2023-03-21", "二月三十", false),
            ("2023-03-22", "闰二月初一", true),
            ("2023-04-01", "闰二月十一", true),
            ("2023-04-19", "闰二月廿九", true),
            ("2023-04-20", "三月初一", false),
        ]
        for (ymd, text, isLeap) in cases {
            let day = Almanac.day(for: Fixture.shanghaiNoon(ymd), in: Fixture.shanghai)
            #expect(day.lunarDateText == text, "\(ymd)")
            #expect(day.isLeapMonth == isLeap, "\(ymd)")
            #expect(day.lunarMonth == (ymd == "2023-04-20" ? 3 : 2), "\(ymd)")
        }
    }

    @Test func leapSixthMonthOf2025StartsOnJuly25() {
        let day = Almanac.day(for: Fixture.shanghaiNoon("2025-07-25"), in: Fixture.shanghai)
        #expect(day.lunarDateText == "闰六月初一")
        #expect(day.isLeapMonth)
        #expect(day.lunarMonth == 6)
        #expect(day.lunarDay == 1)
    }

    @Test func localMidnightTurnsTheDay() {
        let lastSecond = Almanac.day(for: Fixture.instant("2022-06-09T23:59:59+08:00"), in: Fixture.shanghai)
        let midnight = Almanac.day(for: Fixture.instant("2022-06-10T00:00:00+08:00"), in: Fixture.shanghai)
        #expect(lastSecond.lunarDateText == "五月十一")
        #expect(midnight.lunarDateText == "五月十二")
        #expect(lastSecond.dayGanZhi == "癸巳")
        #expect(midnight.dayGanZhi == "甲午")
    }

    @Test func theTimeZonePassedInDecidesTheDay() {
        // 2022-06-09 17:00 UTC is already 06-10 01:00 in Shanghai.
        let date = Fixture.instant("2022-06-09T17:00:00Z")
        let inShanghai = Almanac.day(for: date, in: Fixture.shanghai)
        let inUTC = Almanac.day(for: date, in: Zone(identifier: "UTC")!)
        #expect(inShanghai.dayGanZhi == "甲午")
        #expect(inShanghai.lunarDateText == "五月十二")
        #expect(inUTC.dayGanZhi == "癸巳")
        #expect(inUTC.lunarDateText == "五月十一")
    }

    @Test func lunarDayNamesFollowAlmanacStyle() {
        let names = (1...30).map(LunarDateText.day)
        #expect(names == ["初一", "初二", "初三", "初四", "初五", "初六", "初七", "初八", "初九", "初十",
                          "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八", "十九", "二十",
                          "廿一", "廿二", "廿三", "廿四", "廿五", "廿六", "廿七", "廿八", "廿九", "三十"])
        #expect(LunarDateText.monthNames.last == "腊月")
        #expect(LunarDateText.month(11, isLeap: false) == "冬月")
        #expect(LunarDateText.month(4, isLeap: true) == "闰四月")
    }

    @Test func officerTableFollowsDataSources() {
        #expect(DayOfficer.allCases.map(\.name).joined() == "建除满平定执破危成收开闭")
        #expect(DayOfficer.cheng.yi == ["嫁娶", "开市", "入学", "交易", "修造", "入宅", "出行"])
        #expect(DayOfficer.cheng.ji == ["词讼"])
        #expect(DayOfficer(dayBranch: 5, monthBranch: 6) == .bi)
        #expect(DayOfficer(dayBranch: 11, monthBranch: 11) == .jian)
        for officer in DayOfficer.allCases {
            #expect(!officer.yi.isEmpty && !officer.ji.isEmpty, "\(officer.name)")
            #expect(Set(officer.yi).isDisjoint(with: officer.ji), "\(officer.name)")
        }
    }

    @Test func ganZhiFromStemAndBranchCoversTheCycle() {
        for index in 0..<60 {
            let pillar = GanZhi(index: index)
            #expect(GanZhi(stem: pillar.stem, branch: pillar.branch).index == index)
        }
        #expect(GanZhi(index: 0).name == "甲子")
        #expect(GanZhi(index: 59).name == "癸亥")
        #expect(GanZhi(index: -1).name == "癸亥")
    }

    @Test func nextMidnightIsTheStartOfTheFollowingLocalDay() {
        #expect(Almanac.nextMidnight(after: Fixture.instant("2022-06-09T15:30:00+08:00"), in: Fixture.shanghai)
            == Fixture.instant("2022-06-10T00:00:00+08:00"))
        #expect(Almanac.nextMidnight(after: Fixture.instant("2022-06-10T00:00:00+08:00"), in: Fixture.shanghai)
            == Fixture.instant("2022-06-11T00:00:00+08:00"))
        #expect(Almanac.nextMidnight(after: Fixture.instant("2022-06-09T23:59:59+08:00"), in: Fixture.shanghai)
            == Fixture.instant("2022-06-10T00:00:00+08:00"))
    }

    @Test func nextMidnightFollowsDaylightSavingTime() {
        let newYork = Zone(identifier: "America/New_York")!
        // 2024-03-10 is 23 hours long in New York.
        #expect(Almanac.nextMidnight(after: Fixture.instant("2024-03-09T12:00:00-05:00"), in: newYork)
            == Fixture.instant("2024-03-10T00:00:00-05:00"))
        #expect(Almanac.nextMidnight(after: Fixture.instant("2024-03-10T12:00:00-04:00"), in: newYork)
            == Fixture.instant("2024-03-11T00:00:00-04:00"))
    }

    @Test func almanacDayRoundTripsThroughJSON() throws {
        let day = Almanac.day(for: Fixture.shanghaiNoon("2023-04-01"), in: Fixture.shanghai)
        let decoded = try JSONDecoder().decode(AlmanacDay.self, from: JSONEncoder().encode(day))
        #expect(decoded == day)
    }

    @Test func aThousandDaysTakeUnderTwoSeconds() {
        let start = ContinuousClock.now
        for offset in 0..<1_000 {
            _ = Almanac.day(for: Fixture.shanghaiNoon("2020-01-01") + Double(offset) * 86_400, in: Fixture.shanghai)
        }
        // 1,000 days in under 2 s leaves ample headroom for debug builds on a busy machine.
        #expect(ContinuousClock.now - start < .seconds(2))
    }
}

/// Looks up a 干支 name's position in the cycle, for tests that walk the cycle.
enum GanZhiIndex {
    static func of(_ name: String) -> Int {
        (0..<60).first { GanZhi(index: $0).name == name } ?? -1
    }
}

@Suite("Solar terms")
struct SolarTermTests {
    /// The local day (in China) on which `term` begins in `year`, as "MM/dd".
    func jieDay(_ term: SolarTerm, _ year: Int) -> String {
        ChineseDate.monthDay(term.instant(inYear: year), in: Fixture.shanghai)
    }

    @Test func publishedJieDatesInChina() {
        #expect(jieDay(.mangzhong, 2022) == "06/06")
        #expect(jieDay(.lidong, 2026) == "11/07")
        #expect(jieDay(.daxue, 2026) == "12/07")
        #expect(jieDay(.lichun, 2026) == "02/04")
        #expect(jieDay(.lichun, 2021) == "02/03")
        #expect(jieDay(.mangzhong, 2026) == "06/05")
    }

    @Test func jieInstantsAreWithinFiveMinutesOfNAOJ() {
        // 国立天文台 暦要項, JST (UTC+9), DDHHMM for 小寒, 立春 … 大雪 (months 1…12).
        let naoj: [Int: String] = [
            2005: "051503 040243 052045 050134 051853 052302 070917 071903 072157 081333 071642 070933",
            2024: "060549 041727 051123 041602 050910 051310 062320 070909 071211 080400 070720 070017",
            2025: "051133 032310 051707 042149 051457 051857 070505 071452 071752 080941 071304 070605",
            2026: "051723 040502 052259 050340 052049 060048 071057 072043 072341 081529 071852 071153",
        ]
        for (year, row) in naoj {
            for (month, entry) in zip(1..., row.split(separator: " ")) {
                let digits = Array(entry).map { Int(String($0))! }
                let day = digits[0] * 10 + digits[1], hour = digits[2] * 10 + digits[3]
                let minute = digits[4] * 10 + digits[5]
                let wall = CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400
                let published = Double(wall + hour * 3_600 + minute * 60 - 9 * 3_600)
                let term = month == 1 ? SolarTerm.xiaohan : SolarTerm(rawValue: month - 2)!
                let error = term.instant(inYear: year).timeIntervalSince1970 - published
                #expect(abs(error) < 5 * 60, "\(year) \(term.name) off by \(Int(error)) s")
            }
        }
    }

    @Test func termInForceFollowsLongitude() {
        #expect(SolarTerm.inForce(atLongitude: 315) == .lichun)
        #expect(SolarTerm.inForce(atLongitude: 314.999) == .xiaohan)
        #expect(SolarTerm.inForce(atLongitude: 359.9) == .jingzhe)
        #expect(SolarTerm.inForce(atLongitude: 0.1) == .jingzhe)
        #expect(SolarTerm.inForce(atLongitude: 75) == .mangzhong)
        #expect(SolarTerm.inForce(atLongitude: 285) == .xiaohan)
        #expect(SolarTerm.allCases.map { GanZhi.branches[$0.monthBranch] }.joined() == "寅卯辰巳午未申酉戌亥子丑")
    }
}
