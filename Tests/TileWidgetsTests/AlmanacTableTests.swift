import Foundation
import Testing
import TileUI
@testable import TileWidgets
import TileBase

/// The almanac of every day of 1901–2099 is what it was when tiles read time zones through
/// Foundation (ICU): the table in Fixtures was made by `everyDayOf1901To2099IsAsRecorded` on the
/// code of that time (commit ef2e728, run with TILES_RECORD_ALMANAC=1), and holds for each year a
/// hash of all its days' almanacs, each day read at 00:00:30, 12:00 and 23:59:30 China time.
@Suite struct AlmanacTableTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/almanac-1901-2099.txt")

    /// "year hash" for each year of 1901–2099: FNV-1a (64 bits) of every field of every day's
    /// almanac at the three instants.
    static func yearLines() -> [String] {
        let basis: UInt64 = 0xCBF2_9CE4_8422_2325
        var lines: [String] = []
        var hash = basis
        var year = 1901
        for day in CivilDate.daysSinceEpoch(year: 1901, month: 1, day: 1)...CivilDate.daysSinceEpoch(year: 2099, month: 12, day: 31) {
            let civil = CivilDate.date(daysSinceEpoch: day)
            if civil.year != year {
                lines.append("\(year) \(String(hash, radix: 16))")
                (hash, year) = (basis, civil.year)
            }
            for seconds in [30, 43_200, 86_370] {
                let instant = Date(timeIntervalSince1970: Double(day * 86_400 + seconds - 8 * 3_600))
                let a = Almanac.day(for: instant)
                let text = "\(day) \(seconds)|\(a.lunarDateText)|\(a.lunarMonth)|\(a.lunarDay)|\(a.isLeapMonth)|\(a.yearGanZhi)|"
                    + "\(a.monthGanZhi)|\(a.dayGanZhi)|\(a.zodiac)|\(a.officer)|\(a.yi)|\(a.ji)|\(a.summary)\n"
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
        }
        lines.append("\(year) \(String(hash, radix: 16))")
        return lines
    }

    @Test func everyDayOf1901To2099IsAsRecorded() throws {
        let lines = Self.yearLines()
        #expect(lines.count == 199)
        if ProcessInfo.processInfo.environment["TILES_RECORD_ALMANAC"] == "1" {
            let header = """
                # The almanac (Almanac.day) of every day of 1901-2099 in Asia/Shanghai, as tiles computed it with
                # Foundation's (ICU's) time zones, commit ef2e728; made by AlmanacTableTests (TILES_RECORD_ALMANAC=1).
                # Each line: a year and the FNV-1a hash of its days' almanacs at 00:00:30, 12:00 and 23:59:30 UTC+8.

                """
            try (header + lines.joined(separator: "\n") + "\n").write(to: Self.table, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.table.path) on purpose (TILES_RECORD_ALMANAC=1); review it with git diff, then run the tests without the variable")
        }
        let recorded = try String(contentsOf: Self.table, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        let differing = zip(recorded, lines).filter { $0.0 != $0.1 }.map(\.1)
        #expect(recorded.count == lines.count)
        #expect(differing.isEmpty, "years whose almanac changed: \(differing)")
    }
}
