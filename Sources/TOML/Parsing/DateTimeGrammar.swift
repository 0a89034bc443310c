/// TOML's dates and times (RFC 3339 with TOML's relaxations): each field's digits and range
/// checked, February 29 only in leap years, seconds required, fractions kept to nanoseconds.
enum DateTimeGrammar {
    /// The date, time or date-time `token` spells; nil when it spells none.
    static func parse(_ token: ArraySlice<UInt8>) -> TOMLDateTime? {
        let bytes = Array(token)
        var index = 0
        var date: TOMLDateTime.Date?
        if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") {
            guard let year = number(bytes, 0, 4), bytes[7] == UInt8(ascii: "-"),
                  let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
                  (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
            date = TOMLDateTime.Date(year: year, month: month, day: day)
            index = 10
            if index == bytes.count { return TOMLDateTime(date: date, time: nil) }
            guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[index]) else { return nil }
            index += 1
        }
        guard index + 8 <= bytes.count, let hour = number(bytes, index, 2), bytes[index + 2] == UInt8(ascii: ":"),
              let minute = number(bytes, index + 3, 2), bytes[index + 5] == UInt8(ascii: ":"),
              let second = number(bytes, index + 6, 2),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        index += 8
        var nanosecond = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            var scale = 100_000_000
            while index < bytes.count, Parser.isDigit(bytes[index]) {
                nanosecond += Int(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        let time = TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        if index == bytes.count { return TOMLDateTime(date: date, time: time) }
        guard date != nil else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 <= bytes.count, let hours = number(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                  let minutes = number(bytes, index + 4, 2), hours <= 23, minutes <= 59 else { return nil }
            offset = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
    }

    /// The decimal number in `count` digits at `start`; nil unless all are digits.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard Parser.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
