import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Chinese-style date fragments for widgets, built by hand so output never
/// depends on which locales the host's Foundation/ICU happens to ship.
public enum ChineseDate {
    /// Two-digit day of the month, e.g. "06".
    public static func dayText(_ date: Date, in tz: Zone) -> String {
        twoDigits(LocalDay(date, in: tz).day)
    }

    /// Month and day as "MM/dd", e.g. "06/06".
    public static func monthDay(_ date: Date, in tz: Zone) -> String {
        let civil = LocalDay(date, in: tz)
        return twoDigits(civil.month) + "/" + twoDigits(civil.day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
