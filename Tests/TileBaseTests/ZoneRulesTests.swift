import Foundation
import Testing
@testable import TileBase
import TileUISamples

/// ZoneRules: TZif files (RFC 8536) built by hand and fuzzed, POSIX TZ rules, and every zone of
/// the system's tzdata against Foundation (ICU), with the few zones whose data differs listed.
@Suite struct ZoneRulesTests {
    // MARK: Hand-made TZif files

    /// A TZif file: `version` 0 (v1) or 2…4; each type gets the designation "Z0\0", "Z1\0", ...
    /// The v1 block of a v2+ file holds `v1` (other tables, and a leap second) when given, so that
    /// reading the wrong block, or skipping it by the wrong counts, shows.
    private static func tzif(version: UInt8, transitions: [(Int64, UInt8)], types: [(Int32, Bool)], footer: String? = nil,
                             v1: (transitions: [(Int64, UInt8)], types: [(Int32, Bool)])? = nil) -> [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be64(_ value: Int64) -> [UInt8] { be32(UInt32(UInt64(bitPattern: value) >> 32)) + be32(UInt32(UInt64(bitPattern: value) & 0xFFFF_FFFF)) }
        func block(_ transitions: [(Int64, UInt8)], _ types: [(Int32, Bool)], wide: Bool, leaps: Int) -> [UInt8] {
            var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            for count in [types.count, types.count, leaps, transitions.count, types.count, 3 * types.count] { bytes += be32(UInt32(count)) }
            for (time, _) in transitions { bytes += wide ? be64(time) : be32(UInt32(bitPattern: Int32(truncatingIfNeeded: time))) }
            bytes += transitions.map(\.1)
            for (index, type) in types.enumerated() { bytes += be32(UInt32(bitPattern: type.0)) + [type.1 ? 1 : 0, UInt8(3 * index)] }
            for index in types.indices { bytes += Array("Z\(index % 10)".utf8) + [0] }
            for leap in 0..<leaps { bytes += (wide ? be64(78_796_800) : be32(78_796_800)) + be32(UInt32(leap + 1)) }
            bytes += [UInt8](repeating: 0, count: types.count) + [UInt8](repeating: 0, count: types.count)
            return bytes
        }
        guard version != 0 else { return block(transitions, types, wide: false, leaps: 0) }
        let old = v1 ?? (transitions.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0.0 }, types)
        return block(old.transitions, old.types, wide: false, leaps: v1 == nil ? 0 : 1)
            + block(transitions, types, wide: true, leaps: 0) + Array("\n\(footer ?? "")\n".utf8)
    }

    /// A v1 file of three types: UTC+1 until 1980, UTC+2 (DST) in 1980, UTC+1 again, UTC+3 from 2000.
    private static let versionOne = tzif(version: 0, transitions: [(315_532_800, 1), (347_155_200, 0), (946_684_800, 2)],
                                         types: [(3600, false), (7200, true), (10_800, false)])

    /// A v2 file: LMT +0:09:21 until a transition before 1901 (beyond 32 bits), then CET, then a
    /// footer with central European rules from 2030; its v1 block says other things entirely.
    private static let versionTwo = tzif(
        version: UInt8(ascii: "2"),
        transitions: [(-2_486_592_000 - 4_000_000_000, 1), (1_000_000_000, 2), (1_900_000_000, 1)],
        types: [(561, false), (3600, false), (7200, true)],
        footer: "CET-1CEST,M3.5.0,M10.5.0/3",
        v1: ([(0, 1), (100, 0)], [(-36_000, false), (-32_400, true)])
    )

    @Test func readsVersionOneFilesFromTheirThirtyTwoBitBlock() throws {
        let rules = try ZoneRules(tzif: Self.versionOne)
        #expect(rules.secondsFromGMT(at: -5_000_000_000) == 3600)
        #expect(rules.secondsFromGMT(at: 315_532_799) == 3600)
        #expect(rules.secondsFromGMT(at: 315_532_800) == 7200)
        #expect(rules.isDaylightSavingTime(at: 315_532_800))
        #expect(!rules.isDaylightSavingTime(at: 315_532_799))
        #expect(rules.secondsFromGMT(at: 347_155_200) == 3600)
        #expect(rules.secondsFromGMT(at: 946_684_800) == 10_800)
        #expect(rules.secondsFromGMT(at: Int64.max) == 10_800)
        #expect(rules.nextTransition(after: 0) == 315_532_800)
        #expect(rules.nextTransition(after: 315_532_800) == 347_155_200)
        #expect(rules.nextTransition(after: 946_684_800) == nil)
    }

    @Test func readsTheSixtyFourBitBlockAndTheFooterOfVersionTwoFiles() throws {
        for version: Unicode.Scalar in ["2", "3", "4"] {
            var bytes = Self.versionTwo
            for index in bytes.indices.dropLast(4) where bytes[index...].starts(with: Array("TZif2".utf8)) { bytes[index + 4] = UInt8(ascii: version) }
            let rules = try ZoneRules(tzif: bytes)
            // Before the first transition, type 0 (the local mean time).
            #expect(rules.secondsFromGMT(at: -7_000_000_000) == 561)
            #expect(rules.secondsFromGMT(at: -6_486_592_001) == 561)
            #expect(rules.secondsFromGMT(at: -6_486_592_000) == 3600)
            #expect(rules.secondsFromGMT(at: 0) == 3600)
            #expect(rules.secondsFromGMT(at: 1_000_000_000) == 7200 && rules.isDaylightSavingTime(at: 1_000_000_000))
            // From the last transition (2030-03-17, back to CET) the footer's rule: CEST from the last
            // Sunday of March 2030 (the 31st, 01:00 UTC) to the last of October (the 27th), again
            // from 2031-03-30.
            #expect(rules.secondsFromGMT(at: 1_900_000_000) == 3600 && !rules.isDaylightSavingTime(at: 1_900_000_000))
            #expect(rules.secondsFromGMT(at: 1_901_149_200 - 1) == 3600)
            #expect(rules.secondsFromGMT(at: 1_901_149_200) == 7200 && rules.isDaylightSavingTime(at: 1_901_149_200))
            #expect(rules.secondsFromGMT(at: 1_919_293_200 - 1) == 7200)
            #expect(rules.secondsFromGMT(at: 1_919_293_200) == 3600)
            #expect(rules.nextTransition(after: 0) == 1_000_000_000)
            #expect(rules.nextTransition(after: 1_000_000_000) == 1_900_000_000)
            #expect(rules.nextTransition(after: 1_900_000_000) == 1_901_149_200)
            #expect(rules.nextTransition(after: 1_901_149_200) == 1_919_293_200)
            #expect(rules.nextTransition(after: 1_919_293_200) == 1_932_598_800)
        }
    }

    @Test func appliesTheFooterOrTypeZeroWhenThereAreNoTransitions() throws {
        let shanghai = try ZoneRules(tzif: Self.tzif(version: UInt8(ascii: "2"), transitions: [], types: [(28_800, false)], footer: "CST-8"))
        #expect(shanghai.secondsFromGMT(at: 0) == 28_800)
        #expect(shanghai.nextTransition(after: 0) == nil)
        let newYork = try ZoneRules(tzif: Self.tzif(version: UInt8(ascii: "2"), transitions: [], types: [(-18_000, false)], footer: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(newYork.secondsFromGMT(at: 1_750_000_000) == -14_400)
        #expect(newYork.secondsFromGMT(at: 1_735_689_600) == -18_000)
        let empty = try ZoneRules(tzif: Self.tzif(version: UInt8(ascii: "2"), transitions: [], types: [(-36_000, false)], footer: ""))
        #expect(empty.secondsFromGMT(at: 1_750_000_000) == -36_000)
        #expect(empty.nextTransition(after: 0) == nil)
        // Without a footer, the last transition's type stays in force.
        let frozen = try ZoneRules(tzif: Self.tzif(version: UInt8(ascii: "2"), transitions: [(0, 1)], types: [(0, false), (19_800, false)], footer: ""))
        #expect(frozen.secondsFromGMT(at: -1) == 0 && frozen.secondsFromGMT(at: 4_000_000_000) == 19_800)
    }

    @Test func skipsTransitionsThatChangeOnlyTheAbbreviation() throws {
        let rules = try ZoneRules(tzif: Self.tzif(version: UInt8(ascii: "2"), transitions: [(100, 1), (200, 2), (300, 0)],
                                                  types: [(3600, false), (3600, false), (7200, false)], footer: ""))
        #expect(rules.nextTransition(after: 0) == 200)
        #expect(rules.nextTransition(after: 200) == 300)
        #expect(rules.nextTransition(after: 300) == nil)
    }

    @Test func everyTruncationThrowsAndNoneTraps() {
        for file in [Self.versionOne, Self.versionTwo] {
            #expect((try? ZoneRules(tzif: file)) != nil)
            for length in 0..<file.count {
                #expect(throws: ZoneRulesError.self, "\(length) of \(file.count)") { try ZoneRules(tzif: Array(file[..<length])) }
            }
        }
    }

    @Test func namesWhatIsWrongWithAFile() {
        func mutated(_ file: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var copy = file
            change(&copy)
            return copy
        }
        let one = Self.versionOne
        let two = Self.versionTwo
        // The v2 header sits after the v1 block: 44 + 2 × 5 + 2 × 6 + 6 + 8 (a leap second) + 2 + 2.
        let second = 44 + 10 + 12 + 6 + 8 + 4
        #expect(Array(two[second..<(second + 5)]) == Array("TZif2".utf8))
        let cases: [(String, [UInt8], ZoneRulesError)] = [
            ("bad magic", mutated(one) { $0[0] = UInt8(ascii: "X") }, .badMagic),
            ("not TZif", Array("# tzdb version 2025b\n".utf8) + [UInt8](repeating: 0, count: 60), .badMagic),
            ("bad second magic", mutated(two) { $0[second + 3] = UInt8(ascii: "g") }, .badMagic),
            ("version 5", mutated(one) { $0[4] = UInt8(ascii: "5") }, .badVersion),
            ("version 1 as '1'", mutated(one) { $0[4] = UInt8(ascii: "1") }, .badVersion),
            ("headers disagree", mutated(two) { $0[second + 4] = UInt8(ascii: "3") }, .badVersion),
            ("timecnt 100,001", mutated(one) { $0[32...35] = [0, 1, 0x86, 0xA1] }, .countTooLarge),
            ("typecnt 257", mutated(one) { $0[36...39] = [0, 0, 1, 1] }, .countTooLarge),
            ("charcnt huge", mutated(two) { $0[second + 40...second + 43] = [0xFF, 0xFF, 0xFF, 0xFF] }, .countTooLarge),
            ("typecnt 0", Self.tzif(version: 0, transitions: [], types: []), .badCounts),
            ("isutcnt 1 of 3", mutated(one) { $0[23] = 1 }, .badCounts),
            ("type index 3 of 3", mutated(one) { $0[44 + 12 + 2] = 3 }, .badTypeIndex),
            ("type index 255", mutated(one) { $0[44 + 12] = 255 }, .badTypeIndex),
            ("unsorted", Self.tzif(version: 0, transitions: [(10, 0), (5, 0)], types: [(0, false)]), .unsortedTransitions),
            ("repeated", Self.tzif(version: 0, transitions: [(10, 0), (10, 0)], types: [(0, false)]), .unsortedTransitions),
            ("utoff -2^31", Self.tzif(version: 0, transitions: [], types: [(Int32.min, false)]), .badLocalTimeType),
            ("utoff 26 h", Self.tzif(version: 0, transitions: [], types: [(93_600, false)]), .badLocalTimeType),
            ("utoff -25 h", Self.tzif(version: 0, transitions: [], types: [(-90_000, false)]), .badLocalTimeType),
            ("isdst 2", mutated(one) { $0[44 + 15 + 4] = 2 }, .badLocalTimeType),
            ("designation past the end", mutated(one) { $0[44 + 15 + 5] = 9 }, .badLocalTimeType),
            ("isstd 2", mutated(one) { $0[$0.count - 6] = 2 }, .badIndicator),
            ("isut without isstd", mutated(one) { $0[$0.count - 1] = 1 }, .badIndicator),
            ("footer without its first newline", mutated(two) { $0[$0.count - 28] = UInt8(ascii: "x") }, .badFooter),
            ("footer that does not parse", Self.tzif(version: UInt8(ascii: "2"), transitions: [], types: [(0, false)], footer: "CET-1CEST,M3.5.0"), .badFooter),
            ("footer with a short name", Self.tzif(version: UInt8(ascii: "2"), transitions: [], types: [(0, false)], footer: "XX0"), .badFooter),
            ("footer never closed", Array(two.dropLast()), .truncated),
            ("no footer", Array(two.dropLast(28)), .truncated),
        ]
        for (name, bytes, error) in cases {
            #expect(throws: error, "\(name)") { try ZoneRules(tzif: bytes) }
        }
    }

    // MARK: POSIX TZ rules

    @Test func readsFixedOffsetsWithPositiveMeaningWest() throws {
        let cases: [(String, Int)] = [("CST-8", 28_800), ("<-03>3", -10_800), ("UTC0", 0), ("<+0545>-5:45", 20_700),
                                      ("EST+5", -18_000), ("<-0930>9:30", -34_200), ("LMT-0:09:21", 561), ("<+14>-14", 50_400), ("ABC24", -86_400)]
        for (text, offset) in cases {
            let rules = try #require(ZoneRules.posix(text), "\(text)")
            for instant: Int64 in [Int64.min, -10_000_000_000, 0, 1_750_000_000, Int64.max] {
                #expect(rules.secondsFromGMT(at: instant) == offset, "\(text)")
                #expect(!rules.isDaylightSavingTime(at: instant))
            }
            #expect(rules.nextTransition(after: 0) == nil)
        }
    }

    /// New York in 2025: EDT from 2025-03-09 02:00 EST (07:00 UTC) to 2025-11-02 02:00 EDT (06:00 UTC).
    @Test func followsTheUnitedStatesRule() throws {
        let start: Int64 = 1_741_503_600
        let end: Int64 = 1_762_063_200
        for text in ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT", "EST5EDT4,M3.2.0/2,M11.1.0/02:00:00", "EST+05EDT,M3.2.0/+2,M11.1.0"] {
            let rules = try #require(ZoneRules.posix(text), "\(text)")
            #expect(rules.secondsFromGMT(at: start - 1) == -18_000, "\(text)")
            #expect(rules.secondsFromGMT(at: start) == -14_400, "\(text)")
            #expect(rules.secondsFromGMT(at: start + 1) == -14_400, "\(text)")
            #expect(rules.isDaylightSavingTime(at: start) && !rules.isDaylightSavingTime(at: start - 1))
            #expect(rules.secondsFromGMT(at: end - 1) == -14_400, "\(text)")
            #expect(rules.secondsFromGMT(at: end) == -18_000, "\(text)")
            #expect(rules.secondsFromGMT(at: end + 1) == -18_000, "\(text)")
            #expect(rules.nextTransition(after: start - 1) == start)
            #expect(rules.nextTransition(after: start) == end)
            #expect(rules.nextTransition(after: 1_735_689_600) == start)
            // 2026-03-08 07:00 UTC.
            #expect(rules.nextTransition(after: end) == 1_772_953_200)
        }
    }

    /// Sydney: AEDT (+11) from the first Sunday of October at 02:00 AEST to the first Sunday of
    /// April at 03:00 AEDT; the year starts and ends in daylight time.
    @Test func followsASouthernRule() throws {
        let rules = try #require(ZoneRules.posix("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        // 2025-04-06 03:00 AEDT = 2025-04-05T16:00Z; 2025-10-05 02:00 AEST = 2025-10-04T16:00Z.
        let end: Int64 = 1_743_868_800
        let start: Int64 = 1_759_593_600
        #expect(rules.secondsFromGMT(at: 1_735_689_600) == 39_600)  // 2025-01-01T00:00Z
        #expect(rules.secondsFromGMT(at: end - 1) == 39_600 && rules.secondsFromGMT(at: end) == 36_000)
        #expect(rules.secondsFromGMT(at: start - 1) == 36_000 && rules.secondsFromGMT(at: start) == 39_600)
        #expect(rules.secondsFromGMT(at: 1_767_225_599) == 39_600)  // 2025-12-31T23:59:59Z
        #expect(rules.isDaylightSavingTime(at: 1_735_689_600) && !rules.isDaylightSavingTime(at: end))
        #expect(rules.nextTransition(after: 1_735_689_600) == end)
        #expect(rules.nextTransition(after: end) == start)
        // Lord Howe: half an hour of DST, and a quoted name with a minute offset.
        let lordHowe = try #require(ZoneRules.posix("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.secondsFromGMT(at: 1_735_689_600) == 39_600 && lordHowe.secondsFromGMT(at: 1_751_328_000) == 37_800)
    }

    /// Israel's v3 rule: from the Friday before the last Sunday of March (Thursday + 26 h) at 02:00,
    /// to the last Sunday of October at 02:00 IDT.
    @Test func followsVersionThreeHoursBeyondADay() throws {
        let rules = try #require(ZoneRules.posix("IST-2IDT,M3.4.4/26,M10.5.0"))
        // 2025: the fourth Thursday of March is the 27th, + 26 h = Friday 28th 02:00 IST = 00:00Z.
        let start: Int64 = 1_743_120_000
        // The last Sunday of October is the 26th; 02:00 IDT = 2025-10-25T23:00Z.
        let end: Int64 = 1_761_433_200
        #expect(rules.secondsFromGMT(at: start - 1) == 7200 && rules.secondsFromGMT(at: start) == 10_800)
        #expect(rules.secondsFromGMT(at: end - 1) == 10_800 && rules.secondsFromGMT(at: end) == 7200)
        #expect(rules.nextTransition(after: 1_735_689_600) == start)
        // Negative times: Greenland's "<-02>2<-01>,M3.5.0/-1,M10.5.0/0" (2025-03-29T23:00 local -02 = 2025-03-30T01:00Z).
        let nuuk = try #require(ZoneRules.posix("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.secondsFromGMT(at: 1_743_296_400 - 1) == -7200 && nuuk.secondsFromGMT(at: 1_743_296_400) == -3600)
    }

    @Test func countsJulianAndZeroBasedDays() throws {
        // J60 is March 1 in every year; 59 (zero-based) is March 1 in 2023 but February 29 in 2024.
        let julian = try #require(ZoneRules.posix("AAA0BBB,J60/0,J300/0"))
        let zeroBased = try #require(ZoneRules.posix("AAA0BBB,59/0,299/0"))
        let march1In2023: Int64 = 1_677_628_800
        let february29In2024: Int64 = 1_709_164_800
        let march1In2024: Int64 = 1_709_251_200
        #expect(julian.secondsFromGMT(at: march1In2023 - 1) == 0 && julian.secondsFromGMT(at: march1In2023) == 3600)
        #expect(zeroBased.secondsFromGMT(at: march1In2023 - 1) == 0 && zeroBased.secondsFromGMT(at: march1In2023) == 3600)
        #expect(julian.secondsFromGMT(at: march1In2024 - 1) == 0 && julian.secondsFromGMT(at: march1In2024) == 3600)
        #expect(zeroBased.secondsFromGMT(at: february29In2024 - 1) == 0 && zeroBased.secondsFromGMT(at: february29In2024) == 3600)
        // The end: J300 is October 27 in both years, 299 October 27 in 2023 and October 26 in 2024 (in BBB, UTC+1).
        #expect(julian.nextTransition(after: march1In2024) == 1_729_983_600)  // 2024-10-26T23:00Z
        #expect(zeroBased.nextTransition(after: february29In2024) == 1_729_897_200)  // 2024-10-25T23:00Z
        // The last day: J365 and 365 (December 31 of a leap year) exist.
        #expect(ZoneRules.posix("AAA0BBB,J1,J365") != nil && ZoneRules.posix("AAA0BBB,0,365") != nil)
    }

    @Test func keepsDaylightTimeAllYear() throws {
        let rules = try #require(ZoneRules.posix("EST5EDT,0/0,J365/25"))
        for instant: Int64 in [-4_000_000_000, 0, 1_704_067_200, 1_735_689_599, 1_735_689_600, 1_750_000_000, 4_102_444_800] {
            #expect(rules.secondsFromGMT(at: instant) == -14_400, "\(instant)")
            #expect(rules.isDaylightSavingTime(at: instant))
        }
        #expect(rules.nextTransition(after: 0) == nil)
    }

    @Test func refusesMalformedRules() {
        let malformed = ["", "CST", "CST-", "CS-8", "C1T-8", "<+8-8", "<+8>-8", "<>0", "CST-25", "CST-8:60", "CST-8:00:60",
                         "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.0.0,M11.1.0",
                         "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,J366,J1", "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0",
                         "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M3.2.0/,M11.1.0", "EST5 EDT", "EST5EDT;M3.2.0,M11.1.0", "CST-8\n",
                         "EST5EDT25", "ÉST5", "EST5EDT,M3.2.0,M11.1.0/2:", "-8", "EST5EDT,M03.2.0,M11.1.0x"]
        for text in malformed {
            #expect(ZoneRules.posix(text) == nil, "\(text)")
        }
    }

    // MARK: Loading

    @Test func loadRefusesUnsafeNames() {
        for name in ["../etc/passwd", "/etc/localtime", "", "a/../b", ".hidden", "Europe/Paris\0x", "Europe/.Paris", "Europe//Paris",
                     "Europe/Paris/", "..", "Europe/..", String(repeating: "a", count: 300)] {
            #expect(ZoneRules.load(identifier: name) == nil, "\(name)")
        }
        #expect(ZoneRules.load(identifier: "Europe/Paris", directory: "/usr/share/zoneinfo\0/x") == nil)
    }

    @Test func loadReadsZoneFilesAndNothingElse() throws {
        let paris = try #require(ZoneRules.load(identifier: "Europe/Paris"))
        #expect(paris.secondsFromGMT(at: 1_750_000_000) == 7200 && paris.secondsFromGMT(at: 1_735_689_600) == 3600)
        #expect(ZoneRules.load(identifier: "Europe") == nil)  // a directory
        #expect(ZoneRules.load(identifier: "Nowhere/Nothing") == nil)
        #expect(ZoneRules.load(identifier: "zone.tab") == nil)  // not TZif
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ZoneRulesTests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.versionTwo).write(to: directory.appendingPathComponent("Mine"))
        #expect(ZoneRules.load(identifier: "Mine", directory: directory.path)?.secondsFromGMT(at: 0) == 3600)
        // Larger than 1 MiB, even though valid TZif followed by padding would parse.
        try Data(Self.versionOne + [UInt8](repeating: 0, count: 1 << 20)).write(to: directory.appendingPathComponent("Big"))
        #expect(ZoneRules.load(identifier: "Big", directory: directory.path) == nil)
        try Data(Self.versionOne + [UInt8](repeating: 0, count: (1 << 20) - Self.versionOne.count)).write(to: directory.appendingPathComponent("Limit"))
        #expect(ZoneRules.load(identifier: "Limit", directory: directory.path) != nil)
        #expect(mkfifo(directory.appendingPathComponent("Pipe").path, 0o600) == 0)
        #expect(ZoneRules.load(identifier: "Pipe", directory: directory.path) == nil)
    }

    // MARK: Every zone against Foundation

    /// The identifiers of every TZif file under `directory`, but for right/ (leap seconds) and posix/.
    private static func zoneIdentifiers(in directory: String = "/usr/share/zoneinfo") -> [String] {
        var identifiers = [String]()
        func walk(_ relative: String) {
            let path = relative.isEmpty ? directory : directory + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                if relative.isEmpty, name == "right" || name == "posix" { continue }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory + "/" + child, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    walk(child)
                } else if let handle = FileHandle(forReadingAtPath: directory + "/" + child) {
                    let magic = handle.readData(ofLength: 4)
                    try? handle.close()
                    if magic == Data("TZif".utf8) { identifiers.append(child) }
                }
            }
        }
        walk("")
        return identifiers
    }

    /// A zone that may differ from Foundation, in what, why, and only within [from, until).
    private struct KnownDifference {
        enum Kind { case offsetAndDaylight, daylightFlagOnly }
        let zone: String
        let kind: Kind
        let from: Int64
        let until: Int64
        let reason: String
    }

    /// 2100-01-01T00:00Z, the end of the comparison of transitions.
    private static let end: Int64 = 4_102_444_800

    /// Where the system's tzdata (Debian's 2025b) and Foundation's ICU (also tzdata 2025b) differ
    /// between 1970 and 2040, each checked against `zdump -v` and the tzdata NEWS and changelog.
    private static let knownDifferences: [KnownDifference] = [
        // tzdb 2024b made the System V names links (EET to Europe/Athens, WET to Europe/Lisbon),
        // and ICU follows it; Debian's tzdata reverted that ("Revert System V names deprecation",
        // changelog of 2024b-0+deb12u1), so its EET and WET keep their own EU-style rules. Athens
        // kept DST on other dates in 1975-1980, Lisbon was on CET until 1976 and in 1992-1996.
        KnownDifference(zone: "EET", kind: .offsetAndDaylight, from: 166_485_600, until: 338_950_800,  // 1975-04-11T22:00Z to 1980-09-28T01:00Z
                        reason: "Debian keeps the System V zone EET; ICU's EET is Europe/Athens (tzdb 2024b)"),
        KnownDifference(zone: "WET", kind: .offsetAndDaylight, from: 0, until: 828_234_000,  // 1970 to 1996-03-31T01:00Z
                        reason: "Debian keeps the System V zone WET; ICU's WET is Europe/Lisbon (tzdb 2024b)"),
        // tzdata's main form gives Ireland, Morocco and (1994-2017) Namibia negative DST: the
        // summer offset is standard time and the winter (or Ramadan) one is "daylight" time an
        // hour behind. ICU is built from the rearguard form, which has the opposite flags with
        // the same offsets: only isDaylightSavingTime differs.
        KnownDifference(zone: "Europe/Dublin", kind: .daylightFlagOnly, from: 57_722_400, until: end,  // 1971-10-31T02:00Z
                        reason: "negative DST (GMT in winter) in the main form, positive (IST in summer) in ICU's rearguard data"),
        KnownDifference(zone: "Eire", kind: .daylightFlagOnly, from: 57_722_400, until: end,
                        reason: "a link to Europe/Dublin"),
        KnownDifference(zone: "Africa/Casablanca", kind: .daylightFlagOnly, from: 1_540_692_000, until: end,  // 2018-10-28T02:00Z
                        reason: "+01 is standard time and +00 in Ramadan negative DST in the main form; the opposite in ICU"),
        KnownDifference(zone: "Africa/El_Aaiun", kind: .daylightFlagOnly, from: 1_540_692_000, until: end,
                        reason: "Morocco's rule, as Africa/Casablanca"),
        KnownDifference(zone: "Africa/Windhoek", kind: .daylightFlagOnly, from: 764_200_800, until: 1_508_796_000,  // 1994-03-20T22:00Z to 2017-10-23T22:00Z
                        reason: "winter WAT (+1) is negative DST in the main form; in ICU summer CAT (+2) is DST, until the 2017 law"),
    ]

    /// Every TZif file of the system's tzdata, at every 7th day from 1970 to 2040 and a second
    /// before, at and after each transition of ours and of ICU's from 1970 to 2100 (the files list
    /// them up to 2037, the footers' rules after): the same offset and isdst as Foundation, but
    /// for `knownDifferences`, and those only within their ranges.
    @Test func everyZoneAgreesWithFoundation() throws {
        let identifiers = Self.zoneIdentifiers()
        var compared = 0
        var unknownToFoundation = [String]()
        var zonesThatDiffered = Set<String>()
        for identifier in identifiers {
            guard let zone = TimeZone(identifier: identifier) else {
                unknownToFoundation.append(identifier)
                continue
            }
            let rules = try #require(ZoneRules.load(identifier: identifier), "\(identifier)")
            compared += 1
            var instants = Array(stride(from: Int64(0), to: 2_208_988_800, by: 7 * 86_400))  // to 2040
            var cursor: Int64 = 0
            while let next = rules.nextTransition(after: cursor), next < Self.end {
                guard next > cursor else {
                    Issue.record("\(identifier): the transition after \(cursor) is \(next)")
                    break
                }
                instants += [next - 1, next, next + 1]
                cursor = next
            }
            var date = Date(timeIntervalSince1970: 0)
            while let next = zone.nextDaylightSavingTimeTransition(after: date), next > date, next.timeIntervalSince1970 < TimeInterval(Self.end) {
                let instant = Int64(next.timeIntervalSince1970.rounded(.down))
                instants += [instant - 1, instant, instant + 1]
                date = next
            }
            let known = Self.knownDifferences.filter { $0.zone == identifier }
            for instant in instants {
                let date = Date(timeIntervalSince1970: TimeInterval(instant))
                let offsetDiffers = rules.secondsFromGMT(at: instant) != zone.secondsFromGMT(for: date)
                let flagDiffers = rules.isDaylightSavingTime(at: instant) != zone.isDaylightSavingTime(for: date)
                guard offsetDiffers || flagDiffers else { continue }
                zonesThatDiffered.insert(identifier)
                let allowed = known.contains { difference in
                    (difference.from..<difference.until).contains(instant) && (difference.kind == .offsetAndDaylight || !offsetDiffers)
                }
                #expect(allowed, """
                    \(identifier) at \(instant) (\(date)): offset \(rules.secondsFromGMT(at: instant)) vs Foundation's \(zone.secondsFromGMT(for: date)), \
                    isdst \(rules.isDaylightSavingTime(at: instant)) vs \(zone.isDaylightSavingTime(for: date))
                    """)
            }
        }
        // Not vacuous: the walk found the zones, and Foundation knew nearly all of them (here all
        // but "localtime" and "posixrules", which are files rather than zone names).
        #expect(compared > 500)
        #expect(unknownToFoundation.count < 10, "\(unknownToFoundation)")
        // Each listed zone does differ (a stale entry would hide a future regression).
        let stale = Set(Self.knownDifferences.map(\.zone)).subtracting(zonesThatDiffered).filter { TimeZone(identifier: $0) != nil }
        #expect(stale.isEmpty, "listed but agreeing now: \(stale.sorted())")
    }

    /// Before a zone's first transition RFC 8536 says type 0 applies, and zic makes type 0 the
    /// local mean time; Foundation (ICU) gives the same local mean time (Paris +0:09:21 in 1850,
    /// Shanghai +8:05:43). Compared where ICU's first transition is ours: about 100 zones begin
    /// elsewhere because Debian builds tzdata with `backzone` (Africa/Accra has its own history,
    /// and its LMT of -0:00:52) where ICU has links (Accra is Abidjan, -0:16:08).
    @Test func earlyInstantsAgreeWithFoundation() throws {
        let paris = try #require(ZoneRules.load(identifier: "Europe/Paris"))
        let shanghai = try #require(ZoneRules.load(identifier: "Asia/Shanghai"))
        #expect(paris.secondsFromGMT(at: -3_786_825_600) == 561)  // 1850
        #expect(shanghai.secondsFromGMT(at: -3_786_825_600) == 29_143)
        #expect(TimeZone(identifier: "Europe/Paris")?.secondsFromGMT(for: Date(timeIntervalSince1970: -3_786_825_600)) == 561)
        var zones = 0
        for identifier in Self.zoneIdentifiers() {
            guard let zone = TimeZone(identifier: identifier), let rules = ZoneRules.load(identifier: identifier),
                  let first = rules.nextTransition(after: Int64.min),
                  let icuFirst = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: -60_000_000_000)),
                  Int64(icuFirst.timeIntervalSince1970) == first else { continue }
            zones += 1
            for instant in [first - 1, -3_786_825_600, -5_364_662_400, -30_610_224_000] where instant < first {  // 1850, 1800, 1000
                let date = Date(timeIntervalSince1970: TimeInterval(instant))
                #expect(rules.secondsFromGMT(at: instant) == zone.secondsFromGMT(for: date), "\(identifier) at \(date)")
                #expect(rules.isDaylightSavingTime(at: instant) == zone.isDaylightSavingTime(for: date), "\(identifier) at \(date)")
            }
        }
        #expect(zones > 400)
    }

    // MARK: Fuzz

    /// What any rules that were read must do at any instant: an offset within a day or so, and a
    /// next transition that is later and at which the offset or isdst does change.
    private static func checkSane(_ rules: ZoneRules, _ random: inout SplitMix64, _ what: String) {
        let instants: [Int64] = [Int64.min, Int64.min + 1, -1 << 40, -2_208_988_800, -1, 0, 1_750_000_000, 4_102_444_800, 1 << 40,
                                 Int64.max - 1, Int64.max, Int64(bitPattern: random.next()), Int64(bitPattern: random.next()) >> 20]
        for instant in instants {
            let offset = rules.secondsFromGMT(at: instant)
            if abs(offset) > 26 * 3600 { Issue.record("\(what): offset \(offset) at \(instant)") }
            let isDST = rules.isDaylightSavingTime(at: instant)
            guard let next = rules.nextTransition(after: instant) else { continue }
            if next <= instant {
                Issue.record("\(what): next transition \(next) not after \(instant)")
            } else if rules.secondsFromGMT(at: next) == rules.secondsFromGMT(at: next - 1),
                      rules.isDaylightSavingTime(at: next) == rules.isDaylightSavingTime(at: next - 1) {
                Issue.record("\(what): nothing changes at \(next) (after \(instant), offset \(offset), isdst \(isDST))")
            }
        }
    }

    /// 2,000 mutations (bit flips, bytes, truncations, counts set to edge values, ranges cut or
    /// doubled, footers garbled) of hand-made and system files: each is refused or reads sanely.
    @Test func mutatedFilesAreRefusedOrReadSanely() throws {
        var bases = [Self.versionOne, Self.versionTwo]
        for name in ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham", "Europe/Dublin", "UTC"] {
            bases.append(Array(try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name), "\(name)")))
        }
        let grammar = Array("ESTDCMJ<>+-:,./0123456789\n".utf8)
        var random = SplitMix64(seed: 8536)
        var (read, refused) = (0, 0)
        for round in 0..<2_000 {
            var bytes = bases[Int(random.next() % UInt64(bases.count))]
            for _ in 0...(random.next() % 3) where !bytes.isEmpty {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 7 {
                case 0:
                    bytes[index] ^= UInt8(1) << (random.next() % 8)
                case 1:
                    bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 2:
                    bytes = Array(bytes[..<index])
                case 3:
                    // A count in either header set to an edge value.
                    let headers = bytes.indices.filter { bytes[$0...].starts(with: Array("TZif".utf8)) && $0 + 44 <= bytes.count }
                    guard let header = headers.randomElement(using: &random) else { continue }
                    let field = header + 20 + 4 * Int(random.next() % 6)
                    let old = UInt32(bytes[field]) << 24 | UInt32(bytes[field + 1]) << 16 | UInt32(bytes[field + 2]) << 8 | UInt32(bytes[field + 3])
                    let value = [0, 1, old &+ 1, old &- 1, 255, 256, 257, 100_000, 100_001, 65_537, UInt32.max, UInt32(truncatingIfNeeded: random.next())][Int(random.next() % 12)]
                    bytes[field...(field + 3)] = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                case 4:
                    let end = min(bytes.count, index + 1 + Int(random.next() % 16))
                    bytes.removeSubrange(index..<end)
                case 5:
                    let end = min(bytes.count, index + 1 + Int(random.next() % 16))
                    bytes.insert(contentsOf: bytes[index..<end], at: index)
                default:
                    // The footer's characters.
                    let position = max(0, bytes.count - 1 - Int(random.next() % 40))
                    bytes[position] = grammar[Int(random.next() % UInt64(grammar.count))]
                }
            }
            guard let rules = try? ZoneRules(tzif: bytes) else {
                refused += 1
                continue
            }
            read += 1
            Self.checkSane(rules, &random, "mutation \(round)")
        }
        // Both ways are exercised (182 and 1,818 with this seed).
        #expect(read > 100 && refused > 1_000, "read \(read), refused \(refused)")
    }

    /// 2,000 TZ strings: half random text over the grammar's characters, half built from the
    /// grammar with numbers around their limits. None traps; what parses behaves sanely.
    @Test func randomRulesAreRefusedOrBehaveSanely() {
        let alphabet = Array("ESTDCMJ<>+-:,./0123456789 a".utf8)
        var random = SplitMix64(seed: 1003)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        func number(_ limit: Int) -> String { String(Int(random.next() % UInt64(limit + 1))) }
        func time(_ hours: Int) -> String {
            pick(["", "+", "-"]) + number(hours) + pick(["", ":" + number(60), ":" + number(60) + ":" + number(60)])
        }
        func day() -> String {
            pick(["M" + number(13) + "." + number(6) + "." + number(7), "J" + number(366), number(366)]) + pick(["", "/" + time(170)])
        }
        var parsed = 0
        for round in 0..<2_000 {
            let text: String
            if round % 2 == 0 {
                text = String(decoding: (0..<Int(random.next() % 30)).map { _ in pick(alphabet) }, as: UTF8.self)
            } else {
                var built = pick(["EST", "<+0530>", "<-03>", "AB", "<A>", "ABCDEFG"]) + time(25)
                if random.next() % 4 != 0 {
                    built += pick(["EDT", "<+0630>", "<-02>", "X"]) + pick(["", time(25)])
                    if random.next() % 5 != 0 { built += "," + day() + "," + day() }
                }
                text = built
            }
            guard let rules = ZoneRules.posix(text) else { continue }
            parsed += 1
            Self.checkSane(rules, &random, "\"\(text)\"")
        }
        #expect(parsed > 200, "\(parsed) parsed")
    }
}
