import FoundationEssentials
import Glibc
import TileUI
import TileBase

/// The system's time zone, found as `TimeZone.current` finds it, from an environment already read,
/// as a `Zone` read from the system's files (no ICU).
///
/// Foundation's lookup reads the whole environment through `ProcessInfo` twice (for `TZFILE` and
/// `TZ`), a cost at every start (docs/performance.md). This takes the same steps in the same order on the dictionary the
/// board already has, and leaves the last one (the C library's `localtime`) and every case that
/// reaches it to `TimeZone.current` itself. One step is tiles' own: a `TZ` that names no zone but
/// is a POSIX rule (`CST-8`, `EST5EDT,M3.2.0,M11.1.0`) is read as the C library reads it.
public enum SystemTimeZone {
    /// The zone `TimeZone.current` would give, given the process's `environment`.
    public static func current(environment: [String: String]) -> Zone {
        zone(environment: environment, localtimeLink: localtimeLink()) ?? Zone(TimeZone.current)
    }

    /// The zone of this process's own environment and system, found once, for code that has no
    /// zone handed to it (a log line's time).
    public static let process: Zone = current(environment: ProcessEnvironment.current())

    /// The zone named by `TZFILE`, then by `TZ` (an abbreviation in Foundation's table, else an
    /// identifier), then by where `/etc/localtime` links into `/usr/share/zoneinfo/`: the steps of
    /// Foundation's `TimeZone.current` before `localtime` (with `TZ` read as a POSIX rule when it
    /// names no zone, as the C library reads it). Nil when none of them names a zone.
    static func zone(environment: [String: String], localtimeLink: String?) -> Zone? {
        if let file = environment["TZFILE"], let zone = Zone(identifier: file) {
            return zone
        }
        if let name = environment["TZ"] {
            if let identifier = TimeZone.abbreviationDictionary[name], let zone = Zone(identifier: identifier) {
                return zone
            }
            if let zone = Zone(identifier: name) ?? Zone(posixRule: name) {
                return zone
            }
        }
        guard let link = localtimeLink, let identifier = identifier(inLink: link) else { return nil }
        return Zone(identifier: identifier)
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
