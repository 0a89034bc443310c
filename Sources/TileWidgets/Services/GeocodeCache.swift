/// Remembers the coordinates found for a city name, so a city is geocoded once, not on
/// every weather refresh (docs/data-sources.md §5).
public protocol GeocodeCache: Sendable {
    /// The stored coordinates for `city` (as the user wrote it), or `nil`.
    func coordinates(for city: String) -> Coordinates?
    /// Stores `coordinates` for `city`, replacing what was there.
    func store(_ coordinates: Coordinates, for city: String)
}
