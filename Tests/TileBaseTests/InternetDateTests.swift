import Foundation
import Testing
@testable import TileBase
import TileUISamples

/// RFC 3339 instants without Foundation's formatters: the same instants ISO8601DateFormatter
/// reads and writes, for every valid form; everything out of range or off the pattern refused.
@Suite struct InternetDateTests {
    @Test func readsTheFormsTheProtocolUses() {
        #expect(InternetDate.parse("2026-11-24T08:00:00Z") == Date(timeIntervalSince1970: 1_795_507_200))
        #expect(InternetDate.parse("2026-11-24t16:00:00+08:00") == Date(timeIntervalSince1970: 1_795_507_200))
        #expect(InternetDate.parse("2026-11-24T02:30:00.25-05:30") == Date(timeIntervalSince1970: 1_795_507_200.25))
        #expect(InternetDate.parseWithOffset("2026-11-24T16:00:00+08:00")?.offset == 28_800)
        #expect(InternetDate.parseWithOffset("2026-11-24T08:00:00z")?.offset == 0)
        #expect(InternetDate.parse("2024-02-29T00:00:00Z") != nil)
        #expect(InternetDate.parse("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
    }

    @Test func refusesWhatIsOffThePatternOrOutOfRange() {
        for text in ["", "2026-11-24", "2026-11-24T08:00:00", "2026-11-24 08:00:00Z", "2026-11-24T08:00Z", "2026-11-24T08:00:00+0800",
                     "2026-11-24T08:00:00GMT", "2026-02-30T08:00:00Z", "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
                     "2026-00-10T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-24T24:00:00Z", "2026-11-24T08:60:00Z",
                     "2026-11-24T08:00:60Z", "2026-11-24T08:00:00.Z", "2026-11-24T08:00:00+24:00", "2026-11-24T08:00:00+08:60",
                     " 2026-11-24T08:00:00Z", "2026-11-24T08:00:00Z ", "20261124T080000Z", "２０２６-11-24T08:00:00Z", "+2026-11-24T08:00:00Z"] {
            #expect(InternetDate.parse(text) == nil, "\(text)")
        }
    }

    /// Random instants from 1583 to 9999, in random offsets with and without fractions, written
    /// by hand: read as Foundation's ISO8601DateFormatter reads them. (Before the Gregorian
    /// reform of 1582 Foundation counts Julian days; RFC 3339, and tiles, the proleptic Gregorian
    /// calendar: `everyDayOfTheCalendarRoundTrips` checks those.)
    @Test func readsWhatFoundationReads() {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var random = SplitMix64(seed: 3339)
        for _ in 0..<3_000 {
            let seconds = Int(random.next() % 315_537_897_600) - 62_135_596_800
            let offset = (Int(random.next() % 1_440) - 720) * 60
            let milliseconds = random.next() % 2 == 0 ? nil : Int(random.next() % 1_000)
            let local = seconds + offset
            let (days, second) = (Int(floor(Double(local) / 86_400)), ((local % 86_400) + 86_400) % 86_400)
            let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
            guard year >= 1583, year <= 9999 else { continue }
            let sign = offset < 0 ? "-" : "+"
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, second / 3600, second / 60 % 60, second % 60)
                + (milliseconds.map { String(format: ".%03d", $0) } ?? "")
                + (offset == 0 ? "Z" : String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) / 60 % 60))
            let expected = milliseconds == nil ? plain.date(from: text) : fractional.date(from: text)
            let parsed = InternetDate.parse(text)
            #expect(parsed != nil && expected != nil && abs(parsed!.timeIntervalSince(expected!)) < 0.0005, "\(text)")
        }
    }

    @Test func writesWhatFoundationWritesForWholeSeconds() {
        let formatter = ISO8601DateFormatter()
        var random = SplitMix64(seed: 8601)
        for _ in 0..<3_000 {
            // 1583-01-01 to 9999-12-31.
            let date = Date(timeIntervalSince1970: Double(Int(random.next() % 265_614_854_400) - 12_212_553_600))
            #expect(InternetDate.string(from: date) == formatter.string(from: date))
            #expect(InternetDate.parse(InternetDate.string(from: date)) == date)
        }
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1_795_507_200.2509), fractionalSeconds: true) == "2026-11-24T08:00:00.250Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
    }

    @Test func everyDayOfTheCalendarRoundTrips() {
        var expected = (year: 1, month: 1, day: 1)
        for days in CivilDate.daysSinceEpoch(year: 1, month: 1, day: 1)...CivilDate.daysSinceEpoch(year: 9999, month: 12, day: 31) {
            let date = CivilDate.date(daysSinceEpoch: days)
            guard date == expected, CivilDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days else {
                Issue.record("day \(days): \(date), expected \(expected)")
                return
            }
            expected = date.day < CivilDate.daysIn(month: date.month, year: date.year) ? (date.year, date.month, date.day + 1)
                : date.month < 12 ? (date.year, date.month + 1, 1) : (date.year + 1, 1, 1)
        }
    }

    /// Random bytes and mutations of valid dates for a bounded budget: refused or read, never a trap.
    @Test func randomTextNeverTraps() {
        var random = SplitMix64(seed: 77)
        let valid = Array("2026-11-24T08:00:00.25+08:00".utf8)
        for _ in 0..<20_000 {
            var bytes = valid
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(ascii: "9"), at: index)
                }
                if bytes.isEmpty { break }
            }
            if let date = InternetDate.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(date.timeIntervalSince1970.isFinite)
            }
        }
    }
}
