import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Formats self-updating date text as docs/rules.md B4 specifies (en_US), as a pure function of the
/// target date and "now", and says when the text next changes.
public enum DateTextFormatter {
    /// `.time`: short time, "9:41 AM" (B4.2).
    static func time(_ date: Date, in zone: Zone, words: DateTextWords = .english) -> String {
        let parts = zone.localTime(for: date)
        let hour12 = parts.hour % 12 == 0 ? 12 : parts.hour % 12
        let minute = parts.minute < 10 ? "0\(parts.minute)" : "\(parts.minute)"
        return DateTextWords.fill(words.time, ["hour": "\(hour12)", "minute": minute, "period": parts.hour < 12 ? words.morning : words.afternoon])
    }

    /// `.date`: long date, "April 1, 2020" (B4.2).
    static func date(_ date: Date, in zone: Zone, words: DateTextWords = .english) -> String {
        let parts = zone.localTime(for: date)
        let month = words.months.indices.contains(parts.month - 1) ? words.months[parts.month - 1] : "\(parts.month)"
        return DateTextWords.fill(words.date, ["month": month, "day": "\(parts.day)", "year": "\(parts.year)"])
    }

    /// `.relative`: |Δ| in at most two units, "1 min, 10 sec" (B4.3).
    static func relative(to target: Date, now: Date, words: DateTextWords = .english) -> String {
        let shown = relativeUnits(to: target, now: now)
        let phrases = shown.map { words.phrase($0.count, $0.unit, in: words.relative) }
        return phrases.count == 2 ? DateTextWords.fill(words.pair, ["first": phrases[0], "second": phrases[1]]) : phrases[0]
    }

    /// The one or two units `.relative` shows, largest first; `0 sec` when there is no distance.
    static func relativeUnits(to target: Date, now: Date) -> [(count: Int, unit: DateTextWords.Unit)] {
        let counts = UnitFields(seconds: Int(abs(target.timeIntervalSince(now))), from: min(target, now)).counts
        guard let first = counts.firstIndex(where: { $0 > 0 }) else { return [(0, .second)] }
        var shown = [(counts[first], DateTextWords.Unit.allCases[first])]
        if first + 1 < counts.count, counts[first + 1] > 0 { shown.append((counts[first + 1], DateTextWords.Unit.allCases[first + 1])) }
        return shown
    }

    /// `.offset`: the largest non-zero unit in full, "-" for the future, "+" for the past (B4.4).
    static func offset(to target: Date, now: Date, words: DateTextWords = .english) -> String {
        let (count, unit) = offsetUnit(to: target, now: now)
        let sign = target.timeIntervalSince(now) > 0 && count > 0 ? "-" : "+"
        return sign + words.phrase(count, unit, in: words.offset)
    }

    /// The unit `.offset` shows: the largest that is not zero, else `0 seconds`.
    static func offsetUnit(to target: Date, now: Date) -> (count: Int, unit: DateTextWords.Unit) {
        let counts = UnitFields(seconds: Int(abs(target.timeIntervalSince(now))), from: min(target, now)).counts
        guard let index = counts.firstIndex(where: { $0 > 0 }) else { return (0, .second) }
        return (counts[index], DateTextWords.Unit.allCases[index])
    }

    /// `.timer`: counts down to a future date (ceiling) and up after it (floor), unsigned (B4.5).
    static func timer(to target: Date, now: Date) -> String {
        let delta = target.timeIntervalSince(now)
        let seconds = delta > 0 ? Int(delta.rounded(.up)) : Int((-delta).rounded(.down))
        return clock(seconds, showsHours: true)
    }

    /// `Text(timerInterval:pauseTime:countsDown:showsHours:)` (B4.6).
    static func timerInterval(
        _ interval: ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool, now: Date
    ) -> String {
        let current = min(max(pauseTime ?? now, interval.lowerBound), interval.upperBound)
        let seconds: Int
        if countsDown {
            seconds = Int(interval.upperBound.timeIntervalSince(current).rounded(.up))
        } else {
            seconds = Int(current.timeIntervalSince(interval.lowerBound).rounded(.down))
        }
        return clock(seconds, showsHours: showsHours)
    }

    /// `H:MM:SS` from an hour on (when hours are shown), else `M:SS`.
    public static func clock(_ total: Int, showsHours: Bool) -> String {
        let hours = showsHours ? total / 3600 : 0
        let minutes = (total - hours * 3600) / 60
        let seconds = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
    }

    /// The next instant after `now` at which a text counting whole `step`s from `target` changes.
    public static func nextTick(after now: Date, alignedTo target: Date, step: TimeInterval) -> Date {
        let elapsed = now.timeIntervalSince(target)
        return target.addingTimeInterval((floor(elapsed / step) + 1) * step)
    }

}

/// A span split into calendar units, truncated (B4.3), as `Calendar` splits one in UTC: whole
/// years added to the start while they fit, then whole months (a day past a month's end goes
/// back to its last day), then days, hours, minutes and seconds.
struct UnitFields: Equatable {
    var years = 0, months = 0, days = 0, hours = 0, minutes = 0, seconds = 0

    /// The counts largest unit first, as `DateTextWords.Unit` orders them.
    var counts: [Int] { [years, months, days, hours, minutes, seconds] }

    init(years: Int = 0, months: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        (self.years, self.months, self.days) = (years, months, days)
        (self.hours, self.minutes, self.seconds) = (hours, minutes, seconds)
    }

    init(seconds total: Int, from start: Date) {
        let begin = Int64(start.timeIntervalSince1970.rounded(.down))
        // Past 300,000 years the text says so in years anyway; the bound keeps the sum in range.
        let end = begin + Int64(min(total, 10_000_000_000_000))
        let endTime = LocalTime(wallClockSeconds: end)
        var cursor = begin
        func fitting(_ guess: Int, months step: Int) -> Int {
            var count = max(guess, 0)
            while count > 0 && Self.adding(months: count * step, to: cursor) > end { count -= 1 }
            while Self.adding(months: (count + 1) * step, to: cursor) <= end { count += 1 }
            return count
        }
        let startTime = LocalTime(wallClockSeconds: begin)
        years = fitting(endTime.year - startTime.year, months: 12)
        cursor = Self.adding(months: years * 12, to: cursor)
        let at = LocalTime(wallClockSeconds: cursor)
        months = fitting((endTime.year - at.year) * 12 + endTime.month - at.month, months: 1)
        cursor = Self.adding(months: months, to: cursor)
        var rest = end - cursor
        days = Int(rest / 86_400)
        rest %= 86_400
        hours = Int(rest / 3_600)
        minutes = Int(rest / 60 % 60)
        seconds = Int(rest % 60)
    }

    /// `time` (UTC seconds) moved by `months` calendar months, its day of the month kept or, past
    /// the new month's end, moved back to it.
    static func adding(months: Int, to time: Int64) -> Int64 {
        let local = LocalTime(wallClockSeconds: time)
        let index = local.year * 12 + local.month - 1 + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        let day = min(local.day, CivilDate.daysIn(month: month, year: year))
        let secondOfDay = Int64(local.hour * 3_600 + local.minute * 60 + local.second)
        return Int64(CivilDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400 + secondOfDay
    }
}
