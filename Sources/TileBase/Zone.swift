import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A time zone, as tiles keeps time in it: the system's rules read from
/// `/usr/share/zoneinfo` (TZif), a fixed offset, or, only for a name the system has no file for,
/// Foundation's `TimeZone`.
///
/// Foundation's named zones are ICU's, and the first one a process makes loads ICU's data and
/// code into a board's resident memory (docs/performance.md); a `Zone` read from
/// the system's files does not, and it follows the system's tzdata as `date` does.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The name the zone was made from ("Asia/Shanghai", "UTC", "GMT+0800"), as entries store it.
    public let identifier: String
    private let source: Source

    private enum Source: Sendable {
        case fixed(Int)
        case rules(ZoneRules)
        case foundation(TimeZone)
    }

    /// Coordinated Universal Time.
    public static let utc = Zone(identifier: "UTC", source: .fixed(0))

    private init(identifier: String, source: Source) {
        self.identifier = identifier
        self.source = source
    }

    /// The zone named `identifier`: "UTC", "GMT" or an offset from it ("GMT+8", "GMT-05:30"),
    /// a file below `/usr/share/zoneinfo` ("Europe/Berlin"), or, when the system has no such
    /// file, Foundation's zone of that name. Nil when none of them knows it.
    public init?(identifier: String) {
        if let known = Self.made.withLock({ $0[identifier] }) {
            self = known
            return
        }
        guard let zone = Zone(reading: identifier) else { return nil }
        Self.made.withLock { made in
            if made.count < 64 { made[identifier] = zone }
        }
        self = zone
    }

    /// Zones made by name so far, so that entries decoded by the hundred read each file once.
    private static let made = Mutex<[String: Zone]>([:])

    private init?(reading identifier: String) {
        if let offset = Self.offset(inGMTName: identifier) {
            self = offset == 0 ? Zone(identifier: identifier, source: .fixed(0)) : Zone(secondsFromGMT: offset)
        } else if let rules = ZoneRules.load(identifier: identifier) {
            self.init(identifier: identifier, source: .rules(rules))
        } else if let timeZone = TimeZone(identifier: identifier) {
            self.init(identifier: timeZone.identifier, source: .foundation(timeZone))
        } else {
            return nil
        }
    }

    /// A zone `seconds` east of UTC all year, named as Foundation names one ("GMT+0800").
    public init(secondsFromGMT seconds: Int) {
        guard seconds != 0 else {
            self.init(identifier: "GMT", source: .fixed(0))
            return
        }
        let minutes = abs(seconds) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let name = "GMT" + (seconds < 0 ? "-" : "+") + two(minutes / 60) + two(minutes % 60)
        self.init(identifier: name, source: .fixed(seconds))
    }

    /// The zone of a POSIX TZ rule such as `CST-8` or `EST5EDT,M3.2.0,M11.1.0`, named by it.
    public init?(posixRule rule: String) {
        guard let rules = ZoneRules.posix(rule) else { return nil }
        self.init(identifier: rule, source: .rules(rules))
    }

    /// The zone of Foundation's `timeZone`, read from the system's files when they have it.
    public init(_ timeZone: TimeZone) {
        self = Zone(identifier: timeZone.identifier) ?? Zone(identifier: timeZone.identifier, source: .foundation(timeZone))
    }

    /// Foundation's zone of the same name (or offset), for APIs that take one. Making it loads
    /// ICU for a named zone, which the board itself never does.
    public var foundationTimeZone: TimeZone {
        switch source {
        case .fixed(let offset): return TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)!
        case .rules: return TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: secondsFromGMT(for: Date())) ?? TimeZone(secondsFromGMT: 0)!
        case .foundation(let timeZone): return timeZone
        }
    }

    public var description: String { identifier }

    public static func == (left: Zone, right: Zone) -> Bool { left.identifier == right.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    // MARK: Offsets

    /// The offset from UTC in seconds (east positive) in force at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        offset(at: Self.seconds(date))
    }

    /// Whether daylight saving time is in force at `date`.
    public func isDaylightSavingTime(for date: Date) -> Bool {
        switch source {
        case .fixed: return false
        case .rules(let rules): return rules.isDaylightSavingTime(at: Self.seconds(date))
        case .foundation(let timeZone): return timeZone.isDaylightSavingTime(for: date)
        }
    }

    /// The next instant after `date` at which the offset changes, if the zone has one.
    public func nextTransition(after date: Date) -> Date? {
        nextTransition(after: Self.seconds(date)).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    private func offset(at seconds: Int64) -> Int {
        switch source {
        case .fixed(let offset): return offset
        case .rules(let rules): return rules.secondsFromGMT(at: seconds)
        case .foundation(let timeZone): return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
    }

    private func nextTransition(after seconds: Int64) -> Int64? {
        switch source {
        case .fixed: return nil
        case .rules(let rules): return rules.nextTransition(after: seconds)
        case .foundation(let timeZone):
            return timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(seconds)))
                .map { Int64($0.timeIntervalSince1970.rounded(.up)) }
        }
    }

    // MARK: Wall clock

    /// The date and time a wall clock in this zone shows at `date`.
    public func localTime(for date: Date) -> LocalTime {
        let utc = Self.seconds(date)
        return LocalTime(wallClockSeconds: utc + Int64(offset(at: utc)))
    }

    /// The first instant at which a wall clock in this zone shows `wallClockSeconds` (seconds
    /// from 1970-01-01 00:00 on that clock). Of a time shown twice (clocks turned back), the
    /// first; of a time never shown (clocks turned forward over it), the instant the gap ends,
    /// as `Calendar` gives them.
    public func firstInstant(atWallClock wallClockSeconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(firstInstant(at: wallClockSeconds)))
    }

    /// The first instant of the local day containing `date` (midnight, or the end of a gap
    /// over midnight).
    public func startOfDay(for date: Date) -> Date {
        firstInstant(atWallClock: Int64(localTime(for: date).daysSinceEpoch) * 86_400)
    }

    /// The first instant of the local day after the one containing `date`: its next midnight,
    /// 23 or 25 hours on when the day has a daylight-saving change.
    public func nextMidnight(after date: Date) -> Date {
        firstInstant(atWallClock: Int64(localTime(for: date).daysSinceEpoch + 1) * 86_400)
    }

    /// The first instant after `date` at which the wall clock shows `hour`:`minute`:00 (or, on a
    /// day when that time is skipped, the instant the clocks skip it), as `Calendar`'s
    /// `nextDate(after:matching:matchingPolicy: .nextTime)` finds it.
    public func nextDate(after date: Date, hour: Int, minute: Int) -> Date {
        let now = Self.seconds(date)
        let today = Int64(localTime(for: date).daysSinceEpoch)
        let timeOfDay = Int64(hour * 3_600 + minute * 60)
        for day in today - 1...today + 2 {
            let candidate = firstInstant(at: day * 86_400 + timeOfDay)
            if TimeInterval(candidate) > date.timeIntervalSince1970 { return Date(timeIntervalSince1970: TimeInterval(candidate)) }
        }
        return Date(timeIntervalSince1970: TimeInterval(now + 86_400))
    }

    private func firstInstant(at wall: Int64) -> Int64 {
        // The offsets a day either side bound the ones that can apply: zones change at most
        // twice in a few days, so each candidate is checked against the offset at its instant.
        let around = [offset(at: wall - 86_400), offset(at: wall + 86_400)]
        var offsets = around
        for candidate in around { offsets.append(offset(at: wall - Int64(candidate))) }
        var first: Int64?
        for candidate in Set(offsets) where offset(at: wall - Int64(candidate)) == candidate {
            first = min(first ?? .max, wall - Int64(candidate))
        }
        if let first { return first }
        // No instant shows it: the clocks jumped over it, and the day goes on from the jump.
        let latest = Int64(offsets.max() ?? 0)
        return nextTransition(after: wall - latest - 1) ?? (wall - latest)
    }

    /// Whole seconds since 1970 of `date`, rounded down.
    private static func seconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        guard value.isFinite else { return 0 }
        return Int64(max(min(value, 1e17), -1e17))
    }

    // MARK: Names

    /// The offset of a name Foundation reads as a fixed offset: "UTC", "GMT", "GMT+8", "GMT+0800",
    /// "GMT-05:30", "UTC+1". Nil for any other name.
    static func offset(inGMTName name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 3 else { return nil }
        let prefix = String(decoding: bytes[0..<3], as: UTF8.self)
        guard prefix == "GMT" || prefix == "UTC" else { return nil }
        if bytes.count == 3 { return 0 }
        guard bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[3] == UInt8(ascii: "-") ? -1 : 1
        let rest = bytes[4...].filter { $0 != UInt8(ascii: ":") }
        guard !rest.isEmpty, rest.count <= 4, rest.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              bytes[4...].filter({ $0 == UInt8(ascii: ":") }).count <= 1 else { return nil }
        let digits = rest.map { Int($0) - 48 }
        let hours: Int, minutes: Int
        switch digits.count {
        case 1, 2: (hours, minutes) = (digits.reduce(0) { $0 * 10 + $1 }, 0)
        case 3: (hours, minutes) = (digits[0], digits[1] * 10 + digits[2])
        default: (hours, minutes) = (digits[0] * 10 + digits[1], digits[2] * 10 + digits[3])
        }
        guard hours <= 18, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}

/// A date and time on a wall clock: the Gregorian calendar's fields, and the day's number.
public struct LocalTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Days from 1970-01-01 to this date.
    public var daysSinceEpoch: Int

    /// The fields of `wallClockSeconds` seconds after 1970-01-01 00:00.
    public init(wallClockSeconds seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        daysSinceEpoch = Int(days)
        (year, month, day) = CivilDate.date(daysSinceEpoch: daysSinceEpoch)
        hour = secondOfDay / 3_600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    /// 0 for Sunday through 6 for Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 }
}

/// A zone is stored as its identifier (`"Asia/Shanghai"`), so a cached entry reads the same on
/// any host; an unknown identifier fails decoding rather than silently becoming UTC.
extension Zone: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let zone = Zone(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown time zone identifier '\(identifier)'")
        }
        self = zone
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

extension LocalTime {
    /// The hour and minute on a 24-hour clock, two digits each: `08:05`.
    public var hourMinute: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
