import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// One day of the calendar: its date, weekday, lunar day (or the solar term beginning on it).
struct CalendarDay: Codable, Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int
    /// 0 Monday … 6 Sunday.
    var weekday: Int
    /// 初五, 十月 on a lunar month's first day, or the solar term that begins that day.
    var lunar: String
    /// Whether `lunar` names a solar term.
    var isTerm: Bool
}

/// The calendar on one day: today, and the days of its month.
public struct CalendarEntry: TimelineEntry, Hashable {
    public var date: Date
    var today: CalendarDay
    /// Today's lunar date in full (十月初五).
    var lunarDate: String
    /// Every day of the month, in order.
    var month: [CalendarDay]
    public var relevance: TimelineEntryRelevance? { nil }

    /// The calendar for the day containing `date` in `timeZone`.
    init(date: Date, timeZone: Zone) {
        self.date = date
        let civil = LocalDay(date, in: timeZone)
        let first = CivilDate.daysSinceEpoch(year: civil.year, month: civil.month, day: 1)
        let terms = SolarTermCalendar.days(inYear: civil.year, in: timeZone)
        var days: [CalendarDay] = []
        var offset = 0
        while true {
            let day = LocalDay(daysSinceEpoch: first + offset)
            guard day.month == civil.month else { break }
            let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200 - Double(timeZone.secondsFromGMT(for: date)))
            let almanac = Almanac.day(for: noon, in: timeZone)
            let lunar = terms[day.daysSinceEpoch]
                ?? (almanac.lunarDay == 1 ? LunarDateText.month(almanac.lunarMonth, isLeap: almanac.isLeapMonth) : LunarDateText.day(almanac.lunarDay))
            days.append(CalendarDay(
                year: day.year, month: day.month, day: day.day, weekday: (day.weekday + 6) % 7, lunar: lunar,
                isTerm: terms[day.daysSinceEpoch] != nil))
            offset += 1
        }
        month = days
        today = days[civil.day - 1]
        lunarDate = Almanac.day(for: date, in: timeZone).lunarDateText
    }

    /// The seven days of today's week, Monday first, as far as they lie in this month.
    var week: [CalendarDay?] {
        let monday = today.day - today.weekday
        return (0..<7).map { offset in
            let day = monday + offset
            return (1...month.count).contains(day) ? month[day - 1] : nil
        }
    }
}

/// A new calendar every midnight; nothing to fetch.
struct CalendarProvider: TimelineProvider {
    let timeZone: Zone

    func placeholder(in context: TimelineContext) -> CalendarEntry { CalendarEntry(date: context.now, timeZone: timeZone) }
    func snapshot(in context: TimelineContext) async -> CalendarEntry { placeholder(in: context) }
    func timeline(in context: TimelineContext) async throws -> Timeline<CalendarEntry> {
        let entry = CalendarEntry(date: context.now, timeZone: timeZone)
        return Timeline(entries: [entry], policy: .after(Almanac.nextMidnight(after: context.now, in: timeZone)))
    }
}

/// Small: today big, with its weekday and lunar date. Medium: this week. Large: the month.
struct CalendarView: View {
    var entry: CalendarEntry
    @Environment(\.widgetFamily) private var family

    /// Monday first: 一 … 日, Mo … Su.
    static var weekdayNames: [String] { L("calendar.weekdays").split(separator: " ").map(String.init) }
    static let accent = Color(light: RGBColor(hex: 0xFF3B30), dark: RGBColor(hex: 0xFF453A))
    static let termColor = Color(light: RGBColor(hex: 0x248A3D), dark: RGBColor(hex: 0x30D158))

    var body: some View {
        PlainPanel { content }
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                Text(L("date.month_weekday", ["month": LocalDateWords.longMonthName(entry.today.month),
                                              "weekday": LocalDateWords.weekdayName(entry.today.weekday + 1)]))
                    .foregroundColor(Self.accent).bold()
                Spacer(minLength: 0)
                Text("\(entry.today.day)").font(.system(size: 40)).minimumScaleFactor(0.5).lineLimit(1)
                Spacer(minLength: 0)
                Text(entry.today.isTerm ? "\(entry.lunarDate) \(entry.today.lunar)" : entry.lunarDate).lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                header
                Spacer(minLength: 0)
                HStack(spacing: 1) {
                    ForEach(Array(entry.week.enumerated()), id: \.offset) { offset, day in
                        VStack(spacing: 0) {
                            Text(Self.weekdayNames[offset]).foregroundColor(offset >= 5 ? Self.accent : nil)
                            dayCell(day)
                        }
                        .frame(width: 4)
                    }
                }
                Spacer(minLength: 0)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                header
                Spacer(minLength: 0)
                HStack(spacing: 1) {
                    ForEach(Array(Self.weekdayNames.enumerated()), id: \.offset) { offset, name in
                        Text(name).foregroundColor(offset >= 5 ? Self.accent : nil).frame(width: 4)
                    }
                }
                ForEach(Array(weeks.enumerated()), id: \.offset) { _, week in
                    HStack(spacing: 1) {
                        ForEach(Array(week.enumerated()), id: \.offset) { _, day in dayCell(day).frame(width: 4) }
                    }
                }
                Spacer(minLength: 0)
            }
        }
    }

    private var header: some View {
        HStack(spacing: 1) {
            Text(LocalDateWords.yearMonth(year: entry.today.year, month: entry.today.month)).bold()
            Spacer(minLength: 0)
            Text(entry.lunarDate).foregroundColor(Self.accent).lineLimit(1)
        }
    }

    /// A day's number over its lunar day; today on the accent colour.
    @ViewBuilder private func dayCell(_ day: CalendarDay?) -> some View {
        if let day {
            let isToday = day.day == entry.today.day
            VStack(spacing: 0) {
                Text("\(day.day)").bold()
                Text(day.lunar).lineLimit(1).foregroundColor(day.isTerm ? Self.termColor : nil).opacity(day.isTerm ? 1 : 0.7)
            }
            .frame(width: 4)
            .foregroundColor(isToday ? .white : nil)
            .background(isToday ? Self.accent : Color.clear)
        } else {
            VStack(spacing: 0) { Text(" "); Text(" ") }.frame(width: 4)
        }
    }

    /// The month's days in weeks, Monday first, with empty places before the first day and
    /// after the last.
    private var weeks: [[CalendarDay?]] {
        let lead = entry.month.first?.weekday ?? 0
        var places: [CalendarDay?] = Array(repeating: nil, count: lead) + entry.month.map { $0 }
        places += Array(repeating: nil, count: (7 - places.count % 7) % 7)
        return stride(from: 0, to: places.count, by: 7).map { Array(places[$0..<$0 + 7]) }
    }
}

/// 日历: the month with today marked, lunar days and the solar terms, offline.
struct CalendarWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        StaticConfiguration(kind: "calendar", provider: CalendarProvider(timeZone: services.timeZone)) { entry in
            CalendarView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.calendar.name"))
        .description(L("widget.calendar.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        .computedLocally()
    }
}
