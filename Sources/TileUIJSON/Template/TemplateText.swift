import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// How template values become text: numbers without a trailing `.0`, grouped digits, sizes,
/// dates in the board's zone and times relative to now, all without ICU.
enum TemplateText {
    /// `value` as text: a string as it is, a number in its shortest form, anything else as JSON.
    static func plain(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case .number(let number)?: return JSONWriter.format(number)
        case let other?: return other.jsonText
        }
    }

    /// A number, from a number or a string that reads as one (`"42.5"`).
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: return number
        case .string(let text)?: return Double(text.trimmingSpaces()).flatMap { $0.isFinite ? $0 : nil }
        case .bool(let flag)?: return flag ? 1 : 0
        default: return nil
        }
    }

    /// A moment: Unix seconds (milliseconds past the year 33658), or an RFC 3339 date.
    static func date(_ value: JSONValue?) -> Date? {
        if case .string(let text)? = value { return InternetDate.parse(text.trimmingSpaces()) }
        guard let seconds = number(value) else { return nil }
        return Date(timeIntervalSince1970: seconds > 1e12 ? seconds / 1000 : seconds)
    }

    /// `12,345.68`: grouped by thousands, `digits` after the point.
    static func grouped(_ number: Double, digits: Int) -> String {
        guard number.isFinite else { return "–" }
        let scale = pow(10.0, Double(digits))
        let scaled = (abs(number) * scale).rounded()
        guard scaled < 9e18 else { return JSONWriter.format(number) }
        let whole = UInt64(scaled) / UInt64(scale)
        let fraction = UInt64(scaled) % UInt64(scale)
        var digitsText = Array(String(whole))
        var groupedText = ""
        while digitsText.count > 3 {
            groupedText = "," + String(digitsText.suffix(3)) + groupedText
            digitsText.removeLast(3)
        }
        groupedText = String(digitsText) + groupedText
        if digits > 0 {
            let fractionText = String(fraction)
            groupedText += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return (number < 0 && scaled > 0 ? "-" : "") + groupedText
    }

    /// `5 min ago`, `in 2 h`, `just now`: the largest whole unit.
    static func relative(_ date: Date, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        let size = abs(seconds)
        if size < 45 { return "just now" }
        let (count, unit): (Int, String) = switch size {
        case ..<3_600: (Int((size / 60).rounded()), "min")
        case ..<86_400: (Int((size / 3_600).rounded()), "h")
        default: (Int((size / 86_400).rounded()), count(days: size))
        }
        return seconds < 0 ? "\(count) \(unit) ago" : "in \(count) \(unit)"
    }

    private static func count(days size: Double) -> String {
        Int((size / 86_400).rounded()) == 1 ? "day" : "days"
    }

    /// `date` in `zone` by `pattern`: `yyyy`, `yy`, `MM`, `M`, `dd`, `d`, `HH`, `H`, `hh`, `h`,
    /// `mm`, `ss`, `a` (AM/PM), `EEE` (Mon); anything else is copied, and text in single quotes
    /// is copied as it is.
    static func format(_ date: Date, pattern: String, zone: Zone) -> String {
        let time = zone.localTime(for: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var output = ""
        var characters = Array(pattern)[...]
        while let first = characters.first {
            if first == "'" {
                let quoted = characters.dropFirst().prefix { $0 != "'" }
                output += String(quoted)
                characters = characters.dropFirst(quoted.count + 2)
                continue
            }
            let run = characters.prefix { $0 == first }.count
            characters = characters.dropFirst(run)
            let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
            switch (first, run) {
            case ("y", 2): output += two(time.year % 100)
            case ("y", _): output += String(time.year)
            case ("M", 1): output += String(time.month)
            case ("M", _): output += two(time.month)
            case ("d", 1): output += String(time.day)
            case ("d", _): output += two(time.day)
            case ("H", 1): output += String(time.hour)
            case ("H", _): output += two(time.hour)
            case ("h", 1): output += String(hour12)
            case ("h", _): output += two(hour12)
            case ("m", _): output += two(time.minute)
            case ("s", _): output += two(time.second)
            case ("a", _): output += time.hour < 12 ? "AM" : "PM"
            case ("E", _): output += weekdays[time.weekday]
            default: output += String(repeating: first, count: run)
            }
        }
        return output
    }
}
