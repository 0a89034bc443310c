import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The clock's parameters: the zones it shows, and how.
public struct ClockIntent: WidgetIntent {
    /// IANA zones, separated by commas or spaces, each with an optional name after `=`
    /// (`Europe/London=London`); empty shows the board's zone.
    public var zones = ""
    public var hours24 = true
    public var seconds = false

    public init() {}

    public static var parameters: [WidgetParameter<ClockIntent>] { [
        .string("zones", title: L("param.clock.zones"), \.zones, maxLength: 500, rule: zonesRule),
        .bool("hours24", title: "24-hour time", \.hours24),
        .bool("seconds", title: L("param.clock.seconds"), \.seconds),
    ] }

    static var zonesRule: ParameterRule {
        ParameterRule(expected: L("rule.clock.zones")) { text in
            ClockZone.parse(text).rejected.isEmpty
        }
    }
}

/// One zone the clock shows: its name, and its rules from the system's zone files.
struct ClockZone: Hashable, Sendable {
    var name: String
    var zone: Zone

    /// The zones in `text`, and the words that name none.
    static func parse(_ text: String) -> (zones: [ClockZone], rejected: [String]) {
        var zones: [ClockZone] = []
        var rejected: [String] = []
        for word in ListParameter.words(text) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard let zone = Zone(identifier: parts[0]) else {
                rejected.append(word)
                continue
            }
            let city = parts[0].split(separator: "/").last.map { String($0).replacing("_", with: " ") } ?? parts[0]
            zones.append(ClockZone(name: parts.count == 2 ? parts[1] : city, zone: zone))
        }
        return (zones, rejected)
    }
}

/// The clock at one moment: each zone's time and date, and its offset to the board's zone.
public struct ClockEntry: TimelineEntry, Hashable {
    public var date: Date
    var rows: [Row]
    var hours24: Bool
    var seconds: Bool
    /// The words of the zones parameter that name no zone.
    var problem: String?

    struct Row: Hashable, Codable {
        var name: String
        /// The zone's wall clock: hour, minute, the day of the month, the month, the weekday (0 is Sunday).
        var hour: Int
        var minute: Int
        var day: Int
        var month: Int
        var weekday: Int
        /// `+8h`, `-5h30`, empty for the board's own offset.
        var offset: String
        /// When this zone's wall clock last read 00:00:00 (or 12:00:00 on a 12-hour clock):
        /// the seconds' live text counts from it.
        var tickStart: Date
    }
}

/// The clock's timeline: an entry at each minute for the next hour, or, with seconds, an entry
/// that ticks by itself until the next midnight or change of offset in one of its zones.
struct ClockProvider: IntentTimelineProvider {
    let boardZone: Zone

    func placeholder(in context: TimelineContext) -> ClockEntry {
        entry(ClockIntent(), at: context.now)
    }

    func snapshot(for configuration: ClockIntent, in context: TimelineContext) async -> ClockEntry {
        entry(configuration, at: context.now)
    }

    func timeline(for configuration: ClockIntent, in context: TimelineContext) async throws -> Timeline<ClockEntry> {
        Timeline(entries: entries(configuration, from: context.now), policy: .atEnd)
    }

    /// The entries from `now`: each minute's for an hour, or with seconds the moments a
    /// ticking entry must be redone (a midnight, a change of offset), at most a day ahead.
    func entries(_ configuration: ClockIntent, from now: Date) -> [ClockEntry] {
        // Read once for every entry of the timeline.
        let zones = self.zones(configuration)
        guard configuration.seconds else {
            let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
            let dates = [now] + (1...60).map { Date(timeIntervalSince1970: minute + Double($0) * 60) }
            return dates.map { entry(configuration, zones: zones, at: $0) }
        }
        let ends = zones.zones.flatMap { [$0.zone.nextMidnight(after: now), $0.zone.nextTransition(after: now)].compactMap { $0 } }
        let next = min(ends.min() ?? now.addingTimeInterval(86_400), now.addingTimeInterval(86_400))
        return [now, next].map { entry(configuration, zones: zones, at: $0) }
    }

    /// The zones `configuration` names (the board's when it names none), and the words that name none.
    private func zones(_ configuration: ClockIntent) -> (zones: [ClockZone], rejected: [String]) {
        let parsed = ClockZone.parse(configuration.zones)
        guard parsed.zones.isEmpty else { return parsed }
        let name = boardZone.identifier.split(separator: "/").last.map(String.init) ?? boardZone.identifier
        return ([ClockZone(name: name, zone: boardZone)], parsed.rejected)
    }

    func entry(_ configuration: ClockIntent, at date: Date) -> ClockEntry {
        entry(configuration, zones: zones(configuration), at: date)
    }

    private func entry(_ configuration: ClockIntent, zones parsed: (zones: [ClockZone], rejected: [String]), at date: Date) -> ClockEntry {
        let rejected = parsed.rejected
        let boardOffset = boardZone.secondsFromGMT(for: date)
        let rows = parsed.zones.map { zone in
            let time = zone.zone.localTime(for: date)
            var sinceStart = time.hour * 3600 + time.minute * 60 + time.second
            if !configuration.hours24 { sinceStart %= 12 * 3600 }
            let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
            return ClockEntry.Row(
                name: zone.name, hour: time.hour, minute: time.minute, day: time.day, month: time.month, weekday: time.weekday, offset: Self.offset(zone.zone.secondsFromGMT(for: date) - boardOffset),
                tickStart: date.addingTimeInterval(-Double(sinceStart) - fraction))
        }
        return ClockEntry(date: date, rows: rows, hours24: configuration.hours24, seconds: configuration.seconds,
                          problem: rejected.isEmpty ? nil : "not a time zone: \(rejected.joined(separator: ", "))")
    }

    /// `+8h`, `-5h30`, or empty for none.
    static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "" }
        let minutes = abs(seconds) / 60
        return (seconds > 0 ? "+" : "-") + "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)")
    }
}

/// 时钟: the time in one or several zones.
struct ClockWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "clock", intent: ClockIntent.self, provider: ClockProvider(boardZone: services.timeZone)) { entry in
            ClockView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.clock.name"))
        .description(L("widget.clock.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .computedLocally()
    }
}
