import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Parses the date formats HTTP headers use (`Retry-After`, `Date`; RFC 9110 §5.6.7) by hand,
/// so that reading a header loads no date formatter or locale data (docs/performance.md).
enum HTTPDate {
    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms; `nil`
    /// when `text` is none of them or names a day that does not exist. The weekday is not checked
    /// against the date, as RFC 9110 lets recipients ignore it.
    static func parse(_ text: String) -> Date? {
        let words = text.trimmingSpaces().split(separator: " ", omittingEmptySubsequences: true)
        switch words.count {
        case 6 where words[0].hasSuffix(",") && words[5] == "GMT":
            // IMF-fixdate: "Sun," "06" "Nov" "1994" "08:49:37" "GMT".
            guard words[1].count == 2, words[3].count == 4 else { return nil }
            return date(day: words[1], month: words[2], year: words[3], time: words[4])
        case 4 where words[0].hasSuffix(",") && words[3] == "GMT":
            // RFC 850: "Sunday," "06-Nov-94" "08:49:37" "GMT"; a two-digit year within 50 years of 2000.
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let short = Int(parts[2]) else { return nil }
            return date(day: parts[0], month: parts[1], year: Substring(String(short < 50 ? 2000 + short : 1900 + short)), time: words[2])
        case 5:
            // asctime: "Sun" "Nov" "6" "08:49:37" "1994".
            guard words[4].count == 4 else { return nil }
            return date(day: words[2], month: words[1], year: words[4], time: words[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func date(day: Substring, month: Substring, year: Substring, time: Substring) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let monthIndex = months.firstIndex(of: String(month)), let year = number(year), let day = number(day),
              clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
              hour <= 23, minute <= 59, second <= 60, day >= 1
        else { return nil }
        let month = monthIndex + 1
        guard day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)))
    }

    /// Digits only (no sign, no spaces), as a number.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
