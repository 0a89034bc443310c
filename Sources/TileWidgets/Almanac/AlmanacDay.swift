/// One day of the Chinese almanac (黄历): lunar date, 干支 pillars, 建除 officer and 宜/忌.
///
/// Produced by `Almanac.day(for:in:)`; a plain value so widgets can diff, cache and encode it.
public struct AlmanacDay: Sendable, Hashable, Codable {
    /// Lunar month, 1…12 (a leap month repeats the number of the month before it).
    public var lunarMonth: Int
    /// Lunar day, 1…30.
    public var lunarDay: Int
    /// True inside a 闰月.
    public var isLeapMonth: Bool
    /// Month and day as printed, e.g. "五月十一" or "闰二月十一"; months run 正月 … 十月, 冬月, 腊月.
    public var lunarDateText: String
    /// 干支 of the lunar year (it changes at 春节, as almanacs print it), e.g. "壬寅".
    public var yearGanZhi: String
    /// 干支 of the solar-term month (it changes on each 节 day), e.g. "丙午".
    public var monthGanZhi: String
    /// 干支 of the civil day, e.g. "癸巳".
    public var dayGanZhi: String
    /// 生肖 of the lunar year, e.g. "虎".
    public var zodiac: String
    /// 建除十二神 officer of the day, e.g. "闭".
    public var officer: String
    /// Favoured activities (宜), from a simplified per-officer table.
    public var yi: [String]
    /// Activities to avoid (忌), from a simplified per-officer table.
    public var ji: [String]
    /// One-line summary for small widgets: "五月十一 · 癸巳 · 闭".
    public var summary: String

    /// Builds a day from its parts; `Almanac.day(for:in:)` is the usual way to get one.
    public init(
        lunarMonth: Int, lunarDay: Int, isLeapMonth: Bool, lunarDateText: String,
        yearGanZhi: String, monthGanZhi: String, dayGanZhi: String, zodiac: String,
        officer: String, yi: [String], ji: [String], summary: String
    ) {
        self.lunarMonth = lunarMonth
        self.lunarDay = lunarDay
        self.isLeapMonth = isLeapMonth
        self.lunarDateText = lunarDateText
        self.yearGanZhi = yearGanZhi
        self.monthGanZhi = monthGanZhi
        self.dayGanZhi = dayGanZhi
        self.zodiac = zodiac
        self.officer = officer
        self.yi = yi
        self.ji = ji
        self.summary = summary
    }
}
