import Foundation
import Synchronization
import Testing
@testable import TileKit

/// What the test intents did, by test: each test records under its own key.
private let performed = Mutex<[String: [String]]>([:])

private func record(_ key: String, _ what: String) {
    performed.withLock { $0[key, default: []].append(what) }
}

private func recorded(_ key: String) -> [String] {
    performed.withLock { $0[key] ?? [] }
}

/// Gates that test intents wait on, by name.
private let gates = Mutex<[String: Gate]>([:])

private struct Note: AppIntent {
    static let identifier = "note"
    var key: String
    var text: String
    func perform(in context: IntentContext) async throws { record(key, "\(context.kind):\(text)") }
}

private struct Fail: AppIntent {
    static let identifier = "fail"
    func perform(in context: IntentContext) async throws { throw Offline() }
}

private struct Wait: AppIntent {
    static let identifier = "wait"
    var gate: String
    func perform(in context: IntentContext) async throws {
        try await gates.withLock { $0[gate]! }.wait()
    }
}

private struct Switch: SetValueIntent {
    static let identifier = "switch"
    var key: String
    var value = false
    func perform(in context: IntentContext) async throws { record(key, "switch \(value)") }
}

/// WidgetKit's interactive widgets in the scheduler: a press runs its intent off the loop, once,
/// then the tile reloads at once and free of budget; failures and timeouts keep the content.
@Suite struct ActionTests {
    let clock = ManualClock(t0)
    let center = WidgetCenter()

    func board(
        _ provider: ScriptedProvider, configuration: TimelineScheduler.Configuration = .init()
    ) -> TimelineScheduler {
        let scheduler = TimelineScheduler(clock: clock, configuration: configuration, center: center)
        let widget = IntentConfiguration(kind: "label", intent: LabelIntent.self, provider: ConfiguredProvider(base: provider)) { entry in
            Text(entry.label)
        }
        .intents(Note.self, Fail.self, Wait.self, Switch.self)
        ._descriptors[0]
        scheduler.add(WidgetInstance(id: "a", widget: widget, family: .systemSmall))
        return scheduler
    }

    /// Lets every press and provider call finish and applies them.
    func settle(_ scheduler: TimelineScheduler) async {
        for _ in 0..<4 {
            scheduler.processDue()
            await scheduler.waitForProviders()
        }
        scheduler.processDue()
    }

    static let counting = ProviderStep.timeline { Timeline(entries: entries([(0, "x")], from: $0), policy: .after($0)) }

    @Test func aPressRunsItsIntentOnceAndReloadsAtOnceOutsideTheBudget() async throws {
        let provider = ScriptedProvider([Self.counting])
        let scheduler = board(provider, configuration: .init(budget: ReloadBudget(limit: 1, window: 86_400, minimumInterval: 3600)))
        await scheduler.run(until: t0 + 10, clock: clock)
        #expect(provider.calls.count == 2, "the first call and the one the budget allows")
        let planned = scheduler.status(for: "a")?.nextAttempt
        let press = WidgetAction(intent: Note(key: "once", text: "hello"))
        try scheduler.perform(press, for: "a").get()
        await settle(scheduler)
        #expect(recorded("once") == ["label:hello"])
        #expect(provider.calls == [t0, t0, t0 + 10], "reloaded at the press")
        #expect(scheduler.status(for: "a")?.nextAttempt == planned, "the budget's next call did not move")
        #expect(scheduler.takeFinishedActions().map(\.failure) == [nil])
    }

    @Test func aPressWhoseReloadFailsFinishesWithTheReloadsReason() async throws {
        // The press is done (换一句 asks for a new quote); the reload it asks for fails offline.
        let provider = ScriptedProvider([.timeline { Timeline(entries: entries([(0, "kept")], from: $0), policy: .never) }, .failure(Offline())])
        let scheduler = board(provider)
        await settle(scheduler)
        try scheduler.perform(WidgetAction(intent: Note(key: "reload-fails", text: "x")), for: "a").get()
        await settle(scheduler)
        let finished = scheduler.takeFinishedActions()
        #expect(finished.map(\.failure) == ["note: offline"], "how the press ended: its reload's error")
        #expect(finished.first?.finishedAt == clock.now(), "performed now: other boards share what this board fetches from then")
        #expect(scheduler.pendingActions(for: "a").isEmpty)
    }

    @Test func aSecondPressWhileOneRunsIsRefusedAndTheNextAfterItRuns() async throws {
        let gate = Gate()
        gates.withLock { $0["second"] = gate }
        let scheduler = board(ScriptedProvider([Self.counting]))
        await settle(scheduler)
        let press = WidgetAction(intent: Wait(gate: "second"))
        try scheduler.perform(press, for: "a").get()
        scheduler.processDue()
        let refused = scheduler.perform(press, for: "a")
        #expect(throws: ActionError.self) { try refused.get() }
        if case .failure(let error) = refused { #expect(error.description.contains("still running \"wait\"")) }
        gate.open()
        await settle(scheduler)
        #expect((try? scheduler.perform(WidgetAction(intent: Note(key: "second", text: "after")), for: "a").get()) != nil)
        await settle(scheduler)
        #expect(recorded("second") == ["label:after"])
    }

    @Test func aFailingIntentKeepsTheContentAndMarksTheTileStaleWithTheReason() async throws {
        let scheduler = board(ScriptedProvider([.timeline { Timeline(entries: entries([(0, "kept")], from: $0), policy: .never) }]))
        await settle(scheduler)
        try scheduler.perform(WidgetAction(intent: Fail()), for: "a").get()
        await settle(scheduler)
        #expect(scheduler.label("a") == "kept")
        #expect(scheduler.status(for: "a")?.isStale == true)
        #expect(scheduler.status(for: "a")?.reason == "fail: offline")
        #expect(scheduler.takeFinishedActions().map(\.failure) == ["fail: offline"])
        #expect(scheduler.pendingActions(for: "a").isEmpty)
    }

    @Test func aPressThatOverrunsTheTimeoutFailsAndTheLoopWakesForIt() async throws {
        gates.withLock { $0["never"] = Gate() }
        let scheduler = board(
            ScriptedProvider([.timeline { Timeline(entries: entries([(0, "kept")], from: $0), policy: .never) }]),
            configuration: .init(timeout: 5))
        await settle(scheduler)
        try scheduler.perform(WidgetAction(intent: Wait(gate: "never")), for: "a").get()
        scheduler.processDue()
        #expect(scheduler.nextWakeDate() == t0 + 5)
        clock.set(to: t0 + 5)
        scheduler.processDue()
        #expect(scheduler.status(for: "a")?.reason == "wait: timed out after 5 s")
        #expect(scheduler.label("a") == "kept")
        await scheduler.waitForProviders()
    }

    @Test func aTogglesPressIsPendingUntilTheReloadAfterItLands() async throws {
        let gate = Gate()
        let provider = ScriptedProvider([
            .timeline { Timeline(entries: entries([(0, "off")], from: $0), policy: .never) },
            .gated(gate) { Timeline(entries: entries([(0, "on")], from: $0), policy: .never) },
        ])
        let scheduler = board(provider)
        await settle(scheduler)
        var press = WidgetAction(intent: Switch(key: "toggle"))
        press.isOn = true
        try scheduler.perform(press, for: "a").get()
        #expect(scheduler.pendingActions(for: "a").requestedState(of: press) == true)
        // The intent runs and the reload starts, but cannot answer while the gate is shut.
        let deadline = ContinuousClock.now + .seconds(10)
        while !(recorded("toggle") == ["switch true"] && scheduler.status(for: "a")?.isLoading == true), ContinuousClock.now < deadline {
            scheduler.processDue()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(recorded("toggle") == ["switch true"], "the toggle's value is the state asked for")
        #expect(scheduler.status(for: "a")?.isLoading == true)
        #expect(scheduler.pendingActions(for: "a").requestedState(of: press) == true)
        gate.open()
        await settle(scheduler)
        #expect(scheduler.label("a") == "on")
        #expect(scheduler.pendingActions(for: "a").isEmpty)
    }

    @Test func anUnknownActionAndAWidgetWithoutIntentsSayWhy() async throws {
        let scheduler = board(ScriptedProvider([Self.counting]))
        try scheduler.perform(WidgetAction(name: "nope"), for: "a").get()
        await settle(scheduler)
        #expect(scheduler.takeFinishedActions().first?.failure == "nope: label has no action \"nope\"")

        let plain = TimelineScheduler(clock: clock, center: center)
        plain.add(WidgetInstance(id: "p", widget: labelWidget(provider: ScriptedProvider([Self.counting])), family: .systemSmall))
        #expect(throws: ActionError.self) { try plain.perform(WidgetAction(name: "x"), for: "p").get() }
    }

    @Test func aButtonsPressCarriesTheIntentsPropertiesAsSortedJSON() throws {
        let press = WidgetAction(intent: Note(key: "k", text: "a/b \"c\""))
        #expect(press.name == "note")
        #expect(press.value == #"{"key":"k","text":"a/b \"c\""}"#)
        #expect(press.isOn == nil)
        // An intent without properties is `{}`, and decodes from it.
        let fail = WidgetAction(intent: Fail())
        #expect(fail.value == "{}")
        #expect(try JSONEncoder().encode(Fail()) == Data("{}".utf8))
    }
}
