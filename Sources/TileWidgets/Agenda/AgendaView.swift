import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The agenda: in the small family the date and the next events, in the larger ones the days
/// with their events (the time or "all day", the title, the place); the event under way is
/// marked ▌ in the accent colour, and one starting within the hour says "in 12 min".
struct AgendaView: View {
    var entry: AgendaEntry
    var zone: Zone
    @Environment(\.widgetFamily) private var family


    /// Events not yet over.
    private var upcoming: [AgendaEvent] { entry.events.filter { $0.end > entry.date } }

    var body: some View {
        switch family {
        case .accessoryInline:
            Text(upcoming.first.map { "\(when($0)) \($0.title)" } ?? (entry.problem ?? "No more events"))
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(dayTitle(entry.date)).bold().lineLimit(1)
                ForEach(Array(upcoming.prefix(2).enumerated()), id: \.offset) { _, event in
                    Text("\(when(event)) \(event.title)").lineLimit(1)
                }
                if upcoming.isEmpty { Text(entry.problem ?? "No more events").foregroundColor(.secondary) }
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(LocalDateWords.weekdayName(zone.localTime(for: entry.date).weekday).uppercased()).bold().foregroundColor(.red)
                    if entry.isSample { Text("sample").foregroundColor(.secondary) }
                }
                Text("\(zone.localTime(for: entry.date).day)").font(.system(size: 24)).lineLimit(1)
                if let problem = entry.problem { Text(problem).foregroundColor(.secondary) }
                ForEach(Array(upcoming.prefix(3).enumerated()), id: \.offset) { _, event in
                    row(event, showsLocation: false)
                }
                if upcoming.isEmpty, entry.problem == nil { Text("No more events").foregroundColor(.secondary) }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(dayTitle(entry.date)).bold().lineLimit(1)
                    Spacer(minLength: 1)
                    if entry.isSample { Text("sample").foregroundColor(.secondary) }
                }
                if let problem = entry.problem { Text(problem).foregroundColor(.secondary) }
                ForEach(Array(entry.problems.prefix(2).enumerated()), id: \.offset) { _, problem in
                    Text("⚠ \(problem)").foregroundColor(.orange).lineLimit(1)
                }
                ForEach(Array(days.prefix(family == .systemMedium ? 2 : entry.days).enumerated()), id: \.offset) { index, day in
                    if index > 0 { Text(day.title).foregroundColor(.secondary).lineLimit(1) }
                    if day.events.isEmpty { Text("  No events").foregroundColor(.secondary) }
                    ForEach(Array(day.events.prefix(family == .systemMedium ? 3 : 8).enumerated()), id: \.offset) { _, event in
                        row(event, showsLocation: family != .systemMedium)
                    }
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    /// Today's and the following days' events (those of today not yet over), with their titles.
    private var days: [(title: String, events: [AgendaEvent])] {
        let first = zone.localTime(for: entry.date).daysSinceEpoch
        return (0..<entry.days).map { offset in
            let start = zone.firstInstant(atWallClock: Int64(first + offset) * 86_400)
            let end = zone.firstInstant(atWallClock: Int64(first + offset + 1) * 86_400)
            let events = entry.events.filter { $0.start < end && $0.end > max(start, entry.date) }
            let title = offset == 0 ? "Today" : offset == 1 ? "Tomorrow" : dayTitle(start)
            return (title, events)
        }
    }

    private func row(_ event: AgendaEvent, showsLocation: Bool) -> some View {
        let now = event.isHappening(at: entry.date)
        return HStack(spacing: 1) {
            Text(now ? "▌" : " ").foregroundColor(.blue)
            Text(when(event)).foregroundColor(now ? .blue : .secondary).lineLimit(1)
            Text(event.title).fontWeight(now ? .bold : .regular).lineLimit(1)
            Spacer(minLength: 1)
            if showsLocation, let location = event.location { Text(location).foregroundColor(.secondary).lineLimit(1) }
        }
    }

    /// `now`, `in 12 min`, `all day` (`·` where a column is narrow), or the start as `09:30`.
    private func when(_ event: AgendaEvent) -> String {
        if event.allDay { return family == .systemSmall || family == .accessoryRectangular ? "·" : L("agenda.all_day") }
        if event.isHappening(at: entry.date) { return L("agenda.now") }
        let minutes = Int((event.start.timeIntervalSince(entry.date) / 60).rounded(.up))
        if minutes > 0, minutes <= 60 { return L("agenda.in_minutes", ["minutes": String(minutes)]) }
        let time = zone.localTime(for: event.start)
        return (time.hour < 10 ? "0" : "") + "\(time.hour):" + (time.minute < 10 ? "0" : "") + "\(time.minute)"
    }

    /// `Sun 29 Nov`.
    private func dayTitle(_ date: Date) -> String {
        let time = zone.localTime(for: date)
        return LocalDateWords.weekdayDayMonth(weekday: time.weekday, day: time.day, month: time.month)
    }
}
