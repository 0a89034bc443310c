import Foundation

/// Formats self-updating date text as docs/rules.md B4 specifies (en_US), as a pure function of the
/// target date and "now", and says when the text next changes.
enum DateTextFormatter {
    /// `.time`: short time, "9:41 AM" (B4.2).
    static func time(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        let hour12 = parts.hour! % 12 == 0 ? 12 : parts.hour! % 12
        let minute = parts.minute! < 10 ? "0\(parts.minute!)" : "\(parts.minute!)"
        return "\(hour12):\(minute) \(parts.hour! < 12 ? "AM" : "PM")"
    }

    /// `.date`: long date, "April 1, 2020" (B4.2).
    static func date(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        return "\(monthNames[parts.month! - 1]) \(parts.day!), \(parts.year!)"
    }

    /// `.relative`: |Δ| in at most two units, "1 min, 10 sec" (B4.3).
    static func relative(to target: Date, now: Date) -> String {
        let fields = UnitFields(seconds: Int(abs(target.timeIntervalSince(now))), from: min(target, now))
        let units: [(Int, String, String)] = [
            (fields.years, "yr", "yr"), (fields.months, "mo", "mo"), (fields.days, "day", "days"),
            (fields.hours, "hr", "hr"), (fields.minutes, "min", "min"), (fields.seconds, "sec", "sec"),
        ]
        guard let first = units.firstIndex(where: { $0.0 > 0 }) else { return "0 sec" }
        var text = "\(units[first].0) \(units[first].0 == 1 ? units[first].1 : units[first].2)"
        if first + 1 < units.count, units[first + 1].0 > 0 {
            let next = units[first + 1]
            text += ", \(next.0) \(next.0 == 1 ? next.1 : next.2)"
        }
        return text
    }

    /// `.offset`: the largest non-zero unit in full, "-" for the future, "+" for the past (B4.4).
    static func offset(to target: Date, now: Date) -> String {
        let delta = target.timeIntervalSince(now)
        let fields = UnitFields(seconds: Int(abs(delta)), from: min(target, now))
        let units: [(Int, String)] = [
            (fields.years, "year"), (fields.months, "month"), (fields.days, "day"),
            (fields.hours, "hour"), (fields.minutes, "minute"), (fields.seconds, "second"),
        ]
        guard let unit = units.first(where: { $0.0 > 0 }) else { return "+0 seconds" }
        let sign = delta > 0 ? "-" : "+"
        return "\(sign)\(unit.0) \(unit.1)\(unit.0 == 1 ? "" : "s")"
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
    static func clock(_ total: Int, showsHours: Bool) -> String {
        let hours = showsHours ? total / 3600 : 0
        let minutes = (total - hours * 3600) / 60
        let seconds = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
    }

    /// The next instant after `now` at which a text counting whole `step`s from `target` changes.
    static func nextTick(after now: Date, alignedTo target: Date, step: TimeInterval) -> Date {
        let elapsed = now.timeIntervalSince(target)
        return target.addingTimeInterval((floor(elapsed / step) + 1) * step)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    private static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    }
}

/// A span split into calendar units, truncated (B4.3).
private struct UnitFields {
    var years = 0, months = 0, days = 0, hours = 0, minutes = 0, seconds = 0

    init(seconds total: Int, from start: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let end = start.addingTimeInterval(TimeInterval(total))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start, to: end)
        years = parts.year ?? 0
        months = parts.month ?? 0
        days = parts.day ?? 0
        hours = parts.hour ?? 0
        minutes = parts.minute ?? 0
        seconds = parts.second ?? 0
    }
}
