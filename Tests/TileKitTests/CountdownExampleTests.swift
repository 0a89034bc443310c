import Foundation
import Testing
import TileKit

// The widget written from scratch in docs/widgets.md, kept here so the guide's code compiles and
// behaves as the guide says.

struct CountdownEntry: TimelineEntry {
    var date: Date
    var title: String
    var target: Date
}

struct CountdownIntent: WidgetIntent {
    var title = "发布"
    var minutes = 25
    static let parameters: [WidgetParameter<Self>] = [
        .string("title", title: "Title", \.title, maxLength: 20),
        .integer("minutes", title: "Minutes", \.minutes, range: 1...600),
    ]
}

struct CountdownProvider: IntentTimelineProvider {
    func placeholder(in context: TimelineContext) -> CountdownEntry {
        CountdownEntry(date: context.now, title: "Countdown", target: context.now + 25 * 60)
    }

    func snapshot(for configuration: CountdownIntent, in context: TimelineContext) async -> CountdownEntry {
        CountdownEntry(date: context.now, title: configuration.title, target: context.now + Double(configuration.minutes) * 60)
    }

    func timeline(for configuration: CountdownIntent, in context: TimelineContext) async throws -> Timeline<CountdownEntry> {
        let entry = await snapshot(for: configuration, in: context)
        // One entry is enough: the timer text ticks by itself. Nothing to fetch, so never reload.
        return Timeline(entries: [entry], policy: .never)
    }
}

struct CountdownView: View {
    var entry: CountdownEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(spacing: 0) {
            Text(entry.title).bold()
            Text(entry.target, style: .timer)
                .font(family == .accessoryInline ? .body : .system(size: 40))
        }
    }
}

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "countdown", intent: CountdownIntent.self, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
        }
        .configurationDisplayName("Countdown")
        .description("A timer to a moment.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@Suite struct CountdownExampleTests {
    @Test func testTheGuidesWidgetRunsOnABoardAndTicksEverySecond() async throws {
        let clock = ManualClock(t0)
        let scheduler = TimelineScheduler(clock: clock, center: WidgetCenter())
        let widget = try #require(CountdownWidget().body._descriptors.first)
        let parameters = try widget.resolveParameters(["minutes": .integer(2)])
        scheduler.add(WidgetInstance(id: "countdown", widget: widget, family: .systemSmall, parameters: parameters))
        await scheduler.settle()
        var environment = EnvironmentValues()
        environment.now = clock.now()
        let (entry, isPlaceholder) = try #require(scheduler.currentEntry(for: "countdown"))
        #expect(!isPlaceholder)
        let first = widget.render(entry, family: .systemSmall, environment: environment)
        #expect(first.grid.width == 20 && first.grid.height == 10)
        #expect(first.grid.text.contains("发布"))
        #expect(first.nextChange == t0 + 1)
        scheduler.setLiveTextTick(first.nextChange, for: "countdown")
        #expect(scheduler.nextWakeDate() == t0 + 1)
        clock.set(to: t0 + 1)
        #expect(scheduler.processDue() == ["countdown"])
        environment.now = clock.now()
        let second = widget.render(entry, family: .systemSmall, environment: environment)
        #expect(second.grid.text != first.grid.text)
    }
}
