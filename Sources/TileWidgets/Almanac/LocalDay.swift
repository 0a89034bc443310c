import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// A civil (Gregorian) calendar date as seen on a wall clock in some time zone.
///
/// Computed with integer arithmetic rather than `Calendar` so that the almanac's
/// day boundaries, weekday and Julian Day Number all come from one place.
struct LocalDay: Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int
    /// Days since 1970-01-01 for this civil date; the basis for JDN and weekday.
    var daysSinceEpoch: Int

    /// The civil date containing `date` on the wall clock of `timeZone`.
    init(_ date: Date, in timeZone: Zone) {
        self.init(daysSinceEpoch: timeZone.localTime(for: date).daysSinceEpoch)
    }

    /// The civil date `daysSinceEpoch` days after 1970-01-01.
    init(daysSinceEpoch days: Int) {
        (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        daysSinceEpoch = days
    }

    /// Julian Day Number of this date (the JD at local noon), as the 干支 formula expects.
    var julianDayNumber: Int { daysSinceEpoch + 2_440_588 }

    /// 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday.
    var weekday: Int { mod(daysSinceEpoch + 4, 7) }

    /// The instant at which this day ends (next local midnight) in `timeZone`.
    ///
    /// Uses the offset in force at that midnight so DST changes during the day do not shift it.
    func end(in timeZone: Zone) -> Date {
        let wallSeconds = Double(daysSinceEpoch + 1) * 86_400
        let naive = Date(timeIntervalSince1970: wallSeconds)
        let guess = naive - Double(timeZone.secondsFromGMT(for: naive))
        let offset = Double(timeZone.secondsFromGMT(for: guess))
        return Date(timeIntervalSince1970: wallSeconds - offset)
    }
}

/// Euclidean remainder: always in `0..<m`, unlike `%` for negative values.
func mod(_ a: Int, _ m: Int) -> Int {
    let r = a % m
    return r < 0 ? r + m : r
}
