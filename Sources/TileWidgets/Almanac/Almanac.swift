import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Computes the Chinese almanac (黄历) for a date, entirely offline.
///
/// Every function is pure: the instant and the time zone are inputs, and the
/// local calendar day in that zone decides the lunar date and all three pillars.
public enum Almanac {
    /// China Standard Time (Asia/Shanghai), the zone almanacs are printed for.
    public static let chinaTimeZone: Zone =
        Zone(identifier: "Asia/Shanghai") ?? Zone(secondsFromGMT: 8 * 3_600)

    /// The almanac for the local calendar day containing `date` in `timeZone`.
    ///
    /// The year pillar is the lunar year's (it turns at 春节, as almanacs print "壬寅(虎)年");
    /// the month pillar's own year turns at 立春, as 6tail and 八字 practice do.
    public static func day(for date: Date, in timeZone: Zone = chinaTimeZone) -> AlmanacDay {
        let civil = LocalDay(date, in: timeZone)

        // The lunar date of the civil day in `timeZone`, its months counted in China's time.
        let lunar = LunarCalendar.day(daysSinceEpoch: civil.daysSinceEpoch)
        // 1984 (and every 60 years from it) began a 甲子 year.
        let year = GanZhi(index: lunar.year - 4)

        let dayPillar = GanZhi(dayWithJulianDayNumber: civil.julianDayNumber)
        let monthPillar = monthPillar(for: civil, in: timeZone)
        let officer = DayOfficer(dayBranch: dayPillar.branch, monthBranch: monthPillar.branch)

        let text = LunarDateText.date(month: lunar.month, day: lunar.day, isLeap: lunar.isLeapMonth)
        return AlmanacDay(
            lunarMonth: lunar.month, lunarDay: lunar.day, isLeapMonth: lunar.isLeapMonth, lunarDateText: text,
            yearGanZhi: year.name, monthGanZhi: monthPillar.name, dayGanZhi: dayPillar.name,
            zodiac: year.zodiacAnimal, officer: officer.name, yi: officer.yi, ji: officer.ji,
            summary: "\(text) · \(dayPillar.name) · \(officer.name)"
        )
    }

    /// The start of the next local day in `timeZone` after `date`, for midnight-turnover timelines.
    ///
    /// Follows the zone's rules, so a day with a DST change is 23 or 25 hours long.
    public static func nextMidnight(after date: Date, in timeZone: Zone) -> Date {
        timeZone.nextMidnight(after: date)
    }

    /// The month pillar in force on `civil`: its branch comes from the last 节 on or before that day.
    ///
    /// A 节 that begins at any moment of the day makes that whole day part of the new
    /// month (6tail's rule), so the sun is sampled at the day's closing midnight.
    static func monthPillar(for civil: LocalDay, in timeZone: Zone) -> GanZhi {
        let longitude = SolarPosition.apparentLongitude(at: civil.end(in: timeZone))
        let term = SolarTerm.inForce(atLongitude: longitude)
        // The pillar year turns at 立春: January and early February still belong to the year before.
        let pillarYear = civil.month <= 2 && (term == .daxue || term == .xiaohan)
            ? civil.year - 1 : civil.year
        let yearStem = mod(pillarYear - 4, 10)
        // 五虎遁: 甲己→丙寅, 乙庚→戊寅, 丙辛→庚寅, 丁壬→壬寅, 戊癸→甲寅.
        let yinMonthStem = (yearStem % 5) * 2 + 2
        return GanZhi(stem: yinMonthStem + term.rawValue, branch: term.monthBranch)
    }
}
