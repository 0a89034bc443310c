/// A position in the sexagenary (干支) cycle: 0 = 甲子 … 59 = 癸亥.
///
/// The stem is `index % 10` and the branch is `index % 12`; a stem/branch pair
/// only exists when both have the same parity, which `init(stem:branch:)` relies on.
struct GanZhi: Hashable, Sendable {
    /// 天干, index 0 = 甲.
    static let stems = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]
    /// 地支, index 0 = 子.
    static let branches = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"]
    /// 生肖 in branch order, so the zodiac of a year is `zodiac[branch]`.
    static let zodiac = ["鼠", "牛", "虎", "兔", "龙", "蛇", "马", "羊", "猴", "鸡", "狗", "猪"]

    /// 0…59 in the cycle.
    var index: Int

    /// The cycle position `index` (taken modulo 60).
    init(index: Int) { self.index = mod(index, 60) }

    /// The unique cycle position with this stem and branch (same parity assumed).
    init(stem: Int, branch: Int) {
        // Chinese remainder theorem for moduli 10 and 12: index ≡ stem (10), ≡ branch (12).
        let s = mod(stem, 10), b = mod(branch, 12)
        self.index = mod(6 * s - 5 * b, 60)
    }

    /// The day pillar of a civil date, from its Julian Day Number (6tail: `JDN − 11`).
    init(dayWithJulianDayNumber jdn: Int) { self.init(index: jdn - 11) }

    var stem: Int { index % 10 }
    var branch: Int { index % 12 }
    /// Two characters, e.g. "癸巳".
    var name: String { GanZhi.stems[stem] + GanZhi.branches[branch] }
    /// The 生肖 belonging to this branch, e.g. "虎" for 寅.
    var zodiacAnimal: String { GanZhi.zodiac[branch] }
}
