/// A place found by geocoding: where it is and what the geocoder calls it.
public struct Coordinates: Codable, Equatable, Sendable {
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// The geocoder's (sanitized) name for the place, e.g. "上海".
    public var name: String

    /// Creates coordinates for `name`.
    public init(latitude: Double, longitude: Double, name: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
    }
}
