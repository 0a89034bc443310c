/// The current weather in a city, from Open-Meteo.
public struct Weather: Codable, Equatable, Sendable {
    /// The WMO weather code (`WeatherCode.name(_:)` names it).
    public var code: Int
    /// Air temperature at 2 m, in °C.
    public var temperature: Double
    /// The city, as the geocoder names it.
    public var city: String
    /// The local time of the observation as Open-Meteo gives it (`2022-06-09T14:45`), if given.
    public var observedAt: String?

    /// Creates a weather value.
    public init(code: Int, temperature: Double, city: String, observedAt: String?) {
        self.code = code
        self.temperature = temperature
        self.city = city
        self.observedAt = observedAt
    }

    /// The temperature rounded to whole degrees, e.g. "28℃" ("--℃" if it is not a number).
    public var temperatureText: String {
        guard temperature.isFinite else { return "--℃" }
        let rounded = Int(temperature.rounded())
        return "\(rounded)℃"
    }
}
