import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the runtime reads "now". Injected everywhere so tests and `tiles render --at` are
/// deterministic; nothing in TileKit calls `Date()` itself.
public protocol WallClock: Sendable {
    func now() -> Date
}

/// The system's clock.
public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that moves only when told: for tests and fixed-time renders.
public final class ManualClock: WallClock {
    private let current: Mutex<Date>

    public init(_ start: Date) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward by `interval` seconds.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }

    /// Sets the clock to `date`.
    public func set(to date: Date) {
        current.withLock { $0 = date }
    }
}
