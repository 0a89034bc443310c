import Foundation
import Synchronization
import TileKit

/// A plain entry carrying a label, so tests can tell entries apart on screen and in the scheduler.
struct LabelEntry: TimelineEntry, Equatable {
    var date: Date
    var label: String
    var relevance: TimelineEntryRelevance? = nil
}

/// What a scripted provider does on one call.
enum ProviderStep: Sendable {
    case timeline(@Sendable (Date) -> Timeline<LabelEntry>)
    case failure(any Error & Sendable)
    /// Waits until the gate opens (or the task is cancelled), then returns the timeline.
    case gated(Gate, @Sendable (Date) -> Timeline<LabelEntry>)
}

/// A provider whose answers are scripted per call; the last step repeats.
final class ScriptedProvider: TimelineProvider {
    private let steps: Mutex<[ProviderStep]>
    private let log = Mutex<[Date]>([])
    private let cancelled = Mutex(0)

    init(_ steps: [ProviderStep]) {
        self.steps = Mutex(steps)
    }

    /// The "now" of each call, in order.
    var calls: [Date] { log.withLock { $0 } }
    var cancellations: Int { cancelled.withLock { $0 } }

    func placeholder(in context: TimelineContext) -> LabelEntry { LabelEntry(date: context.now, label: "placeholder") }
    func snapshot(in context: TimelineContext) async -> LabelEntry { LabelEntry(date: context.now, label: "snapshot") }

    func timeline(in context: TimelineContext) async throws -> Timeline<LabelEntry> {
        log.withLock { $0.append(context.now) }
        let step = steps.withLock { steps in steps.count > 1 ? steps.removeFirst() : steps[0] }
        switch step {
        case .timeline(let make):
            return make(context.now)
        case .failure(let error):
            throw error
        case let .gated(gate, make):
            do {
                try await gate.wait()
            } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
            return make(context.now)
        }
    }
}

/// A one-shot latch a provider call can wait on; cancellation ends the wait with CancellationError.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, any Error>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock that onCancel also takes, so a cancellation is never missed.
                let outcome: Bool? = state.withLock { state in
                    if state.open { return true }
                    if Task.isCancelled { return false }
                    state.waiters.append(continuation)
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let waiters = state.withLock { state in defer { state.waiters = [] }; return state.waiters }
            for waiter in waiters { waiter.resume(throwing: CancellationError()) }
        }
        try Task.checkCancellation()
    }
}

struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
}

struct RateLimited: Error, RetryAfterProviding, CustomStringConvertible {
    var retryAfter: Date?
    var description: String { "rate limited" }
}

/// Parameters of the test widget.
struct LabelIntent: WidgetIntent {
    var city = "上海"
    var changed = false
    static let parameters: [WidgetParameter<Self>] = [
        .string("city", title: "City", \.city),
        .bool("changed", title: "Changed", \.changed),
    ]
}

/// Forwards a configurable widget's calls to a scripted provider.
struct ConfiguredProvider: IntentTimelineProvider {
    let base: ScriptedProvider
    func placeholder(in context: TimelineContext) -> LabelEntry { base.placeholder(in: context) }
    func snapshot(for configuration: LabelIntent, in context: TimelineContext) async -> LabelEntry {
        await base.snapshot(in: context)
    }
    func timeline(for configuration: LabelIntent, in context: TimelineContext) async throws -> Timeline<LabelEntry> {
        try await base.timeline(in: context)
    }
}

/// A configurable widget around a provider, drawing its entry's label.
func labelWidget(kind: String = "label", provider: ScriptedProvider) -> WidgetDescriptor {
    IntentConfiguration(kind: kind, intent: LabelIntent.self, provider: ConfiguredProvider(base: provider)) { entry in
        Text(entry.label)
    }
    .configurationDisplayName("Label")
    ._descriptors[0]
}

extension TimelineScheduler {
    /// Runs the board for real (virtual) time: sleeps to each wake date, lets providers finish and
    /// processes their results, until `end`. Returns how many wake-ups happened.
    @discardableResult
    func run(until end: Date, clock: ManualClock, maxWakeUps: Int = 10_000) async -> Int {
        var wakeUps = 0
        await settle()
        while wakeUps < maxWakeUps, let next = nextWakeDate(), next <= end {
            clock.set(to: max(next, clock.now()))
            await settle()
            wakeUps += 1
        }
        clock.set(to: end)
        return wakeUps
    }

    /// Processes what is due and lets every provider call started meanwhile finish.
    func settle() async {
        while true {
            processDue()
            guard hasProvidersRunning else { return }
            await waitForProviders()
        }
    }

    /// The label of the entry shown now.
    func label(_ id: String) -> String? {
        (currentEntry(for: id)?.entry.base as? LabelEntry)?.label
    }
}

let t0 = Date(timeIntervalSince1970: 1_700_000_000)

func entries(_ labels: [(TimeInterval, String)], from now: Date) -> [LabelEntry] {
    labels.map { LabelEntry(date: now.addingTimeInterval($0.0), label: $0.1) }
}
