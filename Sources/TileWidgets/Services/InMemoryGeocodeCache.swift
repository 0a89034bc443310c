import Synchronization

/// A ``GeocodeCache`` that lives as long as the process; safe to share between tasks.
public final class InMemoryGeocodeCache: GeocodeCache {
    private let entries = Mutex<[String: Coordinates]>([:])

    /// Creates an empty cache.
    public init() {}

    /// The stored coordinates for `city`, or `nil`.
    public func coordinates(for city: String) -> Coordinates? {
        entries.withLock { $0[city] }
    }

    /// Stores `coordinates` for `city`.
    public func store(_ coordinates: Coordinates, for city: String) {
        entries.withLock { $0[city] = coordinates }
    }
}
