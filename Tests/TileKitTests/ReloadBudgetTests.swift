import Foundation
import Synchronization
import Testing
@testable import TileKit

/// docs/rules.md B3.7: the reload budget, merging, failures, timeouts and back-off.
@Suite struct ReloadBudgetTests {
    let clock = ManualClock(t0)
    let center = WidgetCenter()

    func board(_ provider: ScriptedProvider, configuration: TimelineScheduler.Configuration = .init()) -> TimelineScheduler {
        let scheduler = TimelineScheduler(clock: clock, configuration: configuration, center: center)
        scheduler.add(WidgetInstance(id: "a", widget: labelWidget(provider: provider), family: .systemSmall))
        return scheduler
    }

    /// Back-off without randomness: always the lower half of the window.
    static let fixedRetry = RetryPolicy(random: { 0 })

    @Test func testEmptyAfterNowForeverCallsTheProviderAtMostTheBudgetPlusTheFreeFirstCall() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: [], policy: .after($0)) }])
        let scheduler = board(provider)
        let wakeUps = await scheduler.run(until: t0 + 86_400 - 1, clock: clock)
        // 1 free first timeline + 60 budgeted reloads, at least 5 minutes apart.
        #expect(provider.calls.count == 61)
        #expect(wakeUps <= 61)
        let gaps = zip(provider.calls.dropFirst(), provider.calls.dropFirst(2)).map { $1.timeIntervalSince($0) }
        #expect(gaps.allSatisfy { $0 >= 300 })
    }

    @Test func testAWidgetComputedLocallyReloadsAsItsPolicySaysWithoutTheBudget() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "x")], from: $0), policy: .after($0 + 10)) }])
        let scheduler = TimelineScheduler(
            clock: clock, configuration: .init(budget: ReloadBudget(limit: 3, window: 3600, minimumInterval: 60)), center: center)
        var widget = labelWidget(provider: provider)
        widget.computesLocally = true
        scheduler.add(WidgetInstance(id: "a", widget: widget, family: .systemSmall))
        await scheduler.run(until: t0 + 100, clock: clock)
        // Every 10 s, as the policy asks: 11 calls in 100 s where a budgeted widget would get 3.
        #expect(provider.calls == (0...10).map { t0 + Double($0 * 10) })
    }

    @Test func testExhaustedBudgetRecoversAsTheWindowSlides() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "x")], from: $0), policy: .after($0)) }])
        let scheduler = board(provider, configuration: .init(budget: ReloadBudget(limit: 3, window: 3600, minimumInterval: 60)))
        await scheduler.run(until: t0 + 3599, clock: clock)
        #expect(provider.calls == [t0, t0, t0 + 60, t0 + 120])
        #expect(scheduler.status(for: "a")?.nextAttempt == t0 + 3600)
        await scheduler.run(until: t0 + 3600, clock: clock)
        #expect(provider.calls.last == t0 + 3600)
    }

    @Test func testUserAndConfigurationReloadsAreFreeOfTheBudget() async {
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "x")], from: $0), policy: .after($0)) }])
        let scheduler = board(provider, configuration: .init(budget: ReloadBudget(limit: 1, window: 86_400, minimumInterval: 3600)))
        await scheduler.run(until: t0 + 10, clock: clock)
        #expect(provider.calls.count == 2)
        scheduler.reload(id: "a")
        await scheduler.run(until: t0 + 11, clock: clock)
        scheduler.setParameters(["changed": .bool(true)], for: "a")
        await scheduler.run(until: t0 + 12, clock: clock)
        #expect(provider.calls == [t0, t0, t0 + 10, t0 + 11])
    }

    @Test func testRequestsDuringACallMergeIntoIt() async {
        let gate = Gate()
        let provider = ScriptedProvider([.gated(gate) { Timeline(entries: entries([(0, "x")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        scheduler.processDue()
        scheduler.reload(id: "a")
        scheduler.reload(id: "a")
        center.reloadAllTimelines()
        scheduler.processDue()
        gate.open()
        await scheduler.waitForProviders()
        scheduler.processDue()
        await scheduler.run(until: t0 + 600, clock: clock)
        #expect(provider.calls.count == 1)
    }

    @Test func testAConfigurationEditDuringACallGetsOneFollowUpCall() async {
        let gate = Gate()
        let provider = ScriptedProvider([.gated(gate) { Timeline(entries: entries([(0, "x")], from: $0), policy: .never) }])
        let scheduler = board(provider)
        scheduler.processDue()
        scheduler.setParameters(["city": .string("杭州")], for: "a")
        scheduler.setParameters(["city": .string("北京")], for: "a")
        gate.open()
        await scheduler.run(until: t0 + 600, clock: clock)
        #expect(provider.calls.count == 2)
    }

    @Test func testFailuresKeepEntriesMarkStaleAndBackOffExponentially() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "good")], from: $0), policy: .after($0 + 300)) },
            .failure(Offline()),
        ])
        let scheduler = board(provider, configuration: .init(retry: Self.fixedRetry))
        await scheduler.run(until: t0 + 300, clock: clock)
        #expect(scheduler.label("a") == "good")
        let status = scheduler.status(for: "a")
        #expect(status?.isStale == true)
        #expect(status?.reason == "offline")
        #expect(status?.since == t0 + 300)
        await scheduler.run(until: t0 + 300 + 15 + 30 + 60 + 120 + 240 + 480 + 900 + 900, clock: clock)
        let retries = provider.calls.dropFirst(2).map { $0.timeIntervalSince(t0 + 300) }
        #expect(retries == [15, 45, 105, 225, 465, 945, 1845, 2745])
        #expect(scheduler.label("a") == "good")
        #expect(scheduler.status(for: "a")?.since == t0 + 300)
    }

    @Test func testAFailureWithFallbackShowsItMarksStaleAndStillBacksOff() async {
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "good")], from: $0), policy: .after($0 + 300)) },
            .failure(TimelineFailure(Offline(), fallback: Timeline(entries: entries([(0, "from memory"), (600, "midnight")], from: t0 + 300), policy: .never))),
        ])
        let scheduler = board(provider, configuration: .init(retry: Self.fixedRetry))
        await scheduler.run(until: t0 + 300, clock: clock)
        #expect(scheduler.label("a") == "from memory")
        #expect(scheduler.status(for: "a")?.isStale == true)
        #expect(scheduler.status(for: "a")?.reason == "offline")
        #expect(scheduler.status(for: "a")?.nextAttempt == t0 + 315)
        await scheduler.run(until: t0 + 900, clock: clock)
        #expect(scheduler.label("a") == "midnight")
    }

    @Test func testBackOffIsCappedAtThirtyMinutesWithJitter() {
        let high = RetryPolicy(random: { 0.999_999 })
        #expect(high.delay(afterFailures: 1) > 29.9 && high.delay(afterFailures: 1) <= 30)
        #expect(high.delay(afterFailures: 20) <= 1800)
        #expect(RetryPolicy(random: { 0 }).delay(afterFailures: 20) == 900)
    }

    /// Back-off whose random halves take `values` in turn (then the last one).
    static func retry(randomValues values: [Double]) -> RetryPolicy {
        let next = Mutex(0)
        return RetryPolicy(random: { values[min(next.withLock { n in defer { n += 1 }; return n }, values.count - 1)] })
    }

    @Test func testTilesFailingTogetherRetryTogetherAtTheFirstOnesMoment() async {
        // Each round one tile draws no jitter and the other most of it: 15 s and 27 s after the
        // first failure, 30 s and 54 s after the second. Both retry at the earlier moment.
        let scheduler = TimelineScheduler(
            clock: clock, configuration: .init(retry: Self.retry(randomValues: [0, 0.8, 0, 0.8])), center: center)
        let a = ScriptedProvider([.failure(Offline())]), b = ScriptedProvider([.failure(Offline())])
        scheduler.add(WidgetInstance(id: "a", widget: labelWidget(kind: "a", provider: a), family: .systemSmall))
        scheduler.add(WidgetInstance(id: "b", widget: labelWidget(kind: "b", provider: b), family: .systemSmall))
        let wakeUps = await scheduler.run(until: t0 + 50, clock: clock)
        #expect(a.calls == [t0, t0 + 15, t0 + 45])
        #expect(b.calls == [t0, t0 + 15, t0 + 45])
        #expect(wakeUps == 2)
        #expect(scheduler.status(for: "a")?.since == t0)
        #expect(scheduler.status(for: "b")?.isStale == true)
    }

    @Test func testARetryJoinsAnotherCallOnlyOnceItsBackOffsFixedHalfHasPassed() async {
        // `a` fails at t0: its retry is planned for t0 + 27 and may join a call from t0 + 15.
        // `b` computes locally and reloads every 10 s: its call at t0 + 10 is too early for `a`,
        // the one at t0 + 20 takes `a`'s retry along.
        let scheduler = TimelineScheduler(
            clock: clock, configuration: .init(retry: Self.retry(randomValues: [0.8])), center: center)
        let a = ScriptedProvider([.failure(Offline())])
        let b = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "b")], from: $0), policy: .after($0 + 10)) }])
        var local = labelWidget(kind: "b", provider: b)
        local.computesLocally = true
        scheduler.add(WidgetInstance(id: "a", widget: labelWidget(kind: "a", provider: a), family: .systemSmall))
        scheduler.add(WidgetInstance(id: "b", widget: local, family: .systemSmall))
        await scheduler.run(until: t0 + 25, clock: clock)
        #expect(b.calls == [t0, t0 + 10, t0 + 20])
        #expect(a.calls == [t0, t0 + 20])
    }

    @Test func testARetryAloneWaitsForItsWholeDelay() async {
        let provider = ScriptedProvider([.failure(Offline())])
        let scheduler = board(provider, configuration: .init(retry: Self.retry(randomValues: [0.8])))
        await scheduler.run(until: t0 + 30, clock: clock)
        #expect(provider.calls == [t0, t0 + 27])
        #expect(scheduler.status(for: "a")?.nextAttempt == t0 + 27 + 54)
    }

    @Test func testSuccessAfterFailuresClearsTheStaleMark() async {
        let provider = ScriptedProvider([
            .failure(Offline()), .failure(Offline()),
            .timeline { Timeline(entries: entries([(0, "back")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider, configuration: .init(retry: Self.fixedRetry))
        await scheduler.run(until: t0 + 14, clock: clock)
        #expect(scheduler.status(for: "a")?.isStale == true)
        #expect(scheduler.status(for: "a")?.isPlaceholder == true)
        await scheduler.run(until: t0 + 45, clock: clock)
        #expect(scheduler.label("a") == "back")
        #expect(scheduler.status(for: "a")?.isStale == false)
        #expect(scheduler.status(for: "a")?.reason == nil)
    }

    @Test func testARetryWaitsForTheServersRetryDate() async {
        let provider = ScriptedProvider([
            .failure(RateLimited(retryAfter: t0 + 3600)),
            .timeline { Timeline(entries: entries([(0, "ok")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider, configuration: .init(retry: Self.fixedRetry))
        await scheduler.run(until: t0 + 3599, clock: clock)
        #expect(provider.calls.count == 1)
        await scheduler.run(until: t0 + 3600, clock: clock)
        #expect(provider.calls == [t0, t0 + 3600])
    }

    @Test func testASlowProviderTimesOutAndIsRetried() async {
        let gate = Gate()
        let provider = ScriptedProvider([
            .gated(gate) { Timeline(entries: entries([(0, "late")], from: $0), policy: .never) },
            .timeline { Timeline(entries: entries([(0, "retry")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider, configuration: .init(retry: Self.fixedRetry))
        scheduler.processDue()
        #expect(scheduler.nextWakeDate() == t0 + 15)
        clock.set(to: t0 + 15)
        #expect(scheduler.processDue() == ["a"])
        #expect(scheduler.status(for: "a")?.reason == "timed out after 15 s")
        gate.open()
        await scheduler.run(until: t0 + 30, clock: clock)
        #expect(scheduler.label("a") == "retry")
    }

    @Test func aWidgetsLongerCallTimeoutIsTheDeadline() async {
        let gate = Gate()
        let provider = ScriptedProvider([.gated(gate) { Timeline(entries: entries([(0, "slow")], from: $0), policy: .never) }])
        let scheduler = TimelineScheduler(clock: clock, center: center)
        var widget = labelWidget(provider: provider)
        widget.callTimeout = 66
        scheduler.add(WidgetInstance(id: "a", widget: widget, family: .systemSmall))
        scheduler.processDue()
        #expect(scheduler.nextWakeDate() == t0 + 66)
        clock.set(to: t0 + 65)
        scheduler.processDue()
        #expect(scheduler.status(for: "a")?.reason == nil)
        clock.set(to: t0 + 66)
        scheduler.processDue()
        #expect(scheduler.status(for: "a")?.reason == "timed out after 66 s")
        gate.open()
    }

    @Test func aProviderThatEndsItsOwnCallsIsNeverTimedOutByTheScheduler() async {
        // A program widget's run waits for a slot behind others, then has its own timeout.
        let gate = Gate()
        let provider = ScriptedProvider([.gated(gate) { Timeline(entries: entries([(0, "queued")], from: $0), policy: .never) }])
        let scheduler = TimelineScheduler(clock: clock, center: center)
        var widget = labelWidget(provider: provider)
        widget.callTimeout = .infinity
        scheduler.add(WidgetInstance(id: "a", widget: widget, family: .systemSmall))
        scheduler.processDue()
        #expect(scheduler.nextWakeDate() == nil, "no deadline to wake for")
        clock.set(to: t0 + 3600)
        scheduler.processDue()
        #expect(scheduler.status(for: "a")?.reason == nil)
        gate.open()
        await scheduler.waitForProviders()
        scheduler.processDue()
        #expect(scheduler.label("a") == "queued")
        #expect(provider.calls.count == 1)
    }

    @Test func aStreamingTileShowingUpdatesIsNotLoadingWhileItPicksUpTheNext() async {
        let gate = Gate()
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "line 1")], from: $0), policy: .never) },
            .gated(gate) { Timeline(entries: entries([(0, "line 2")], from: $0), policy: .never) },
        ])
        let scheduler = TimelineScheduler(clock: clock, center: center)
        var widget = labelWidget(provider: provider)
        widget.pushesUpdates = true
        scheduler.add(WidgetInstance(id: "a", widget: widget, family: .systemSmall))
        scheduler.processDue()
        #expect(scheduler.status(for: "a")?.isLoading == true, "loading until the first update")
        await scheduler.waitForProviders()
        scheduler.processDue()
        #expect(scheduler.label("a") == "line 1")
        center.reloadTimelines(ofKind: widget.kind)
        scheduler.processDue()
        #expect(scheduler.hasProvidersRunning, "the reload call is under way")
        #expect(scheduler.status(for: "a")?.isLoading == false, "showing updates while the next call runs")
        gate.open()
        await scheduler.waitForProviders()
        scheduler.processDue()
        #expect(scheduler.label("a") == "line 2")
    }
}
