/// A TOML date, time or date-time, kept as written: TOML's four kinds differ by which parts are
/// present, and a local value has no instant until a time zone is chosen.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// A calendar date.
    public struct Date: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// A time of day; `nanosecond` holds the fraction (digits beyond nine are dropped).
    public struct Time: Hashable, Sendable {
        public var hour: Int
        public var minute: Int
        public var second: Int
        public var nanosecond: Int

        public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
            self.nanosecond = nanosecond
        }
    }

    /// Which of TOML's four kinds a value is.
    public enum Kind: Hashable, Sendable {
        /// `1979-05-27T07:32:00Z`: date, time and offset.
        case offsetDateTime
        /// `1979-05-27T07:32:00`: date and time.
        case localDateTime
        /// `1979-05-27`.
        case localDate
        /// `07:32:00`.
        case localTime
    }

    /// The date, absent in a local time.
    public var date: Date?
    /// The time, absent in a local date.
    public var time: Time?
    /// Minutes east of UTC (`Z` is 0); only an offset date-time has one.
    public var offsetMinutes: Int?

    /// A value from its parts; `offsetMinutes` needs both a date and a time.
    public init(date: Date?, time: Time?, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// The kind the present parts make.
    public var kind: Kind {
        switch (date, time) {
        case (_?, _?): offsetMinutes == nil ? .localDateTime : .offsetDateTime
        case (_?, nil): .localDate
        default: .localTime
        }
    }

    /// RFC 3339 form: `T` between date and time, the fraction without trailing zeros, `Z` for a
    /// zero offset.
    public var description: String {
        var text = ""
        if let date {
            text = Self.digits(date.year, 4) + "-" + Self.digits(date.month, 2) + "-" + Self.digits(date.day, 2)
        }
        if let time {
            if !text.isEmpty { text += "T" }
            text += Self.digits(time.hour, 2) + ":" + Self.digits(time.minute, 2) + ":" + Self.digits(time.second, 2)
            if time.nanosecond > 0 {
                var fraction = Self.digits(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let magnitude = abs(offsetMinutes)
                text += (offsetMinutes < 0 ? "-" : "+") + Self.digits(magnitude / 60, 2) + ":" + Self.digits(magnitude % 60, 2)
            }
        }
        return text
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
