import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The 24 solar terms (二十四节气) by the day they begin on, for the calendar widget: every 15° of
/// the sun's apparent longitude from 春分 at 0°, the instant found as the almanac finds its 节.
enum SolarTermCalendar {
    /// The names from 小寒 (285°) on, in the order they fall in a Gregorian year.
    static let names = ["小寒", "大寒", "立春", "雨水", "惊蛰", "春分", "清明", "谷雨", "立夏", "小满", "芒种", "夏至",
                        "小暑", "大暑", "立秋", "处暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至"]

    /// The terms that begin in Gregorian `year`, by the day (days since 1970) they begin on in
    /// `timeZone`.
    static func days(inYear year: Int, in timeZone: Zone) -> [Int: String] {
        var days: [Int: String] = [:]
        for (index, name) in names.enumerated() {
            let longitude = Double((285 + 15 * index) % 360)
            days[LocalDay(instant(longitude: longitude, year: year, index: index), in: timeZone).daysSinceEpoch] = name
        }
        return days
    }

    /// When the sun reaches `longitude` in `year` (term `index` from 小寒), from the term's mean
    /// day of the year.
    private static func instant(longitude: Double, year: Int, index: Int) -> Date {
        let meanDayOfYear = 5.6 + 15.22 * Double(index)
        let newYear = Double(CivilDate.daysSinceEpoch(year: year, month: 1, day: 1))
        return SolarPosition.instant(reaching: longitude, from: Date(timeIntervalSince1970: (newYear + meanDayOfYear) * 86_400))
    }
}
