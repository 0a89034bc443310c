import Foundation
import Testing
@testable import TileKit

/// docs/rules.md B3.5–B3.6: which entry shows when, and when the provider is asked again.
@Suite struct TimelineSchedulerTests {
    let clock = ManualClock(t0)
    let center = WidgetCenter()

    func board(_ provider: ScriptedProvider, kind: String = "label", id: String = "a") -> TimelineScheduler {
        let scheduler = TimelineScheduler(clock: clock, center: center)
        scheduler.add(WidgetInstance(id: id, widget: labelWidget(kind: kind, provider: provider), family: .systemSmall))
        return scheduler
    }

    @Test func testPlaceholderShowsUntilTheFirstTimelineArrives() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "one")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        #expect(scheduler.currentEntry(for: "a")?.isPlaceholder == true)
        #expect(scheduler.label("a") == "placeholder")
        scheduler.processDue()
        await scheduler.waitForProviders()
        #expect(scheduler.processDue() == ["a"])
        #expect(scheduler.label("a") == "one")
        #expect(scheduler.status(for: "a")?.isPlaceholder == false)
    }

    @Test func testOnlyTheWidgetsAcceptedAreStartedAndTheOthersStayDue() async {
        let scheduler = TimelineScheduler(clock: clock, center: center)
        let local = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "here")], from: $0), policy: .never) }])
        let remote = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "there")], from: $0), policy: .never) }])
        var localWidget = labelWidget(kind: "local", provider: local)
        localWidget.computesLocally = true
        scheduler.add(WidgetInstance(id: "l", widget: localWidget, family: .systemSmall))
        scheduler.add(WidgetInstance(id: "r", widget: labelWidget(kind: "remote", provider: remote), family: .systemSmall))
        #expect(scheduler.processDue(starting: \.computesLocally) == ["l"])
        #expect(scheduler.status(for: "l")?.isLoading == true)
        #expect(scheduler.status(for: "r")?.isLoading == false)
        #expect(scheduler.nextWakeDate() == t0, "the remote tile is still due")
        await scheduler.waitForProviders()
        scheduler.processDue()
        await scheduler.waitForProviders()
        scheduler.processDue()
        #expect(scheduler.label("l") == "here")
        #expect(scheduler.label("r") == "there")
        #expect(local.calls.count == 1)
        #expect(remote.calls.count == 1)
    }

    @Test func testEntriesSwitchAtTheirDatesAndTheWakeDateIsTheNextEntry() async {
        let provider = ScriptedProvider([.timeline {
            Timeline(entries: entries([(20, "c"), (0, "a"), (10, "b")], from: $0), policy: .never)
        }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.label("a") == "a")
        #expect(scheduler.nextWakeDate() == t0 + 10)
        clock.set(to: t0 + 9.9)
        #expect(scheduler.label("a") == "a")
        clock.set(to: t0 + 10)
        #expect(scheduler.processDue() == ["a"])
        #expect(scheduler.label("a") == "b")
        clock.set(to: t0 + 25)
        #expect(scheduler.label("a") == "c")
        scheduler.processDue()
        #expect(scheduler.nextWakeDate() == nil)
    }

    @Test func testEntriesWithEqualDatesKeepTheirOrderAndTheLastShows() async {
        let provider = ScriptedProvider([.timeline {
            Timeline(entries: entries([(0, "first"), (0, "second")], from: $0), policy: .never)
        }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.label("a") == "second")
    }

    @Test func testFutureOnlyEntriesShowTheFirstAndPastOnlyEntriesShowTheLast() async {
        let future = ScriptedProvider([.timeline { Timeline(entries: entries([(60, "x"), (120, "y")], from: $0), policy: .never) }])
        let scheduler = board(future)
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.label("a") == "x")
        let past = ScriptedProvider([.timeline { Timeline(entries: entries([(-120, "old"), (-60, "older")], from: $0), policy: .never) }])
        let other = board(past, id: "b")
        await other.run(until: t0, clock: clock)
        #expect(other.label("b") == "older")
    }

    @Test func testAnEmptyTimelineKeepsThePreviousContent() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "kept")], from: $0), policy: .after($0 + 600)) },
            .timeline { _ in Timeline(entries: [], policy: .never) },
        ])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 3600, clock: clock)
        #expect(provider.calls.count == 2)
        #expect(scheduler.label("a") == "kept")
    }

    @Test func testANewTimelineReplacesTheOldOneAtOnce() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "old"), (3600, "old-later")], from: $0), policy: .after($0 + 600)) },
            .timeline { Timeline(entries: entries([(0, "new")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 7200, clock: clock)
        #expect(scheduler.label("a") == "new")
    }

    @Test func testAtEndReloadsAtTheLastEntryDate() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "a"), (600, "b")], from: $0), policy: .atEnd) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.status(for: "a")?.nextAttempt == t0 + 600)
        await scheduler.run(until: t0 + 601, clock: clock)
        #expect(provider.calls == [t0, t0 + 600])
    }

    @Test func testAfterCutsTheTimelineShortOrHoldsTheLastEntry() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "a"), (600, "b"), (1200, "c")], from: $0), policy: .after($0 + 300)) },
            .timeline { Timeline(entries: entries([(0, "d")], from: $0), policy: .after($0 + 7200)) },
            .timeline { Timeline(entries: entries([(0, "e")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 301, clock: clock)
        #expect(provider.calls == [t0, t0 + 300])
        #expect(scheduler.label("a") == "d")
        await scheduler.run(until: t0 + 7499, clock: clock)
        #expect(scheduler.label("a") == "d")
        await scheduler.run(until: t0 + 7500, clock: clock)
        #expect(scheduler.label("a") == "e")
    }

    @Test func testNeverReloadsOnlyWhenAsked() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "a")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 86_400 * 3, clock: clock)
        #expect(provider.calls.count == 1)
        #expect(scheduler.nextWakeDate() == nil)
        scheduler.reload(id: "a")
        await scheduler.run(until: clock.now(), clock: clock)
        #expect(provider.calls.count == 2)
    }

    @Test func testSeedQQSyncShapeReloadsEveryTwoHours() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "quote")], from: $0), policy: .after($0 + 7200)) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 6 * 3600, clock: clock)
        #expect(provider.calls == [t0, t0 + 7200, t0 + 14_400, t0 + 21_600])
    }

    @Test func testSeed001HundredEntriesTenSecondsApartAtEnd() async {
        let provider = ScriptedProvider([.timeline { now in
            Timeline(entries: (0..<100).map { LabelEntry(date: now + Double($0) * 10, label: "\($0)") }, policy: .atEnd)
        }])
        let scheduler = board(provider)
        await scheduler.run(until: t0 + 55, clock: clock)
        #expect(scheduler.label("a") == "5")
        await scheduler.run(until: t0 + 989, clock: clock)
        #expect(scheduler.label("a") == "98")
        #expect(provider.calls.count == 1)
        await scheduler.run(until: t0 + 990, clock: clock)
        #expect(provider.calls == [t0, t0 + 990])
        #expect(scheduler.label("a") == "0")
    }

    @Test func testSeedCommitFailureEntryIsShownLikeAnyEntry() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "Failed to load commits")], from: $0), policy: .after($0 + 300)) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        #expect(scheduler.label("a") == "Failed to load commits")
        #expect(scheduler.status(for: "a")?.isStale == false)
        let grid = scheduler.instance("a")!.widget.render(scheduler.currentEntry(for: "a")!.entry, family: .systemSmall).grid
        #expect(grid.text.contains("Failed to load"))
    }

    @Test func testRemovingATileCancelsItsCall() async throws {
        let gate = Gate()
        let provider = ScriptedProvider([.gated(gate) { Timeline(entries: entries([(0, "late")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        scheduler.processDue()
        #expect(scheduler.hasProvidersRunning)
        scheduler.remove(id: "a")
        await scheduler.waitForProviders()
        #expect(provider.cancellations == 1)
        #expect(scheduler.processDue().isEmpty)
        #expect(scheduler.currentEntry(for: "a") == nil)
        #expect(scheduler.nextWakeDate() == nil)
    }

    @Test func testLiveTextTickIsAWakeDateWhileVisible() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "a")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        scheduler.setLiveTextTick(t0 + 1, for: "a")
        #expect(scheduler.nextWakeDate() == t0 + 1)
        clock.set(to: t0 + 1)
        #expect(scheduler.processDue() == ["a"])
        scheduler.setLiveTextTick(t0 + 2, for: "a", visible: false)
        #expect(scheduler.nextWakeDate() == nil)
    }

    /// The board ticks a live text without the scheduler until its next work date: that date
    /// leaves the ticks out, and keeps the next entry and the next reload.
    @Test func theNextWorkDateLeavesOutLiveTextTicks() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "a"), (60, "b")], from: $0), policy: .after($0 + 300)) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        scheduler.setLiveTextTick(t0 + 1, for: "a")
        #expect(scheduler.nextWakeDate() == t0 + 1)
        #expect(scheduler.nextWorkDate() == t0 + 60, "the next entry")
        await scheduler.run(until: t0 + 60, clock: clock)
        scheduler.setLiveTextTick(t0 + 61, for: "a")
        #expect(scheduler.nextWorkDate() == t0 + 300, "the reload")
    }

    @Test func anEntryRevisionNamesOneEntryOfOneTimeline() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "a"), (60, "b")], from: $0), policy: .after($0 + 120)) },
            .timeline { Timeline(entries: entries([(0, "a")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider)
        #expect(scheduler.currentEntryAndRevision(for: "a")?.revision == nil, "the placeholder")
        await scheduler.run(until: t0, clock: clock)
        let first = scheduler.currentEntryAndRevision(for: "a")?.revision
        #expect(first != nil)
        scheduler.setLiveTextTick(t0 + 1, for: "a")
        await scheduler.run(until: t0 + 1, clock: clock)
        #expect(scheduler.currentEntryAndRevision(for: "a")?.revision == first, "a tick shows the same entry")
        await scheduler.run(until: t0 + 60, clock: clock)
        let second = scheduler.currentEntryAndRevision(for: "a")?.revision
        #expect(second != nil && second != first, "the next entry")
        await scheduler.run(until: t0 + 120, clock: clock)
        #expect(scheduler.label("a") == "a")
        let third = scheduler.currentEntryAndRevision(for: "a")?.revision
        #expect(third != nil && third != first && third != second, "the first entry of a new timeline")
    }

    @Test func testFamilyChangeRedrawsWithoutCallingTheProvider() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "a")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        await scheduler.run(until: t0, clock: clock)
        scheduler.setFamily(.systemMedium, for: "a")
        await scheduler.run(until: t0 + 60, clock: clock)
        #expect(provider.calls.count == 1)
        #expect(scheduler.instance("a")?.family == .systemMedium)
    }
}
