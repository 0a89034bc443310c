import Foundation
import Glibc

/// The system's time zone, found as `TimeZone.current` finds it, from an environment already read.
///
/// Foundation's lookup reads the whole environment through `ProcessInfo` twice (for `TZFILE` and
/// `TZ`), a million instructions of the board's start for a twenty-variable environment
/// (docs/performance.md). This takes the same steps in the same order on the dictionary the
/// board already has, and leaves the last one (the C library's `localtime`) and every case that
/// reaches it to `TimeZone.current` itself.
public enum SystemTimeZone {
    /// The zone `TimeZone.current` would give, given the process's `environment`.
    public static func current(environment: [String: String]) -> TimeZone {
        zone(environment: environment, localtimeLink: localtimeLink()) ?? .current
    }

    /// The zone named by `TZFILE`, then by `TZ` (an abbreviation in Foundation's table, else an
    /// identifier), then by where `/etc/localtime` links into `/usr/share/zoneinfo/`: the steps of
    /// Foundation's `TimeZone.current` before `localtime`. Nil when none of them names a zone.
    static func zone(environment: [String: String], localtimeLink: String?) -> TimeZone? {
        if let file = environment["TZFILE"], let zone = TimeZone(identifier: file) {
            return zone
        }
        if let name = environment["TZ"] {
            if let identifier = TimeZone.abbreviationDictionary[name], let zone = TimeZone(identifier: identifier) {
                return zone
            }
            if let zone = TimeZone(identifier: name) {
                return zone
            }
        }
        guard let link = localtimeLink, let identifier = identifier(inLink: link) else { return nil }
        return TimeZone(identifier: identifier)
    }

    /// What follows the first `/usr/share/zoneinfo/` in `link`. A search of the UTF-8 bytes:
    /// Foundation's `range(of:)` goes through CoreFoundation's string search, whose Unicode
    /// tables the board otherwise never reads (a few hundred KiB of resident memory).
    static func identifier(inLink link: String) -> String? {
        let bytes = Array(link.utf8), directory = Array("/usr/share/zoneinfo/".utf8)
        guard bytes.count >= directory.count else { return nil }
        for start in 0...(bytes.count - directory.count) where bytes[start..<start + directory.count].elementsEqual(directory) {
            return String(decoding: bytes[(start + directory.count)...], as: UTF8.self)
        }
        return nil
    }

    /// Where `/etc/localtime` links to, or nil when it is not a link.
    static func localtimeLink() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/etc/localtime", &buffer, Int(PATH_MAX))
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
