import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Chinese-style date fragments for widgets, built by hand so output never
/// depends on which locales the host's Foundation/ICU happens to ship.
public enum ChineseDate {
    private static let weekdayNames = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]

    /// Short weekday of the local day in `tz`: "周一" … "周日".
    public static func weekday(_ date: Date, in tz: Zone) -> String {
        weekdayNames[LocalDay(date, in: tz).weekday]
    }

    /// Two-digit month with 月, e.g. "06月".
    public static func monthText(_ date: Date, in tz: Zone) -> String {
        twoDigits(LocalDay(date, in: tz).month) + "月"
    }

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
