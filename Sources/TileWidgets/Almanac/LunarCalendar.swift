import FoundationEssentials
import Synchronization
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The Chinese calendar (农历), computed from the sun and the moon as the calendar's rules say,
/// in China Standard Time (UTC+8, for every year, as ICU's calendar counted it):
///
/// - a month begins on the day of a new moon (`NewMoon`);
/// - the month in which the winter solstice falls is the 11th;
/// - when 13 months begin between one 11th month and the next, the first of them in which no
///   major solar term (中气: the sun at a multiple of 30°) begins is a leap month, numbered as
///   the month before it;
/// - the year begins with the 1st month (正月初一).
///
/// Replaces ICU's `Calendar(identifier: .chinese)`, which loaded ICU's calendar data into every
/// board showing the almanac (docs/performance.md); `LunarCalendarTests` checks every day of
/// 1901–2099 against a table made from it.
enum LunarCalendar {
    /// A day of the Chinese calendar.
    struct Day: Hashable, Sendable {
        /// The Gregorian year in which this lunar year began (its 正月初一 is in January or February of it).
        var year: Int
        /// 1…12.
        var month: Int
        /// 1…30.
        var day: Int
        var isLeapMonth: Bool
    }

    /// The lunar day of the civil day `daysSinceEpoch` days after 1970-01-01.
    static func day(daysSinceEpoch day: Int) -> Day {
        let year = CivilDate.date(daysSinceEpoch: day).year
        var months = self.months(ofSuiBeginningIn: year)
        if day < months[0].firstDay { months = self.months(ofSuiBeginningIn: year - 1) }
        // The sui's months begin on or before `day` (the list of the year before otherwise); the
        // first month stands in should an extreme date defeat the formulas.
        let month = months.last { $0.firstDay <= day } ?? months[0]
        return Day(year: month.year, month: month.number, day: day - month.firstDay + 1, isLeapMonth: month.isLeap)
    }

    /// One month: the day it begins, its number, whether it is a leap month, and its lunar year.
    struct Month: Hashable, Sendable {
        var firstDay: Int
        var number: Int
        var isLeap: Bool
        var year: Int
    }

    /// China Standard Time, seconds east of UTC.
    static let chinaOffset = 8 * 3_600

    /// The months from the 11th month of `year` (the one holding December's winter solstice) to
    /// the month before the next 11th, made once per year (a widget asks for every day of a month).
    static func months(ofSuiBeginningIn year: Int) -> [Month] {
        if let known = computed.withLock({ $0[year] }) { return known }
        let months = computeMonths(ofSuiBeginningIn: year)
        computed.withLock { computed in
            if computed.count >= 64 { computed.removeAll(keepingCapacity: true) }
            computed[year] = months
        }
        return months
    }

    private static let computed = Mutex<[Int: [Month]]>([:])

    private static func computeMonths(ofSuiBeginningIn year: Int) -> [Month] {
        let solstice = winterSolsticeDay(year), nextSolstice = winterSolsticeDay(year + 1)
        // The lunation that begins the 11th month: the last new moon on or before the solstice's day.
        var eleventh = NewMoon.lunation(near: Date(timeIntervalSince1970: Double(solstice) * 86_400))
        while newMoonDay(eleventh) > solstice { eleventh -= 1 }
        while newMoonDay(eleventh + 1) <= solstice { eleventh += 1 }
        var nextEleventh = eleventh + 12
        while newMoonDay(nextEleventh) > nextSolstice { nextEleventh -= 1 }
        while newMoonDay(nextEleventh + 1) <= nextSolstice { nextEleventh += 1 }
        let hasLeapMonth = nextEleventh - eleventh == 13

        var months = [Month(firstDay: newMoonDay(eleventh), number: 11, isLeap: false, year: year)]
        var number = 12, lunarYear = year, leapFound = false
        for lunation in (eleventh + 1)..<nextEleventh {
            let first = newMoonDay(lunation)
            if hasLeapMonth, !leapFound, majorTerm(atStartOf: first) == majorTerm(atStartOf: newMoonDay(lunation + 1)) {
                leapFound = true
                months.append(Month(firstDay: first, number: months[months.count - 1].number, isLeap: true, year: lunarYear))
                continue
            }
            if number == 1 { lunarYear = year + 1 }
            months.append(Month(firstDay: first, number: number, isLeap: false, year: lunarYear))
            number = number % 12 + 1
        }
        return months
    }

    /// The day (China Standard Time) of new moon number `lunation`.
    static func newMoonDay(_ lunation: Int) -> Int {
        let day = chinaDay(NewMoon.instant(lunation))
        return settledNewMoonDays[day] ?? day
    }

    /// New moons that the computation puts within a minute of midnight in China, closer than
    /// the error of the lunar terms and of ΔT predicted decades ahead, so the day cannot be
    /// told from it: the day the month begins in ICU's calendar (which tiles used before), by
    /// the day computed. 2057-09-28 23:59:05 and 2097-08-07 23:59:10 by the computation; the
    /// only such new moons in 1901–2099 (docs/data-sources.md has the evidence).
    static let settledNewMoonDays: [Int: Int] = [
        CivilDate.daysSinceEpoch(year: 2057, month: 9, day: 28): CivilDate.daysSinceEpoch(year: 2057, month: 9, day: 29),
        CivilDate.daysSinceEpoch(year: 2097, month: 8, day: 7): CivilDate.daysSinceEpoch(year: 2097, month: 8, day: 8),
    ]

    /// The major solar term in force at the start of `day` in China: the sun's longitude in
    /// whole 30° steps. A month with the same value at its first day and the next month's holds none.
    static func majorTerm(atStartOf day: Int) -> Int {
        let midnight = Date(timeIntervalSince1970: Double(day * 86_400 - chinaOffset))
        return Int(SolarPosition.apparentLongitude(at: midnight) / 30)
    }

    /// The day (China Standard Time) of the December solstice of `year`.
    static func winterSolsticeDay(_ year: Int) -> Int {
        let guess = Date(timeIntervalSince1970: Double(CivilDate.daysSinceEpoch(year: year, month: 12, day: 21)) * 86_400)
        return chinaDay(SolarPosition.instant(reaching: 270, from: guess))
    }

    private static func chinaDay(_ instant: Date) -> Int {
        Int(((instant.timeIntervalSince1970 + Double(chinaOffset)) / 86_400).rounded(.down))
    }
}
