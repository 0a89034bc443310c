import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Numeric date and time fragments in a given time zone, built from calendar components so the
/// output never depends on the host's locale data (the Chinese fragments are `ChineseDate`'s).
enum NumericDate {
    /// `2022-06-09 10:00`.
    static func dateTime(_ date: Date, in timeZone: Zone) -> String {
        let c = timeZone.localTime(for: date)
        return "\(c.year)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
    }

    /// `06-09-2022 10:05`: the Commit seed's `MM-dd-yyyy HH:mm`.
    static func monthDayYearTime(_ date: Date, in timeZone: Zone) -> String {
        let c = timeZone.localTime(for: date)
        return "\(two(c.month))-\(two(c.day))-\(c.year) \(two(c.hour)):\(two(c.minute))"
    }

    /// `10:05`.
    static func time(_ date: Date, in timeZone: Zone) -> String {
        let c = timeZone.localTime(for: date)
        return "\(two(c.hour)):\(two(c.minute))"
    }

    /// `10:05` when `date` falls on the same local day as `reference`, else `06-08 10:05`.
    static func time(_ date: Date, relativeTo reference: Date, in timeZone: Zone) -> String {
        let c = timeZone.localTime(for: date), r = timeZone.localTime(for: reference)
        let sameDay = c.year == r.year && c.month == r.month && c.day == r.day
        return sameDay ? time(date, in: timeZone) : monthDayTime(date, in: timeZone)
    }

    /// `06-08 10:05`.
    static func monthDayTime(_ date: Date, in timeZone: Zone) -> String {
        let c = timeZone.localTime(for: date)
        return "\(two(c.month))-\(two(c.day)) \(time(date, in: timeZone))"
    }

    /// `2022`.
    static func year(_ date: Date, in timeZone: Zone) -> String {
        String(timeZone.localTime(for: date).year)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
