import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The twelve 节 (odd-numbered solar terms) that open the twelve 干支 months.
///
/// Raw value 0 is 立春 (opens the 寅 month); each later term is 30° of solar
/// longitude further on, ending with 小寒 (opens the 丑 month).
enum SolarTerm: Int, CaseIterable, Sendable {
    case lichun, jingzhe, qingming, lixia, mangzhong, xiaoshu
    case liqiu, bailu, hanlu, lidong, daxue, xiaohan

    private static let names = ["立春", "惊蛰", "清明", "立夏", "芒种", "小暑",
                                "立秋", "白露", "寒露", "立冬", "大雪", "小寒"]

    /// Chinese name, e.g. "芒种".
    var name: String { Self.names[rawValue] }

    /// Apparent ecliptic longitude of the sun at which the term begins, in degrees.
    var longitude: Double { Double((315 + 30 * rawValue) % 360) }

    /// Branch (0 = 子) of the month this term opens: 立春 → 寅 (2) … 小寒 → 丑 (1).
    var monthBranch: Int { (2 + rawValue) % 12 }

    /// The term in force when the sun stands at `longitude` degrees.
    static func inForce(atLongitude longitude: Double) -> SolarTerm {
        let sinceLichun = (longitude - 315).truncatingRemainder(dividingBy: 360)
        let wrapped = sinceLichun < 0 ? sinceLichun + 360 : sinceLichun
        return SolarTerm(rawValue: min(Int(wrapped / 30), 11))!
    }

    /// The instant this term begins in Gregorian `year` (小寒 in early January, 大雪 in December).
    ///
    /// Newton's method on the solar longitude, started from the term's mean date.
    func instant(inYear year: Int) -> Date {
        // Mean day-of-year: 小寒 ≈ 5.6, then 立春 ≈ 34.5 and every 30.44 days after.
        let meanDayOfYear = self == .xiaohan ? 5.6 : 34.5 + 30.44 * Double(rawValue)
        let newYear = Double(CivilDate.daysSinceEpoch(year: year, month: 1, day: 1))
        return SolarPosition.instant(reaching: longitude, from: Date(timeIntervalSince1970: (newYear + meanDayOfYear) * 86_400))
    }
}
