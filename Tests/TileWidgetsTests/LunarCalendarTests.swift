import Foundation
import Testing
import TileUI
@testable import TileWidgets
import TileBase

/// The Chinese calendar computed from the sun and moon gives, for every day of 1901–2099, the
/// lunar date that ICU's `Calendar(identifier: .chinese)` gave (tiles' almanac before): the table
/// in Fixtures was made from ICU by `tableIsICUsChineseCalendar` (run with TILES_RECORD_LUNAR=1
/// to make it again), one line for each month's first day.
@Suite struct LunarCalendarTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lunar-months-1901-2099.txt")
    static let firstDay = CivilDate.daysSinceEpoch(year: 1901, month: 1, day: 1)
    static let lastDay = CivilDate.daysSinceEpoch(year: 2099, month: 12, day: 31)

    /// A line of the table: from `day` on (days since 1970), the lunar date is `dayOfMonth` of
    /// `month` in the cycle year `cycleYear` (1 = 甲子, as ICU numbers them), each day one more.
    struct Entry: Equatable {
        var day: Int, cycleYear: Int, month: Int, isLeap: Bool, dayOfMonth: Int

        var line: String {
            let (year, month, day) = CivilDate.date(daysSinceEpoch: self.day)
            return String(format: "%04d-%02d-%02d %2d %2d%@ %2d", year, month, day, cycleYear, self.month, isLeap ? "L" : " ", dayOfMonth)
        }

        init(day: Int, cycleYear: Int, month: Int, isLeap: Bool, dayOfMonth: Int) {
            (self.day, self.cycleYear, self.month, self.isLeap, self.dayOfMonth) = (day, cycleYear, month, isLeap, dayOfMonth)
        }

        /// The table's date for `day`, on or after this line's day: one day of the month more for each day.
        func advanced(to day: Int) -> Entry {
            Entry(day: day, cycleYear: cycleYear, month: month, isLeap: isLeap, dayOfMonth: dayOfMonth + day - self.day)
        }

        init?(line: Substring) {
            let fields = line.split(separator: " ")
            let date = fields.first?.split(separator: "-").compactMap { Int($0) } ?? []
            guard fields.count == 4 || fields.count == 5, date.count == 3,
                  let cycleYear = Int(fields[1]), let month = Int(fields[2].filter(\.isNumber)), let dayOfMonth = Int(fields[fields.count - 1])
            else { return nil }
            self.init(day: CivilDate.daysSinceEpoch(year: date[0], month: date[1], day: date[2]), cycleYear: cycleYear, month: month,
                      isLeap: fields[2].hasSuffix("L") || (fields.count == 5 && fields[3] == "L"), dayOfMonth: dayOfMonth)
        }
    }

    /// ICU's lunar date of every day in the range, as table lines: the first day, then every day
    /// that is not the day before plus one (each 初一, and the two days ICU numbers 0).
    static func icuEntries() -> [Entry] {
        var chinese = Calendar(identifier: .chinese)
        chinese.timeZone = Almanac.chinaTimeZone.foundationTimeZone
        var entries: [Entry] = []
        for day in firstDay...lastDay {
            let noon = Date(timeIntervalSince1970: Double(day * 86_400 + 43_200 - LunarCalendar.chinaOffset))
            let c = chinese.dateComponents([.year, .month, .day, .isLeapMonth], from: noon)
            let entry = Entry(day: day, cycleYear: c.year!, month: c.month!, isLeap: c.isLeapMonth!, dayOfMonth: c.day!)
            if let last = entries.last, entry == last.advanced(to: day) { continue }
            entries.append(entry)
        }
        return entries
    }

    /// The days where ICU's answer is no date: the 0th day of the month that ICU itself begins the
    /// next day (its new moon, 2057-09-28 23:59 and 2097-08-07 23:59 in China, is placed on one day
    /// for the month count and on the next for the day count). tiles gives the last day of the
    /// month before, as ICU's own month starts imply: 八月三十 and 六月三十.
    static let icuDayZero: [Int: LunarCalendar.Day] = [
        CivilDate.daysSinceEpoch(year: 2057, month: 9, day: 28): .init(year: 2057, month: 8, day: 30, isLeapMonth: false),
        CivilDate.daysSinceEpoch(year: 2097, month: 8, day: 7): .init(year: 2097, month: 6, day: 30, isLeapMonth: false),
    ]

    static func tableEntries() throws -> [Entry] {
        try String(contentsOf: table, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            try #require(Entry(line: line), "bad line: \(line)")
        }
    }

    /// The generator: the table is what ICU's Chinese calendar says (and is written anew from it
    /// with TILES_RECORD_LUNAR=1).
    @Test func tableIsICUsChineseCalendar() throws {
        let entries = Self.icuEntries()
        if ProcessInfo.processInfo.environment["TILES_RECORD_LUNAR"] == "1" {
            let header = """
                # The Chinese calendar of 1901-01-01 to 2099-12-31 as ICU's Calendar(identifier: .chinese) gives it in
                # Asia/Shanghai (tiles' almanac until 2026-11), made by LunarCalendarTests.tableIsICUsChineseCalendar.
                # Each line: the civil day, ICU's cycle year (1 = 甲子), the month (L: leap), the day of the month
                # (ICU gives 0 on two days); each following day is one day further on until the next line.

                """
            try (header + entries.map(\.line).joined(separator: "\n") + "\n").write(to: Self.table, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.table.path) on purpose (TILES_RECORD_LUNAR=1); review it with git diff, then run the tests without the variable")
        }
        #expect(try Self.tableEntries() == entries)
    }

    /// All 72,684 days: the computed date is ICU's, but for ICU's two days 0 (`icuDayZero`).
    @Test func everyDayOf1901To2099IsTheTablesDate() throws {
        let entries = try Self.tableEntries()
        #expect(entries.count > 2_400)
        var next = 0
        var current = entries[0]
        var mismatches: [String] = []
        for day in Self.firstDay...Self.lastDay {
            if next < entries.count, entries[next].day == day {
                current = entries[next]
                next += 1
            }
            let icu = current.advanced(to: day)
            let computed = LunarCalendar.day(daysSinceEpoch: day)
            if let instead = Self.icuDayZero[day] {
                #expect(icu.dayOfMonth == 0 && computed == instead, "\(icu.line): \(computed)")
                continue
            }
            let cycleYear = mod(computed.year - 4, 60) + 1
            let asTable = Entry(day: day, cycleYear: cycleYear, month: computed.month, isLeap: computed.isLeapMonth, dayOfMonth: computed.day)
            if asTable != icu { mismatches.append("\(asTable.line), ICU \(icu.line)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) days differ: \(mismatches.prefix(10))")
    }

    /// Known dates: New Year's days, a leap month, the 2033 leap 11th month, and the two new moons
    /// settled on ICU's day.
    @Test func knownDates() {
        func lunar(_ year: Int, _ month: Int, _ day: Int) -> LunarCalendar.Day {
            LunarCalendar.day(daysSinceEpoch: CivilDate.daysSinceEpoch(year: year, month: month, day: day))
        }
        #expect(lunar(2026, 2, 17) == .init(year: 2026, month: 1, day: 1, isLeapMonth: false))
        #expect(lunar(2026, 2, 16) == .init(year: 2025, month: 12, day: 29, isLeapMonth: false))
        #expect(lunar(2025, 7, 25) == .init(year: 2025, month: 6, day: 1, isLeapMonth: true))
        #expect(lunar(2033, 12, 22) == .init(year: 2033, month: 11, day: 1, isLeapMonth: true))
        #expect(lunar(2057, 9, 29).day == 1 && lunar(2057, 9, 28).day != 1)
        #expect(lunar(2097, 8, 8).day == 1 && lunar(2097, 8, 7).day != 1)
    }

    /// Any day of years 1–9999 (what `--at` can name) gets a lunar date in range, never a trap.
    @Test func anyDayOfTheCalendarHasALunarDate() {
        var state: UInt64 = 29
        let first = CivilDate.daysSinceEpoch(year: 1, month: 1, day: 1), last = CivilDate.daysSinceEpoch(year: 9999, month: 12, day: 31)
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let day = first + Int((state >> 16) % UInt64(last - first + 1))
            let lunar = LunarCalendar.day(daysSinceEpoch: day)
            #expect((1...12).contains(lunar.month) && (1...30).contains(lunar.day), "\(CivilDate.date(daysSinceEpoch: day)): \(lunar)")
        }
    }

    /// The almanac's lunar part in other time zones: the civil day there decides, as before.
    @Test func theCivilDayOfTheCallersZoneDecides() throws {
        let newYorkEve = try #require(InternetDate.parse("2026-02-16T20:00:00-05:00"))  // Feb 17, 09:00 in China
        let inNewYork = Almanac.day(for: newYorkEve, in: Zone(secondsFromGMT: -5 * 3_600))
        let inChina = Almanac.day(for: newYorkEve, in: Almanac.chinaTimeZone)
        #expect(inNewYork.lunarDateText == "腊月廿九" && inChina.lunarDateText == "正月初一")
    }
}
