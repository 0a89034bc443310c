import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Fetches the current weather for a city name from Open-Meteo, docs/data-sources.md §2a:
/// geocode the name once (cached), then ask the forecast API for current values.
public struct OpenMeteoService: Sendable {
    /// The forecast API root, e.g. `https://api.open-meteo.com`.
    public var forecastURL: URL
    /// The geocoding API root, e.g. `https://geocoding-api.open-meteo.com`.
    public var geocodingURL: URL
    let fetcher: HTTPFetcher
    private let cache: any GeocodeCache

    /// Creates a client sending requests through `fetcher` and remembering places in `cache`.
    public init(
        forecastURL: URL = ServiceEndpoints.defaultOpenMeteo,
        geocodingURL: URL = ServiceEndpoints.defaultGeocoding,
        fetcher: HTTPFetcher,
        cache: any GeocodeCache = InMemoryGeocodeCache()
    ) {
        self.forecastURL = forecastURL
        self.geocodingURL = geocodingURL
        self.fetcher = fetcher
        self.cache = cache
    }

    /// The current temperature and weather code in `city`.
    ///
    /// Throws `.http(status: 404, message: "city not found: <city>")` when geocoding finds
    /// nothing, and `.malformed` when a response lacks the fields used.
    public func currentWeather(city: String) async throws(FetchError) -> Weather {
        let place = try await coordinates(for: city)
        let url = try ServiceURL.make(base: forecastURL, segments: ["v1", "forecast"], query: [
            (name: "latitude", value: String(place.latitude)),
            (name: "longitude", value: String(place.longitude)),
            (name: "current", value: "temperature_2m,weather_code"),
            (name: "timezone", value: "auto"),
        ])
        let response = try await fetcher.get(url, headers: [("Accept", "application/json")])
        let forecast = try ServiceJSON.decode(Forecast.self, from: response.body, service: "Open-Meteo forecast")
        return Weather(
            code: forecast.current.weatherCode,
            temperature: forecast.current.temperature,
            city: place.name,
            observedAt: forecast.current.time.map { RemoteText.sanitize($0, maxLength: 32) }
        )
    }

    /// The cached place for `city`, or the first geocoding result (then cached).
    func coordinates(for city: String) async throws(FetchError) -> Coordinates {
        let name = city.trimmingSpacesAndNewlines()
        let shownName = RemoteText.sanitize(name, maxLength: 60)
        guard !name.isEmpty else {
            throw .http(status: 404, message: "city not found: no city name given")
        }
        if let cached = cache.coordinates(for: name) {
            return cached
        }
        let url = try ServiceURL.make(base: geocodingURL, segments: ["v1", "search"], query: [
            (name: "name", value: name),
            (name: "count", value: "1"),
            (name: "language", value: "zh"),
            (name: "format", value: "json"),
        ])
        let response = try await fetcher.get(url, headers: [("Accept", "application/json")])
        let search = try ServiceJSON.decode(GeocodingSearch.self, from: response.body, service: "Open-Meteo geocoding")
        guard let first = search.results?.first else {
            throw .http(status: 404, message: "city not found: \(shownName)")
        }
        let resolvedName = first.name.map { RemoteText.sanitize($0, maxLength: 60) } ?? ""
        let place = Coordinates(
            latitude: first.latitude,
            longitude: first.longitude,
            name: resolvedName.isEmpty ? shownName : resolvedName
        )
        cache.store(place, for: name)
        return place
    }

    /// `/v1/search` response; `results` is absent when nothing matched.
    struct GeocodingSearch: Decodable {
        struct Result: Decodable {
            var name: String?
            var latitude: Double
            var longitude: Double
        }
        var results: [Result]?
    }

    /// `/v1/forecast` response, only the `current` block.
    struct Forecast: Decodable {
        struct Current: Decodable {
            var time: String?
            var temperature: Double
            var weatherCode: Int

            enum CodingKeys: String, CodingKey {
                case time
                case temperature = "temperature_2m"
                case weatherCode = "weather_code"
            }
        }
        var current: Current
    }
}
