import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The agenda's parameters.
public struct AgendaIntent: WidgetIntent {
    /// iCalendar sources: http(s) or webcal URLs, or absolute (or `~/`) file paths, separated by
    /// commas or line breaks.
    public var calendars = ""
    /// How many days are shown, today first.
    public var days = 2
    /// Minutes before an event that its alert comes; 0 for none.
    public var alertMinutes = 0

    public init() {}

    public static var parameters: [WidgetParameter<AgendaIntent>] { [
        .string("calendars", title: L("param.agenda.calendars"), \.calendars, maxLength: 4_000, rule: calendarsRule),
        .integer("days", title: L("param.agenda.days"), \.days, range: 1...14),
        .integer("alertMinutes", title: L("param.agenda.alertMinutes"), \.alertMinutes, range: 0...1_440),
    ] }

    static var calendarsRule: ParameterRule {
        ParameterRule(expected: L("rule.agenda.calendars")) { text in
            CalendarSource.parse(text).rejected.isEmpty
        }
    }
}

/// Where a calendar comes from.
enum CalendarSource: Hashable {
    case url(URL)
    case file(String)

    var name: String {
        switch self {
        case .url(let url): url.host ?? url.absoluteString
        case .file(let path): String(path.split(separator: "/").last ?? Substring(path))
        }
    }

    static func parse(_ text: String, home: String? = nil) -> (sources: [CalendarSource], rejected: [String]) {
        var sources: [CalendarSource] = [], rejected: [String] = []
        for item in ListParameter.items(text) {
            let lower = item.lowercased()
            if lower.hasPrefix("webcal://"), let url = URL(string: "https://" + item.dropFirst("webcal://".count)), url.host != nil {
                sources.append(.url(url))
            } else if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: item), url.host != nil {
                sources.append(.url(url))
            } else if item.hasPrefix("/") {
                sources.append(.file(item))
            } else if item.hasPrefix("~/") {
                sources.append(.file((home ?? "~") + item.dropFirst()))
            } else {
                rejected.append(item)
            }
        }
        return (sources, rejected)
    }
}

/// One occurrence as the agenda shows it.
struct AgendaEvent: Codable, Hashable, Sendable {
    var uid: String
    var title: String
    var location: String?
    var start: Date
    var end: Date
    var allDay: Bool

    func isHappening(at now: Date) -> Bool { start <= now && now < end }
}

public struct AgendaEntry: TimelineEntry, Hashable {
    public var date: Date
    var events: [AgendaEvent]
    var days: Int
    /// Calendars that failed while others did not, with why.
    var problems: [String] = []
    var problem: String?
    public var alert: WidgetAlert?
    var isSample = false
}

/// The next events of the tile's calendars: each source read (a URL through the one HTTP
/// client, once per 15 minutes for every board; a file when it changes) and expanded by
/// `tiles-parse` for today and the days after; entries at each start and end, and each minute
/// of the hour before an event ("in 12 min").
struct AgendaProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let interval: TimeInterval = 15 * 60
    static let maxFileBytes = 8 << 20

    func placeholder(in context: TimelineContext) -> AgendaEntry { AgendaEntry(date: context.now, events: [], days: 2) }

    func snapshot(for configuration: AgendaIntent, in context: TimelineContext) async -> AgendaEntry {
        let zone = services.timeZone
        let today = zone.startOfDay(for: context.now)
        func at(_ day: Int, _ hour: Int, _ minute: Int) -> Date { zone.firstInstant(atWallClock: Int64(zone.localTime(for: today).daysSinceEpoch + day) * 86_400 + Int64(hour * 3_600 + minute * 60)) }
        let events = [
            AgendaEvent(uid: "1", title: "Standup (sample)", location: "Room 1", start: at(0, 9, 30), end: at(0, 9, 45), allDay: false),
            AgendaEvent(uid: "2", title: "Lunch with Li Wei", location: nil, start: at(0, 12, 0), end: at(0, 13, 0), allDay: false),
            AgendaEvent(uid: "3", title: "Design review", location: "Online", start: at(0, 15, 0), end: at(0, 16, 0), allDay: false),
            AgendaEvent(uid: "4", title: "Holiday", location: nil, start: at(1, 0, 0), end: at(2, 0, 0), allDay: true),
            AgendaEvent(uid: "5", title: "Dentist", location: "Main St 4", start: at(1, 10, 0), end: at(1, 11, 0), allDay: false),
        ]
        return AgendaEntry(date: context.now, events: events, days: configuration.days, isSample: true)
    }

    func timeline(for configuration: AgendaIntent, in context: TimelineContext) async throws -> Timeline<AgendaEntry> {
        if services.offline || context.isPreview { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let (sources, rejected) = CalendarSource.parse(configuration.calendars, home: services.home)
        guard rejected.isEmpty, !sources.isEmpty else {
            let problem = rejected.isEmpty ? "no calendars: list .ics URLs or files in the tile's calendars parameter" : "not a calendar: \(rejected.joined(separator: ", "))"
            return Timeline(entries: [AgendaEntry(date: context.now, events: [], days: configuration.days, problem: problem)], policy: .never)
        }
        let zone = services.timeZone
        let today = zone.startOfDay(for: context.now)
        let end = zone.firstInstant(atWallClock: Int64(zone.localTime(for: today).daysSinceEpoch + configuration.days) * 86_400)
        var events: [AgendaEvent] = [], problems: [String] = [], firstError: (any Error)?
        for source in sources {
            do {
                let (found, notes) = try await occurrences(of: source, from: today, to: end, context: context)
                events += found
                problems += notes.map { "\(source.name): \($0)" }
            } catch {
                firstError = firstError ?? error
                problems.append("\(source.name): \(error)")
            }
        }
        if events.isEmpty, let firstError { throw firstError }
        events = events.filter { $0.end > today && $0.start < end }.sorted { ($0.start, $0.title) < ($1.start, $1.title) }
        let dates = Self.entryDates(for: events, now: context.now, alertMinutes: configuration.alertMinutes, zone: zone)
        let entries = dates.map { date in
            AgendaEntry(date: date, events: events, days: configuration.days, problems: problems,
                        alert: Self.alert(for: events, at: date, minutes: configuration.alertMinutes))
        }
        let refresh = sources.contains { if case .url = $0 { true } else { false } }
            ? context.now.addingTimeInterval(Self.interval) : zone.nextMidnight(after: context.now)
        return Timeline(entries: entries, policy: .after(min(refresh, dates.last ?? refresh)))
    }

    /// The occurrences of one source in the window, the source read through the shared cache.
    /// Also what the reader left out, in words.
    private func occurrences(of source: CalendarSource, from: Date, to: Date, context: TimelineContext) async throws -> ([AgendaEvent], [String]) {
        // Expanded a day either side, so an event that spans midnight is not cut.
        let window = (from.addingTimeInterval(-86_400), to.addingTimeInterval(86_400))
        let day = Int64(from.timeIntervalSince1970)
        let parsed: ParsedCalendar
        switch source {
        case .url(let url):
            parsed = try await services.shared("agenda." + StableHash.hex("\(url.absoluteString)\u{1E}\(day)\u{1E}\(to.timeIntervalSince1970)"),
                                               freshFor: Self.interval, context: context) {
                let response = try await services.fetcher.get(url, headers: [("Accept", "text/calendar, */*;q=0.5")], maxBodyBytes: Self.maxFileBytes)
                do {
                    return try await services.parser.calendar(response.body, from: window.0, to: window.1)
                } catch {
                    services.fetcher.forgetETag(for: url)
                    throw error
                }
            }
        case .file(let path):
            parsed = try await services.parser.calendar(try Self.read(path), from: window.0, to: window.1)
        }
        let zone = services.timeZone
        let events = parsed.occurrences.map { occurrence in
            func instant(_ seconds: Double) -> Date {
                occurrence.floating ? zone.firstInstant(atWallClock: Int64(seconds)) : Date(timeIntervalSince1970: seconds)
            }
            return AgendaEvent(uid: occurrence.uid, title: RemoteText.sanitize(occurrence.summary.isEmpty ? "(no title)" : occurrence.summary, maxLength: 200),
                               location: occurrence.location.map { RemoteText.sanitize($0, maxLength: 100) }.flatMap { $0.isEmpty ? nil : $0 },
                               start: instant(occurrence.start), end: instant(occurrence.end), allDay: occurrence.allDay)
        }
        return (events, parsed.notes.map { RemoteText.sanitize($0, maxLength: 200) })
    }

    /// A calendar file's bytes, refused past `maxFileBytes`.
    static func read(_ path: String) throws(FetchError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if bytes.count > maxFileBytes { throw .unreadable("\(path) is larger than \(maxFileBytes >> 20) MiB") }
        }
    }

    /// When the tile's text changes: now, each start and end, each minute of the hour before a
    /// start (its "in 12 min"), the alerts' moments and midnight; at most 240 of them.
    static func entryDates(for events: [AgendaEvent], now: Date, alertMinutes: Int, zone: Zone) -> [Date] {
        var dates: Set<Date> = [now, zone.nextMidnight(after: now)]
        let horizon = zone.nextMidnight(after: now)
        for event in events where event.end > now && event.start < horizon {
            dates.insert(event.start)
            dates.insert(event.end)
            if alertMinutes > 0 { dates.insert(event.start.addingTimeInterval(-Double(alertMinutes * 60))) }
            guard !event.allDay else { continue }
            var minute = event.start.addingTimeInterval(-3_600)
            while minute < event.start {
                dates.insert(minute)
                minute = minute.addingTimeInterval(60)
            }
        }
        return Array(dates.filter { $0 >= now && $0 <= horizon }.sorted().prefix(240))
    }

    /// The alert of the moment `alertMinutes` before an event starts; its rise is the event's
    /// start, so every board shows it once.
    static func alert(for events: [AgendaEvent], at date: Date, minutes: Int) -> WidgetAlert? {
        guard minutes > 0, let event = events.first(where: { !$0.allDay && $0.start.addingTimeInterval(-Double(minutes * 60)) == date }) else { return nil }
        return WidgetAlert(title: event.title, body: L("agenda.in_minutes", ["minutes": String(minutes)]) + (event.location.map { " · \($0)" } ?? ""), sound: true,
                           rise: "agenda:\(event.uid)@\(Int(event.start.timeIntervalSince1970))")
    }
}

/// 日程: the next events of iCalendar files and URLs.
struct AgendaWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "agenda", intent: AgendaIntent.self, provider: AgendaProvider(services: services)) { entry in
            AgendaView(entry: entry, zone: services.timeZone)
        }
        .category(.information)
        .configurationDisplayName(L("widget.agenda.name"))
        .description(L("widget.agenda.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
        .alerts("a set number of minutes before each event")
    }
}
