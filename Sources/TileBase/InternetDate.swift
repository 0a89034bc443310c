import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Instants written as RFC 3339 date-times, the form every date in tiles' files and protocols
/// takes (`2026-11-24T08:00:00Z`, `2026-11-24T16:00:00.25+08:00`): read and written here with
/// integer arithmetic on the proleptic Gregorian calendar, so no formatter, locale or time zone
/// database is loaded for them (docs/performance.md).
public enum InternetDate {
    /// The instant `text` names, with the offset it was written in (seconds east of UTC); nil
    /// unless `text` is exactly `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with every field in
    /// range (a day that exists in its month, hours 00–23, seconds 00–59). `t` and `z` may be
    /// lower case, as RFC 3339 allows.
    public static func parseWithOffset(_ text: String) -> (date: Date, offset: Int)? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2), scanner.skip(":"),
              let second = scanner.digits(2)
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            var scale = 0.1, count = 0
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        let offset: Int
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else {
            guard let sign = scanner.next(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                  let hours = scanner.digits(2), scanner.skip(":"), let minutes = scanner.digits(2),
                  hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard scanner.isAtEnd, (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let seconds = CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return (Date(timeIntervalSince1970: Double(seconds) + fraction), offset)
    }

    /// The instant `text` names (see `parseWithOffset`).
    public static func parse(_ text: String) -> Date? {
        parseWithOffset(text)?.date
    }

    /// `date` in UTC to the whole second at or before it: `2026-11-24T08:00:00Z`; with
    /// `fractionalSeconds`, to the millisecond: `2026-11-24T08:00:00.250Z`.
    public static func string(from date: Date, fractionalSeconds: Bool = false) -> String {
        // Within ±1.9 million years, which Int holds in milliseconds; NaN (no instant) as 1970.
        let exact = (date.timeIntervalSince1970 * 1_000).rounded(.down)
        let milliseconds = exact.isNaN ? 0 : Int(Swift.min(Swift.max(exact, -6e16), 6e16))
        let (seconds, millisecond) = milliseconds.quotientAndFlooredRemainder(dividingBy: 1_000)
        let (days, secondOfDay) = seconds.quotientAndFlooredRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(secondOfDay / 3_600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
        if fractionalSeconds { text += ".\(padded(millisecond, 3))" }
        return text + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Reads ASCII bytes left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        /// Exactly `count` digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}

private extension Int {
    /// The quotient rounded toward negative infinity, and the remainder, never negative.
    func quotientAndFlooredRemainder(dividingBy divisor: Int) -> (Int, Int) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}
