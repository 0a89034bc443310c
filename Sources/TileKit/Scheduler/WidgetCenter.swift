import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Asks running boards to reload widgets, as WidgetKit's `WidgetCenter`, and tells which tiles are
/// placed. Safe from any thread: requests queue per scheduler and wake it.
public final class WidgetCenter: Sendable {
    /// The process's center; schedulers subscribe to it unless given another (tests use their own).
    public static let shared = WidgetCenter()

    struct Request: Sendable, Equatable {
        enum Target: Sendable, Equatable {
            case all
            case kind(String)
        }

        var target: Target
        /// When the reload was asked for (another process's stamp); nil for "when it is applied".
        var requestedAt: Date?
    }

    struct Subscription: Hashable, Sendable {
        let id: Int
    }

    private struct State {
        var nextID = 0
        var queues: [Int: [Request]] = [:]
        var wakers: [Int: @Sendable () -> Void] = [:]
        var configurations: [Int: [WidgetInfo]] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Reloads the timelines of every placed widget of `kind`.
    public func reloadTimelines(ofKind kind: String) { post(Request(target: .kind(kind))) }

    /// Reloads the timelines of every placed widget.
    public func reloadAllTimelines() { post(Request(target: .all)) }

    /// Reloads the timelines of every placed widget of `kind` (every widget when nil) for a request
    /// made at `date`, in another process (`tiles reload`): data any board fetched since then
    /// answers it, so boards sharing a source make one request between them.
    public func reloadTimelines(ofKind kind: String?, requestedAt date: Date) {
        post(Request(target: kind.map { .kind($0) } ?? .all, requestedAt: date))
    }

    /// One description per placed tile, over every board attached to this center.
    public func currentConfigurations() -> [WidgetInfo] {
        state.withLock { state in state.configurations.keys.sorted().flatMap { state.configurations[$0]! } }
    }

    private func post(_ request: Request) {
        let wakers = state.withLock { state in
            for id in state.queues.keys { state.queues[id]!.append(request) }
            return Array(state.wakers.values)
        }
        for wake in wakers { wake() }
    }

    func subscribe(wake: @escaping @Sendable () -> Void) -> Subscription {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.queues[id] = []
            state.wakers[id] = wake
            return Subscription(id: id)
        }
    }

    func unsubscribe(_ subscription: Subscription) {
        state.withLock { state in
            state.queues[subscription.id] = nil
            state.wakers[subscription.id] = nil
            state.configurations[subscription.id] = nil
        }
    }

    func takeRequests(for subscription: Subscription) -> [Request] {
        state.withLock { state in
            defer { state.queues[subscription.id] = [] }
            return state.queues[subscription.id] ?? []
        }
    }

    func publish(from subscription: Subscription, _ configurations: [WidgetInfo]) {
        state.withLock { $0.configurations[subscription.id] = configurations }
    }
}

/// A placed tile, as WidgetKit's `WidgetInfo`.
public struct WidgetInfo: Sendable, Hashable {
    public var id: String
    public var kind: String
    public var family: WidgetFamily
    public var parameters: [String: ParameterValue]
}
