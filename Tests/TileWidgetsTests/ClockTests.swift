import FoundationEssentials
import Testing
import TileBase
import TileKit
@testable import TileWidgets

/// The clock's timeline with an injected moment: a minute's entries, the seconds' ticking entry
/// redone at midnight and at a change of offset, 12-hour time, offsets to the board's zone.
struct ClockTests {
    let newYork = Zone(identifier: "America/New_York")!
    let shanghai = Zone(identifier: "Asia/Shanghai")!

    func intent(_ zones: String, hours24: Bool = true, seconds: Bool = false) -> ClockIntent {
        var intent = ClockIntent()
        intent.zones = zones
        intent.hours24 = hours24
        intent.seconds = seconds
        return intent
    }

    func clock(_ entry: ClockEntry) -> [String] { entry.rows.map { "\($0.name) \($0.hour):\($0.minute) \($0.offset)" } }

    @Test func aMinuteClockHasAnEntryAtEachMinuteAcrossTheSpringForwardGap() throws {
        // 2026-03-08 01:58:30 in New York, a minute and a half before clocks skip to 03:00.
        let now = try #require(InternetDate.parse("2026-03-08T06:58:30Z"))
        let entries = ClockProvider(boardZone: shanghai).entries(intent("America/New_York=NYC Asia/Shanghai"), from: now)
        #expect(entries.count == 61)
        #expect(entries.dropFirst().allSatisfy { $0.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 }, "on the minute")
        #expect(clock(entries[0]) == ["NYC 1:58 -13h", "Shanghai 14:58 "])
        #expect(clock(entries[1]) == ["NYC 1:59 -13h", "Shanghai 14:59 "])
        #expect(clock(entries[2]) == ["NYC 3:0 -12h", "Shanghai 15:0 "], "the hour skipped, the offset one hour less")
    }

    @Test func aSecondsClockTicksByItselfUntilTheNextMidnightOrChangeOfOffset() throws {
        let now = try #require(InternetDate.parse("2026-11-01T05:30:00Z"))  // 01:30 EDT, before falling back at 02:00
        let entries = ClockProvider(boardZone: newYork).entries(intent("America/New_York", seconds: true), from: now)
        #expect(entries.count == 2)
        #expect(entries[1].date == InternetDate.parse("2026-11-01T06:00:00Z"), "redone when the offset changes")
        // The live text counts from the wall clock's midnight: 01:30:00 now, 01:00:00 after the change.
        #expect(now.timeIntervalSince(entries[0].rows[0].tickStart) == 5_400)
        #expect(entries[1].date.timeIntervalSince(entries[1].rows[0].tickStart) == 3_600)
        let evening = try #require(InternetDate.parse("2026-11-28T15:59:00Z"))  // 23:59 in Shanghai
        let beforeMidnight = ClockProvider(boardZone: shanghai).entries(intent("Asia/Shanghai", seconds: true), from: evening)
        #expect(beforeMidnight[1].date == InternetDate.parse("2026-11-28T16:00:00Z"), "redone at midnight")
        #expect(beforeMidnight[1].rows[0].day == 29 && beforeMidnight[1].rows[0].weekday == 0)
    }

    @Test func twelveHoursOffsetsAndBadZones() throws {
        let now = try #require(InternetDate.parse("2026-11-28T14:05:00Z"))
        let provider = ClockProvider(boardZone: shanghai)
        let twelve = provider.entry(intent("Asia/Kolkata", hours24: false, seconds: true), at: now)
        // 19:35 in Kolkata: a 12-hour clock's live text counts from noon.
        #expect(now.timeIntervalSince(twelve.rows[0].tickStart) == 7 * 3600 + 35 * 60)
        #expect(twelve.rows[0].offset == "-2h30")
        let bad = provider.entry(intent("Mars/Olympus Asia/Tokyo"), at: now)
        #expect(bad.problem == "not a time zone: Mars/Olympus" && bad.rows.map(\.name) == ["Tokyo"])
        #expect(provider.entry(intent(""), at: now).rows.map(\.name) == ["Shanghai"], "the board's zone by default")
    }
}
