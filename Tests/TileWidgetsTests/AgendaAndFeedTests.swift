import FoundationEssentials
import Testing
import TileBase
import TileKit
import TileUI
@testable import TileWidgets

/// The agenda's timeline and text with an injected clock (across Berlin's change back to winter
/// time and midnight), its alerts, and the feed's merge and read marks.
struct AgendaAndFeedTests {
    let berlin = Zone(identifier: "Europe/Berlin")!

    func event(_ title: String, _ start: String, _ end: String, allDay: Bool = false) -> AgendaEvent {
        AgendaEvent(uid: title, title: title, location: nil, start: InternetDate.parse(start)!, end: InternetDate.parse(end)!, allDay: allDay)
    }

    func text(_ entry: AgendaEntry, _ family: WidgetFamily = .systemLarge) -> [String] {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        environment.now = entry.date
        let (columns, rows) = family.gridSize
        return CellGrid.render(AgendaView(entry: entry, zone: berlin), width: columns, height: rows, environment: environment).text
            .split(separator: "\n").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    @Test func theTimelineChangesAtEachMinuteOfTheHourBeforeAnEventAndAtMidnightAcrossTheDSTChange() throws {
        // Sunday 25 October 2026: Berlin's clocks went from 03:00 CEST back to 02:00 CET. Now is 09:00 CET.
        let now = try #require(InternetDate.parse("2026-10-25T09:00:00+01:00"))
        let standup = event("Standup", "2026-10-25T09:30:00+01:00", "2026-10-25T09:45:00+01:00")
        let late = event("Late call", "2026-10-25T23:30:00+01:00", "2026-10-26T00:30:00+01:00")
        let dates = AgendaProvider.entryDates(for: [standup, late], now: now, alertMinutes: 0, zone: berlin)
        #expect(dates.first == now && dates.last == InternetDate.parse("2026-10-26T00:00:00+01:00"), "the last entry is the next midnight, in CET")
        #expect(dates.contains(InternetDate.parse("2026-10-25T09:29:00+01:00")!) && dates.contains(standup.start) && dates.contains(standup.end))
        #expect(!dates.contains(InternetDate.parse("2026-10-25T08:29:00+01:00")!) && dates.contains(InternetDate.parse("2026-10-25T22:30:00+01:00")!))
        #expect(dates.count == 1 + 30 + 1 + 60 + 1 + 1, "now, 09:00–09:29, the end, 22:30–23:29, the late start, midnight: \(dates.count)")
        let entry = AgendaEntry(date: InternetDate.parse("2026-10-25T09:18:00+01:00")!, events: [standup, late], days: 2)
        let rows = text(entry)
        #expect(rows.first == "Sun 25 Oct" && rows.contains("in 12 min Standup"), "\(rows)")
        #expect(rows.contains("23:30 Late call"))
        let during = text(AgendaEntry(date: InternetDate.parse("2026-10-25T09:40:00+01:00")!, events: [standup, late], days: 2))
        #expect(during.contains("▌ now Standup"), "the event under way: \(during)")
        // After midnight the late call is under way on Monday, and "Tomorrow" is Tuesday.
        let monday = text(AgendaEntry(date: InternetDate.parse("2026-10-26T00:10:00+01:00")!, events: [standup, late], days: 2))
        #expect(monday.first == "Mon 26 Oct" && monday.contains("▌ now Late call") && !monday.contains { $0.contains("Standup") }, "\(monday)")
    }

    @Test func anAlertComesTheAskedMinutesBeforeEachTimedEventOnce() throws {
        let standup = event("Standup", "2026-10-26T09:30:00+01:00", "2026-10-26T09:45:00+01:00")
        let holiday = event("Holiday", "2026-10-26T00:00:00+01:00", "2026-10-27T00:00:00+01:00", allDay: true)
        let at = InternetDate.parse("2026-10-26T09:20:00+01:00")!
        #expect(AgendaProvider.entryDates(for: [standup, holiday], now: InternetDate.parse("2026-10-26T08:00:00+01:00")!, alertMinutes: 10, zone: berlin).contains(at))
        let alert = try #require(AgendaProvider.alert(for: [standup, holiday], at: at, minutes: 10))
        #expect(alert.title == "Standup" && alert.body == "in 10 min" && alert.sound)
        #expect(alert.rise == "agenda:Standup@\(Int(standup.start.timeIntervalSince1970))", "one rise per occurrence, for every board")
        #expect(AgendaProvider.alert(for: [standup, holiday], at: at.addingTimeInterval(60), minutes: 10) == nil)
        #expect(AgendaProvider.alert(for: [standup], at: at, minutes: 0) == nil, "0: no alerts")
    }

    @Test func calendarSourcesAreURLsOrAbsolutePaths() {
        let (sources, rejected) = CalendarSource.parse("webcal://cal.example.com/a.ics, https://x.org/b.ics\n~/cal/work.ics, /srv/c.ics, relative.ics", home: "/home/ada")
        #expect(sources == [.url(URL(string: "https://cal.example.com/a.ics")!), .url(URL(string: "https://x.org/b.ics")!),
                            .file("/home/ada/cal/work.ics"), .file("/srv/c.ics")])
        #expect(rejected == ["relative.ics"])
    }

    @Test func feedsAreMergedNewestFirstWithTheirReadMarksAndOnlyWebLinks() throws {
        let blog = ParsedFeed(title: "Blog", link: nil, items: [
            .init(id: "b1", title: "Old", link: "https://blog/1", date: 100),
            .init(id: "b2", title: "Undated", link: "javascript:alert(1)", date: nil),
        ])
        let news = ParsedFeed(title: "", link: nil, items: [.init(id: "n1", title: "New\u{1B}[2J", link: "https://news/1", date: 300)])
        let rows = FeedProvider.rows([(blog, "blog"), (news, "news.example")], read: [FeedReadMarks.hash("b1")])
        #expect(rows.map(\.title) == ["New", "Old", "Undated"])
        #expect(rows.map(\.isRead) == [false, true, false] && rows[0].source == "news.example")
        #expect(rows[2].link == nil, "a javascript: link is no link")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SharedStore(directory: folder)
        try FeedReadMarks.mark(["n1", "b1"], in: store)
        try FeedReadMarks.mark(["n1"], in: store)
        #expect(FeedReadMarks.marks(in: store) == [FeedReadMarks.hash("n1"), FeedReadMarks.hash("b1")], "each id once")
        #expect(throws: ActionError.self) { try FeedReadMarks.mark(["x"], in: nil) }
    }
}
