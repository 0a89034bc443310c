import Foundation
import Testing
@testable import TileUI
import TileBase
import TileUISamples

/// tiles' own zones give the wall clock, days and times of day that Foundation's `Calendar`
/// gives (the board used `Calendar` before; docs/performance.md, "the board without ICU").
@Suite struct ZoneTests {
    /// Zones with daylight saving north and south, at midnight, by 30 minutes, negative (Dublin),
    /// and none, whose rules did not change between ICU's tzdata and the system's since 1990.
    static let identifiers = [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kolkata",
        "Asia/Kathmandu", "Europe/Dublin", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Shanghai",
        "America/St_Johns", "America/Havana", "Asia/Beirut", "America/Santiago", "Pacific/Apia", "UTC",
    ]

    /// 1990-01-01 to 2037-01-01 UTC.
    static let span: ClosedRange<Int64> = 631_152_000...2_114_380_800

    static func calendar(_ identifier: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: identifier))
        return calendar
    }

    @Test(arguments: identifiers)
    func theWallClockIsCalendars(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let calendar = try Self.calendar(identifier)
        var random = SplitMix64(seed: 7)
        var instants = (0..<400).map { _ in Self.span.lowerBound + Int64(random.next() % UInt64(Self.span.count)) }
        // Each side of every change of offset in the span.
        var cursor = zone.nextTransition(after: Date(timeIntervalSince1970: TimeInterval(Self.span.lowerBound)))
        while let change = cursor, change.timeIntervalSince1970 < TimeInterval(Self.span.upperBound) {
            let seconds = Int64(change.timeIntervalSince1970)
            instants += [seconds - 1, seconds, seconds + 1]
            cursor = zone.nextTransition(after: change)
        }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let local = zone.localTime(for: date)
            #expect([local.year, local.month, local.day, local.hour, local.minute, local.second, local.weekday + 1]
                == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second, expected.weekday],
                "\(identifier) at \(seconds)")
            #expect(zone.isDaylightSavingTime(for: date) == calendar.timeZone.isDaylightSavingTime(for: date) || identifier == "Europe/Dublin",
                    "\(identifier) at \(seconds)")
        }
    }

    @Test(arguments: identifiers)
    func midnightsAreCalendars(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let calendar = try Self.calendar(identifier)
        var days: [Date] = []
        // The days of every change of offset, and the days either side of them.
        var cursor = zone.nextTransition(after: Date(timeIntervalSince1970: 1_200_000_000))
        while let change = cursor, change.timeIntervalSince1970 < 1_800_000_000 {
            days += [-86_400.0, 0, 3_600, 86_400].map { change.addingTimeInterval($0) }
            cursor = zone.nextTransition(after: change)
        }
        days.append(Date(timeIntervalSince1970: 1_700_000_000))
        for date in days {
            #expect(zone.startOfDay(for: date) == calendar.startOfDay(for: date), "\(identifier) \(date)")
            let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)).map { calendar.startOfDay(for: $0) }
            #expect(zone.nextMidnight(after: date) == tomorrow, "\(identifier) \(date)")
        }
    }

    /// As `Calendar`'s `nextDate(after:matching:matchingPolicy: .nextTime)`, but for a time that
    /// clocks skip other than from one whole hour to another (Lord Howe's 30 minutes, Chatham's
    /// 02:45 to 03:45), where Foundation gives the same time a day later or the next whole hour;
    /// tiles gives the instant the clocks skip it, as for whole hours (docs/design.md, "Time zones").
    @Test(arguments: identifiers)
    func theNextTimeOfDayIsCalendars(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let calendar = try Self.calendar(identifier)
        var random = SplitMix64(seed: 11)
        var cases: [(date: Date, hour: Int, minute: Int, skippedUntil: Date?)] = []
        var cursor = zone.nextTransition(after: Date(timeIntervalSince1970: 1_400_000_000))
        while let change = cursor, change.timeIntervalSince1970 < 1_800_000_000 {
            // The wall-clock times just before and after the change, asked from hours before it.
            let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: change)
            let wallBefore = Int64(change.timeIntervalSince1970) + Int64(before)
            let local = zone.localTime(for: change.addingTimeInterval(-1))
            for minute in [local.minute, (local.minute + 30) % 60] {
                for hour in [local.hour, (local.hour + 1) % 24] {
                    let wall = Int64(local.daysSinceEpoch) * 86_400 + Int64(hour * 3_600 + minute * 60)
                    let skipped = after > before && wall >= wallBefore && wall < wallBefore + Int64(after - before)
                    cases.append((change.addingTimeInterval(-7_200), hour, minute, skipped ? change : nil))
                }
            }
            cursor = zone.nextTransition(after: change)
        }
        for _ in 0..<100 {
            let date = Date(timeIntervalSince1970: TimeInterval(1_400_000_000 + random.next() % 400_000_000))
            cases.append((date, Int(random.next() % 24), Int(random.next() % 60), nil))
        }
        for (date, hour, minute, skippedUntil) in cases {
            let found = zone.nextDate(after: date, hour: hour, minute: minute)
            if let skippedUntil {
                #expect(found == skippedUntil, "\(identifier) \(date) \(hour):\(minute)")
                let before = zone.secondsFromGMT(for: skippedUntil.addingTimeInterval(-1))
                let gapStart = Int(skippedUntil.timeIntervalSince1970) + before
                let gap = zone.secondsFromGMT(for: skippedUntil) - before
                if gap % 3_600 != 0 || gapStart % 3_600 != 0 { continue }
            }
            let expected = calendar.nextDate(
                after: date, matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
            #expect(found == expected, "\(identifier) \(date) \(hour):\(minute)")
        }
    }

    @Test func namesOfFixedOffsetsAreFoundationsNames() throws {
        #expect(Zone(identifier: "GMT+8")?.identifier == "GMT+0800")
        #expect(Zone(identifier: "GMT+08:00")?.identifier == "GMT+0800")
        #expect(Zone(identifier: "UTC+1")?.identifier == "GMT+0100")
        #expect(Zone(identifier: "GMT-0530")?.secondsFromGMT(for: Date()) == -19_800)
        #expect(Zone(secondsFromGMT: 0).identifier == "GMT")
        #expect(Zone(secondsFromGMT: 20_700).identifier == "GMT+0545")
        #expect(Zone(identifier: "UTC")?.secondsFromGMT(for: Date()) == 0)
        for name in ["GMT+", "GMT+123456", "GMT+19", "GMT+8:60", "GMT++8", "GMTx", "Nowhere/Atlantis", "../etc/passwd", ""] {
            #expect(Zone(identifier: name) == nil, "\(name)")
        }
    }

    @Test func aZoneReadFromTheSystemNeedsNoFoundationZone() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        #expect(berlin.identifier == "Europe/Berlin")
        #expect(berlin.secondsFromGMT(for: Date(timeIntervalSince1970: 1_750_000_000)) == 7_200)
        #expect(berlin.foundationTimeZone.identifier == "Europe/Berlin")
        #expect(Zone(berlin.foundationTimeZone) == berlin)
        var environment = EnvironmentValues()
        environment.zone = Zone(try #require(TimeZone(identifier: "Asia/Tokyo")))
        #expect(environment.zone.identifier == "Asia/Tokyo")
        #expect(environment.zone.secondsFromGMT(for: Date()) == 32_400)
    }

    @Test func unitFieldsAreCalendarsInUTC() throws {
        let calendar = try Self.calendar("UTC")
        var random = SplitMix64(seed: 3)
        var pairs: [(Int64, Int)] = []
        for _ in 0..<3_000 {
            let start = Int64(random.next() % 4_000_000_000) - 1_000_000_000
            // Spans of seconds to decades, many ending near a month's end.
            let scale = [60, 86_400, 2_678_400, 31_622_400, 1_000_000_000][Int(random.next() % 5)]
            pairs.append((start, Int(random.next() % UInt64(scale))))
        }
        // From the last days of months, where adding a month moves the day back.
        for day in [28, 29, 30, 31] {
            for month in 1...12 where day <= CivilDate.daysIn(month: month, year: 2024) {
                let start = Int64(CivilDate.daysSinceEpoch(year: 2024, month: month, day: day)) * 86_400 + 3_600
                for length in stride(from: 0, to: 800 * 86_400, by: 86_400 * 7 + 3_601) { pairs.append((start, length)) }
            }
        }
        for (start, length) in pairs {
            let from = Date(timeIntervalSince1970: TimeInterval(start))
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: from, to: from.addingTimeInterval(TimeInterval(length)))
            let expected = UnitFields(
                years: parts.year!, months: parts.month!, days: parts.day!, hours: parts.hour!, minutes: parts.minute!, seconds: parts.second!)
            #expect(UnitFields(seconds: length, from: from) == expected, "\(start) + \(length)")
        }
    }

    @Test func anyNameIsAZoneOrNilAndNeverATrap() {
        var random = SplitMix64(seed: 5)
        let alphabet = Array("GMTUC+-:0123456789/._ Europe/Berlin\u{0}é中".unicodeScalars)
        for _ in 0..<2_000 {
            let length = Int(random.next() % 16)
            let name = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            if let zone = Zone(identifier: name) {
                #expect(abs(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_700_000_000))) <= 18 * 3_600, "\(name)")
            }
        }
    }
}
