import FoundationEssentials
import TileKit
import TileBase

/// Month and weekday names and short dates in the language in use, from the catalogue's
/// `[weekday]`, `[month]` and `[date]` texts: `06 Jun` and `Mon` in English, `06月06日` and `周一`
/// in Chinese (the seeds' own forms).
enum LocalDateWords {
    /// The short weekday name of `date`'s day in `zone`: `Mon`, `周一`.
    static func weekday(_ date: Date, in zone: Zone) -> String {
        weekdayName(LocalDay(date, in: zone).weekday)
    }

    /// The short weekday name of a weekday index, 0 for Sunday.
    static func weekdayName(_ index: Int) -> String {
        L(weekdayKeys[((index % 7) + 7) % 7])
    }

    /// The short name of `date`'s month in `zone`: `Jun`, `06月`.
    static func month(_ date: Date, in zone: Zone) -> String {
        monthName(LocalDay(date, in: zone).month)
    }

    /// The short name of month `number` (1–12).
    static func monthName(_ number: Int) -> String {
        L(monthKeys[min(max(number, 1), 12) - 1])
    }

    /// The month and its day: `06 Jun`, `06月06日`.
    static func monthDay(_ date: Date, in zone: Zone) -> String {
        let day = LocalDay(date, in: zone)
        return L("date.month_day", ["month": monthName(day.month), "day": twoDigits(day.day)])
    }

    /// The weekday, the day and the month: `Sun 29 Nov`, `11月29日 周日`.
    static func weekdayDayMonth(weekday: Int, day: Int, month: Int) -> String {
        L("date.weekday_day_month", ["weekday": weekdayName(weekday), "day": String(day), "month": monthName(month)])
    }

    /// The month and the weekday: `Jun Mon`, `06月 周一`.
    static func monthWeekday(_ date: Date, in zone: Zone) -> String {
        L("date.month_weekday", ["month": month(date, in: zone), "weekday": weekday(date, in: zone)])
    }

    /// The year: `2022`, `2022年`.
    static func year(_ date: Date, in zone: Zone) -> String {
        L("date.year", ["year": String(LocalDay(date, in: zone).year)])
    }

    /// The full name of month `number` (1–12): `June`, `6月`.
    static func longMonthName(_ number: Int) -> String {
        L(monthKeys[min(max(number, 1), 12) - 1] + "_long")
    }

    /// The year and the month: `June 2022`, `2022年6月`.
    static func yearMonth(year: Int, month: Int) -> String {
        L("date.year_month", ["year": String(year), "month": longMonthName(month)])
    }

    private static let weekdayKeys = ["weekday.sun", "weekday.mon", "weekday.tue", "weekday.wed", "weekday.thu", "weekday.fri", "weekday.sat"]
    private static let monthKeys = ["month.jan", "month.feb", "month.mar", "month.apr", "month.may", "month.jun",
                                    "month.jul", "month.aug", "month.sep", "month.oct", "month.nov", "month.dec"]

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
