/// Chinese names for lunar months and days, as printed on wall almanacs.
///
/// Month names: 正月, 二月 … 十月, 冬月, 腊月 — the everyday almanac style, chosen
/// over 十一月/十二月 because that is what calendars on Chinese walls print.
/// Day names: 初一 … 初十, 十一 … 十九, 二十, 廿一 … 廿九, 三十.
enum LunarDateText {
    static let monthNames = ["正月", "二月", "三月", "四月", "五月", "六月",
                             "七月", "八月", "九月", "十月", "冬月", "腊月"]
    private static let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]

    /// "五月", or "闰二月" for a leap month; `month` is 1…12.
    static func month(_ month: Int, isLeap: Bool) -> String {
        (isLeap ? "闰" : "") + monthNames[mod(month - 1, 12)]
    }

    /// "初一" … "三十"; `day` is 1…30.
    static func day(_ day: Int) -> String {
        switch day {
        case 1...10: return "初" + digits[day]
        case 11...19: return "十" + digits[day - 10]
        case 20: return "二十"
        case 21...29: return "廿" + digits[day - 20]
        case 30: return "三十"
        default: return String(day)
        }
    }

    /// Month and day together, e.g. "五月十一" or "闰二月十一".
    static func date(month: Int, day: Int, isLeap: Bool) -> String {
        self.month(month, isLeap: isLeap) + self.day(day)
    }
}
