import Foundation
import Testing
@testable import TileKit

/// B3.8: WidgetCenter reloads by kind or all, and lists placed tiles.
@Suite struct WidgetCenterTests {
    @Test func testReloadTimelinesOfKindReloadsOnlyThatKind() async {
        let clock = ManualClock(t0)
        let center = WidgetCenter()
        let weather = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "w")], from: $0), policy: .never) }])
        let quote = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "q")], from: $0), policy: .never) }])
        let scheduler = TimelineScheduler(clock: clock, center: center)
        scheduler.add(WidgetInstance(id: "w", widget: labelWidget(kind: "weather", provider: weather), family: .systemSmall))
        scheduler.add(WidgetInstance(id: "q", widget: labelWidget(kind: "quote", provider: quote), family: .systemMedium))
        await scheduler.run(until: t0, clock: clock)
        center.reloadTimelines(ofKind: "weather")
        await scheduler.run(until: t0 + 1, clock: clock)
        #expect(weather.calls.count == 2)
        #expect(quote.calls.count == 1)
        center.reloadAllTimelines()
        await scheduler.run(until: t0 + 2, clock: clock)
        #expect(weather.calls.count == 3)
        #expect(quote.calls.count == 2)
    }

    @Test func testCurrentConfigurationsListsEveryPlacedTile() {
        let center = WidgetCenter()
        let provider = ScriptedProvider([.timeline { _ in Timeline(entries: [], policy: .never) }])
        let scheduler = TimelineScheduler(clock: ManualClock(t0), center: center)
        scheduler.add(WidgetInstance(id: "one", widget: labelWidget(kind: "k", provider: provider), family: .systemLarge))
        #expect(center.currentConfigurations() == [WidgetInfo(id: "one", kind: "k", family: .systemLarge, parameters: [:])])
        scheduler.setFamily(.systemSmall, for: "one")
        #expect(center.currentConfigurations().first?.family == .systemSmall)
        scheduler.remove(id: "one")
        #expect(center.currentConfigurations().isEmpty)
    }

    @Test func testARequestWakesTheBoard() {
        let center = WidgetCenter()
        let woken = WakeCounter()
        let scheduler = TimelineScheduler(clock: ManualClock(t0), center: center, wake: { woken.add() })
        center.reloadTimelines(ofKind: "any")
        #expect(woken.count == 1)
        _ = scheduler
    }
}

final class WakeCounter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

import Synchronization
