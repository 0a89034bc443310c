#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// One file, longer than most: the TZif reader and the POSIX TZ rule of its footer are one
// format (RFC 8536) and are tested as one against every zone of /usr/share/zoneinfo.

/// What was wrong with TZif bytes: enough to tell a truncated download from a file that is not
/// TZif at all, or one whose tables contradict themselves.
enum ZoneRulesError: Error, Equatable {
    /// The bytes end before what the headers count (or before the footer's closing newline).
    case truncated
    /// The bytes do not start with "TZif" (or the v2+ header does not).
    case badMagic
    /// The version byte is not NUL, '2', '3' or '4', or the two headers of a v2+ file disagree.
    case badVersion
    /// A count is beyond what any real zone needs (timecnt > 100,000, typecnt > 256, ...).
    case countTooLarge
    /// typecnt or charcnt is 0, or isutcnt or isstdcnt is neither 0 nor typecnt.
    case badCounts
    /// Transition times are not strictly ascending.
    case unsortedTransitions
    /// A transition names a local time type that does not exist.
    case badTypeIndex
    /// A local time type's offset is -2^31 or beyond RFC 8536's (-25 h, +26 h), its isdst is not
    /// 0 or 1, or its designation index is past the designations.
    case badLocalTimeType
    /// A standard/wall or UT/local indicator is not 0 or 1, or UT is set without standard.
    case badIndicator
    /// The footer is not newline, POSIX TZ string, newline, or its TZ string does not parse.
    case badFooter
}

/// A time zone's rules as compiled into a TZif file (RFC 8536): its transitions, and the POSIX TZ
/// rule of its footer for instants after the last one. A final class so that copies share the
/// tables; immutable, so it is Sendable.
final class ZoneRules: Sendable {
    /// A local time type: its offset from UTC (east positive) and whether it is daylight time.
    struct LocalType: Equatable, Sendable {
        let offset: Int32
        let isDST: Bool
    }

    /// Transition instants, strictly ascending (Unix seconds).
    private let times: [Int64]
    /// For each transition, the index in `types` of the local time type it starts.
    private let typeIndices: [UInt8]
    /// The local time types (at least one).
    private let types: [LocalType]
    /// The type before the first transition (see `init(tzif:)` for the choice).
    private let initialType: LocalType
    /// The footer's rule, for instants at or after the last transition (nil: none or empty).
    private let rule: PosixRule?

    /// Reads TZif bytes (version 1, 2, 3 or 4). Throws on anything malformed; never traps.
    init(tzif bytes: [UInt8]) throws(ZoneRulesError) {
        let first = try TZifHeader(bytes, at: 0)
        var header = first
        var body = TZifHeader.size
        if first.version != 0 {
            // A v2+ reader skips the 32-bit block, whatever it holds, by its own header's counts,
            // and reads the second header and its 64-bit block.
            let second = body + first.blockSize(timeSize: 4)
            header = try TZifHeader(bytes, at: second)
            guard header.version == first.version else { throw .badVersion }
            body = second + TZifHeader.size
        }
        try header.validate()
        let timeSize = first.version == 0 ? 4 : 8
        let blockEnd = body + header.blockSize(timeSize: timeSize)
        guard blockEnd <= bytes.count else { throw .truncated }

        var reader = ByteReader(bytes: bytes, position: body)
        var times = [Int64]()
        times.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            let time = timeSize == 4 ? Int64(Int32(bitPattern: reader.uint32())) : Int64(bitPattern: reader.uint64())
            if let last = times.last, time <= last { throw .unsortedTransitions }
            times.append(time)
        }
        var typeIndices = [UInt8]()
        typeIndices.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            let index = reader.byte()
            guard Int(index) < header.typecnt else { throw .badTypeIndex }
            typeIndices.append(index)
        }
        var types = [LocalType]()
        types.reserveCapacity(header.typecnt)
        for _ in 0..<header.typecnt {
            let offset = Int32(bitPattern: reader.uint32())
            let isDST = reader.byte()
            let designation = reader.byte()
            // RFC 8536 §3.2: utoff "SHOULD" lie in (-25 h, +26 h) and MUST NOT be -2^31; a
            // reader that keeps to it never shows a clock more than a day off.
            guard offset > -90_000, offset < 93_600, isDST <= 1, Int(designation) < header.charcnt else {
                throw .badLocalTimeType
            }
            types.append(LocalType(offset: offset, isDST: isDST == 1))
        }
        // Designations are not needed; leap-second records are skipped, as only the right/ zones
        // (which count leap seconds in their times, and which Foundation does not offer) have any.
        reader.position += header.charcnt + header.leapcnt * (timeSize + 4)
        let standardStart = reader.position
        for _ in 0..<header.isstdcnt where reader.byte() > 1 { throw .badIndicator }
        for index in 0..<header.isutcnt {
            let universal = reader.byte()
            let standard = header.isstdcnt == 0 ? 0 : bytes[standardStart + index]
            guard universal <= 1, universal == 0 || standard == 1 else { throw .badIndicator }
        }

        var rule: PosixRule?
        if first.version != 0 {
            // The footer: "\n", a POSIX TZ string (maybe empty), "\n"; nothing after it is read.
            guard blockEnd < bytes.count else { throw .truncated }
            guard bytes[blockEnd] == UInt8(ascii: "\n") else { throw .badFooter }
            var end = blockEnd + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            guard end < bytes.count else { throw .truncated }
            if end > blockEnd + 1 {
                guard let parsed = PosixRule(bytes[(blockEnd + 1)..<end]) else { throw .badFooter }
                rule = parsed
            }
        }

        self.times = times
        self.typeIndices = typeIndices
        self.types = types
        self.rule = rule
        // Before the first transition RFC 8536 says type 0 applies, and zic makes type 0 the
        // zone's local mean time (Paris +0:09:21, Shanghai +8:05:43). Foundation (ICU) gives the
        // same local mean time before the first transition, in 1850 as in the year 1000, for every
        // zone whose history ICU shares, so nothing differs from the RFC here
        // (ZoneRulesTests.earlyInstantsAgreeWithFoundation).
        self.initialType = types[0]
    }

    /// The rules of a POSIX TZ string alone, without transitions (for `posix(_:)`).
    private init(rule: PosixRule) {
        times = []
        typeIndices = []
        types = [LocalType(offset: Int32(rule.standardOffset), isDST: false)]
        initialType = types[0]
        self.rule = rule
    }

    /// Reads `/usr/share/zoneinfo/<identifier>` (or `directory`/<identifier>); nil when the name is
    /// unsafe (empty, over 255 bytes, absolute, "..", a NUL, a component starting with "."), the file
    /// is missing, unreadable, not a regular file, larger than 1 MiB, or not valid TZif.
    static func load(identifier: String, directory: String = "/usr/share/zoneinfo") -> ZoneRules? {
        guard isSafe(identifier: identifier), !directory.utf8.contains(0) else { return nil }
        guard let bytes = readSmallFile(atPath: directory + "/" + identifier) else { return nil }
        return try? ZoneRules(tzif: bytes)
    }

    /// Parses a POSIX TZ rule string such as "CST-8", "EST5EDT,M3.2.0,M11.1.0" or
    /// "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0" (with v3's hours beyond 24 and negative). Nil when malformed.
    static func posix(_ rule: String) -> ZoneRules? {
        let bytes = Array(rule.utf8)
        guard let parsed = PosixRule(bytes[...]) else { return nil }
        return ZoneRules(rule: parsed)
    }

    /// The offset from UTC, in seconds (east positive, as Foundation's `secondsFromGMT`), in force at
    /// `unixTime` (seconds since 1970-01-01 UTC).
    func secondsFromGMT(at unixTime: Int64) -> Int {
        Int(localType(at: unixTime).offset)
    }

    /// Whether daylight saving time is in force at `unixTime` (the type's isdst flag / the POSIX rule).
    func isDaylightSavingTime(at unixTime: Int64) -> Bool {
        localType(at: unixTime).isDST
    }

    /// The next instant after `unixTime` at which the offset or isdst changes, or nil if none
    /// (a fixed offset, DST all year, or an instant so late that the answer would not fit).
    func nextTransition(after unixTime: Int64) -> Int64? {
        // Transitions that change only the abbreviation are not changes here.
        var index = firstIndex(after: unixTime)
        while index < times.count {
            let instant = times[index]
            if localType(at: instant) != localType(at: instant - 1) { return instant }
            index += 1
        }
        guard let rule else { return nil }
        return rule.nextChange(after: max(unixTime, times.last ?? Int64.min))
    }

    /// The local time type at `unixTime`: the table by binary search, the footer's rule after it.
    private func localType(at unixTime: Int64) -> LocalType {
        guard let last = times.last else { return rule?.localType(at: unixTime) ?? initialType }
        if unixTime >= last {
            return rule?.localType(at: unixTime) ?? types[Int(typeIndices[times.count - 1])]
        }
        let index = firstIndex(after: unixTime)
        return index == 0 ? initialType : types[Int(typeIndices[index - 1])]
    }

    /// The index of the first transition after `unixTime` (`times.count` if none).
    private func firstIndex(after unixTime: Int64) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] <= unixTime { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `identifier` names a file inside the zone directory and nothing else: no absolute
    /// path, no "..", no hidden or empty component, no NUL (which would cut the C path short).
    private static func isSafe(identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        var componentStart = true
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0 { return false }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            if componentStart, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") { return false }
            componentStart = byte == UInt8(ascii: "/")
            previous = byte
        }
        return !componentStart
    }

    /// The whole content of the regular file at `path` if it is at most 1 MiB: `open`, `fstat`,
    /// `read`s, `close`, without Foundation's readers (this is on the dashboard's start path).
    private static func readSmallFile(atPath path: String) -> [UInt8]? {
        let limit = 1 << 20
        // O_NONBLOCK: a FIFO in the directory must not hang the open; regular files ignore it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else { return nil }
        // One byte more than the limit, to notice a file that grew since fstat.
        let capacity = Int(info.st_size) + 1
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
                if got == 0 { break }
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                count += got
            }
        }
        guard !failed, bytes.count <= limit else { return nil }
        return bytes
    }
}

/// One of the two headers of a TZif file (RFC 8536 §3.1): version and the six counts.
private struct TZifHeader {
    static let size = 44
    let version: Int
    let isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int

    /// Reads the header at `offset`, checking its magic, version and that no count is absurd
    /// (so that the sizes computed from them cannot overflow or ask for gigabytes).
    init(_ bytes: [UInt8], at offset: Int) throws(ZoneRulesError) {
        let magic: [UInt8] = [0x54, 0x5A, 0x69, 0x66]  // "TZif"
        for index in 0..<4 {
            guard offset + index < bytes.count else { throw .truncated }
            guard bytes[offset + index] == magic[index] else { throw .badMagic }
        }
        guard offset + Self.size <= bytes.count else { throw .truncated }
        switch bytes[offset + 4] {
        case 0: version = 0
        case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(bytes[offset + 4] - UInt8(ascii: "0"))
        default: throw .badVersion
        }
        var reader = ByteReader(bytes: bytes, position: offset + 20)
        isutcnt = Int(reader.uint32())
        isstdcnt = Int(reader.uint32())
        leapcnt = Int(reader.uint32())
        timecnt = Int(reader.uint32())
        typecnt = Int(reader.uint32())
        charcnt = Int(reader.uint32())
        guard timecnt <= 100_000, typecnt <= 256, charcnt <= 65_536, leapcnt <= 100_000,
              isutcnt <= 256, isstdcnt <= 256 else { throw .countTooLarge }
    }

    /// The counts' relations RFC 8536 requires of the block that is read (not of a skipped v1 block).
    func validate() throws(ZoneRulesError) {
        guard typecnt >= 1, charcnt >= 1, isutcnt == 0 || isutcnt == typecnt,
              isstdcnt == 0 || isstdcnt == typecnt else { throw .badCounts }
    }

    /// The size of the data block after this header, with `timeSize`-byte transition times.
    func blockSize(timeSize: Int) -> Int {
        timecnt * (timeSize + 1) + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
    }
}

/// Big-endian reads from bytes whose length the caller has already checked.
private struct ByteReader {
    let bytes: [UInt8]
    var position: Int

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(byte()) }
        return value
    }

    mutating func uint64() -> UInt64 {
        UInt64(uint32()) << 32 | UInt64(uint32())
    }
}

/// A POSIX TZ string (POSIX.1 §8.3, with RFC 8536's v3 extensions): a standard offset and, maybe,
/// a daylight offset with the yearly rules that start and end it.
struct PosixRule: Sendable {
    /// A day of the year, as the three forms of the TZ string name it.
    enum Day: Sendable {
        /// `Jn`: 1…365, February 29 never counted (J60 is always March 1).
        case julian(Int)
        /// `n`: 0…365 from January 1, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: day d (0 Sunday) of week w (5: the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// The daylight half of a rule: its offset and when it starts and ends.
    struct Daylight: Sendable {
        let offset: Int
        let start: Day, startTime: Int
        let end: Day, endTime: Int
    }

    /// Seconds east of UTC (the string says west: "CST-8" is +8 h).
    let standardOffset: Int
    let daylight: Daylight?

    private static let day: Int64 = 86_400
    /// The Gregorian calendar repeats every 400 years (146,097 days, a whole number of weeks),
    /// and so does every rule: instants are folded into one such period, so that the calendar
    /// arithmetic stays small whatever the instant.
    private static let period: Int64 = 146_097 * 86_400

    /// Parses the TZ string in `text`; nil when it does not follow the grammar in full.
    init?(_ text: ArraySlice<UInt8>) {
        var scanner = PosixScanner(bytes: text)
        guard scanner.name(), let standard = scanner.time(maxHours: 24) else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let next = scanner.peek, next != UInt8(ascii: ",") {
            guard let explicit = scanner.time(maxHours: 24) else { return nil }
            daylightOffset = -explicit
        }
        let start: (Day, Int), end: (Day, Int)
        if scanner.atEnd {
            // No rules: the US rules, as tzcode and glibc assume.
            start = (.monthWeekDay(month: 3, week: 2, weekday: 0), 7200)
            end = (.monthWeekDay(month: 11, week: 1, weekday: 0), 7200)
        } else {
            guard scanner.take(UInt8(ascii: ",")), let first = scanner.dayAndTime(),
                  scanner.take(UInt8(ascii: ",")), let second = scanner.dayAndTime(), scanner.atEnd else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: daylightOffset, start: start.0, startTime: start.1, end: end.0, endTime: end.1)
    }

    /// The local time type the rule gives at `unixTime`.
    func localType(at unixTime: Int64) -> ZoneRules.LocalType {
        guard let daylight else { return ZoneRules.LocalType(offset: Int32(standardOffset), isDST: false) }
        let folded = Self.fold(unixTime).remainder
        return isDaylight(at: folded)
            ? ZoneRules.LocalType(offset: Int32(daylight.offset), isDST: true)
            : ZoneRules.LocalType(offset: Int32(standardOffset), isDST: false)
    }

    /// The first instant after `unixTime` at which the rule's offset or isdst changes; nil for a
    /// fixed offset, when nothing changes for decades (DST all year), or past `Int64.max`.
    func nextChange(after unixTime: Int64) -> Int64? {
        guard daylight != nil else { return nil }
        let (periods, folded) = Self.fold(unixTime)
        var cursor = folded
        // Candidates are the rule's instants and the years' starts (where the window of years
        // `isDaylight` looks at moves); the first one where the answer changes is the change.
        for _ in 0..<64 {
            guard let candidate = nextCandidate(after: cursor) else { return nil }
            if isDaylight(at: candidate) != isDaylight(at: candidate - 1) {
                let (shift, overflow1) = periods.multipliedReportingOverflow(by: Self.period)
                let (result, overflow2) = candidate.addingReportingOverflow(shift)
                return overflow1 || overflow2 ? nil : result
            }
            cursor = candidate
        }
        return nil
    }

    /// `unixTime` as whole 400-year periods since 1970 and the seconds into the last one.
    private static func fold(_ unixTime: Int64) -> (periods: Int64, remainder: Int64) {
        var periods = unixTime / period
        var remainder = unixTime % period
        if remainder < 0 {
            periods -= 1
            remainder += period
        }
        return (periods, remainder)
    }

    /// Whether daylight time is in force at `folded` (within a few 400-year periods of 1970):
    /// the last of the start and end instants of the years around it decides, so that a rule
    /// whose instants cross New Year (v3 hours, southern zones) is right on both sides.
    private func isDaylight(at folded: Int64) -> Bool {
        guard daylight != nil else { return false }
        let year = Self.year(of: folded + Int64(standardOffset))
        var latest: (instant: Int64, isDST: Bool)?
        var earliest: (instant: Int64, isDST: Bool)?
        for candidateYear in (year - 1)...(year + 1) {
            switch instants(in: candidateYear) {
            case .none:
                continue
            case .allYear:
                if candidateYear == year { return true }
            case .both(let start, let end):
                if start <= folded, latest == nil || start > latest!.instant { latest = (start, true) }
                if end <= folded, latest == nil || end > latest!.instant { latest = (end, false) }
                if earliest == nil || start < earliest!.instant { earliest = (start, true) }
                if end < earliest!.instant { earliest = (end, false) }
            }
        }
        if let latest { return latest.isDST }
        // Nothing yet in the window (only with hours shifting instants by days): the state
        // before the first instant is the opposite of what it starts.
        return earliest.map { !$0.isDST } ?? false
    }

    /// The first rule instant or year start after `cursor`, looking about ten years ahead.
    private func nextCandidate(after cursor: Int64) -> Int64? {
        let year = Self.year(of: cursor + Int64(standardOffset))
        var best: Int64?
        func consider(_ instant: Int64) {
            if instant > cursor, best == nil || instant < best! { best = instant }
        }
        for candidateYear in (year - 1)...(year + 10) {
            consider(Self.day * Int64(CivilDate.daysSinceEpoch(year: candidateYear, month: 1, day: 1)) - Int64(standardOffset))
            if case .both(let start, let end) = instants(in: candidateYear) {
                consider(start)
                consider(end)
            }
        }
        return best
    }

    /// What the rule does in one year.
    private enum YearInstants {
        /// No daylight time (start and end fall on the same instant).
        case none
        /// Daylight time all year: it ends a whole year or more after it starts (`0/0,J365/25`).
        case allYear
        /// Daylight time starts and ends at these instants (start after end in the south).
        case both(start: Int64, end: Int64)
    }

    /// The instants (UTC) at which daylight time starts and ends in `year`: the start is given in
    /// standard time, the end in daylight time.
    private func instants(in year: Int) -> YearInstants {
        guard let daylight else { return .none }
        let start = Self.day * Int64(Self.dayNumber(daylight.start, in: year)) + Int64(daylight.startTime) - Int64(standardOffset)
        let end = Self.day * Int64(Self.dayNumber(daylight.end, in: year)) + Int64(daylight.endTime) - Int64(daylight.offset)
        if start == end { return .none }
        let yearLength = Self.day * Int64(CivilDate.daysIn(month: 2, year: year) == 29 ? 366 : 365)
        if start < end, end - start >= yearLength { return .allYear }
        return .both(start: start, end: end)
    }

    /// Days from 1970-01-01 to the day `rule` names in `year`.
    private static func dayNumber(_ rule: Day, in year: Int) -> Int {
        let januaryFirst = CivilDate.daysSinceEpoch(year: year, month: 1, day: 1)
        switch rule {
        case .julian(let day):
            let leap = CivilDate.daysIn(month: 2, year: year) == 29
            return januaryFirst + day - 1 + (leap && day >= 60 ? 1 : 0)
        case .zeroBased(let day):
            return januaryFirst + day
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.daysSinceEpoch(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((first % 7) + 11) % 7
            var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.daysIn(month: month, year: year)
            while day >= first + length { day -= 7 }
            return day
        }
    }

    /// The Gregorian year of the day `seconds` after 1970 falls in.
    private static func year(of seconds: Int64) -> Int {
        var days = seconds / day
        if seconds % day < 0 { days -= 1 }
        return CivilDate.date(daysSinceEpoch: Int(days)).year
    }
}

/// Reads the pieces of a POSIX TZ string, each returning nil or false (leaving the position
/// anywhere) when the text does not fit.
private struct PosixScanner {
    let bytes: ArraySlice<UInt8>
    var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var atEnd: Bool { position >= bytes.endIndex }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or `<...>` around three or more letters,
    /// digits, '+' and '-'.
    mutating func name() -> Bool {
        var length = 0
        if take(UInt8(ascii: "<")) {
            while let byte = peek, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
                length += 1
            }
            return take(UInt8(ascii: ">")) && length >= 3
        }
        while let byte = peek, Self.isLetter(byte) {
            position += 1
            length += 1
        }
        return length >= 3
    }

    /// `[+-]hh[:mm[:ss]]` as signed seconds, hours at most `maxHours` (24 for offsets, 167 for
    /// v3 rule times).
    mutating func time(maxHours: Int) -> Int? {
        var sign = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let hours = number(maxDigits: 3, max: maxHours) else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(maxDigits: 2, max: 59) else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let secs = number(maxDigits: 2, max: 59) else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// A rule's day and its optional `/time` (02:00:00 when absent).
    mutating func dayAndTime() -> (PosixRule.Day, Int)? {
        let day: PosixRule.Day
        if take(UInt8(ascii: "J")) {
            guard let number = number(maxDigits: 3, max: 365), number >= 1 else { return nil }
            day = .julian(number)
        } else if take(UInt8(ascii: "M")) {
            guard let month = number(maxDigits: 2, max: 12), month >= 1, take(UInt8(ascii: ".")),
                  let week = number(maxDigits: 1, max: 5), week >= 1, take(UInt8(ascii: ".")),
                  let weekday = number(maxDigits: 1, max: 6) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let number = number(maxDigits: 3, max: 365) else { return nil }
            day = .zeroBased(number)
        }
        guard take(UInt8(ascii: "/")) else { return (day, 7200) }
        guard let time = time(maxHours: 167) else { return nil }
        return (day, time)
    }

    /// One to `maxDigits` decimal digits whose value is at most `max`.
    private mutating func number(maxDigits: Int, max: Int) -> Int? {
        var value = 0
        var digits = 0
        while let byte = peek, Self.isDigit(byte) {
            guard digits < maxDigits else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        return digits > 0 && value <= max ? value : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
