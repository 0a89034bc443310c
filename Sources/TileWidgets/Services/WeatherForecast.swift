import FoundationEssentials

/// A place's weather now, for the next hours and for the next days, from Open-Meteo's
/// `/v1/forecast` (docs/data-sources.md 5): times are the place's own wall-clock times, as the
/// API gives them with `timezone=auto`.
public struct WeatherForecast: Codable, Hashable, Sendable {
    public struct Hour: Codable, Hashable, Sendable {
        /// `14:00`, the place's time.
        public var time: String
        public var temperature: Double
        public var code: Int
    }

    public struct Day: Codable, Hashable, Sendable {
        /// `2026-11-28`, the place's date.
        public var date: String
        public var code: Int
        public var high: Double
        public var low: Double
        /// `06:31`, the place's time; nil in a polar night or day.
        public var sunrise: String?
        public var sunset: String?
    }

    public var city: String
    public var temperature: Double
    public var code: Int
    /// The next 24 hours from the current one.
    public var hours: [Hour]
    /// Today and the next six days.
    public var days: [Day]
    /// `°C` or `°F`.
    public var unit: String
}

extension OpenMeteoService {
    /// The forecast for `city`: current values, 24 hours and 7 days, in Celsius or Fahrenheit.
    public func forecast(city: String, fahrenheit: Bool) async throws(FetchError) -> WeatherForecast {
        let place = try await coordinates(for: city)
        let url = try ServiceURL.make(base: forecastURL, segments: ["v1", "forecast"], query: [
            (name: "latitude", value: String(place.latitude)),
            (name: "longitude", value: String(place.longitude)),
            (name: "current", value: "temperature_2m,weather_code"),
            (name: "hourly", value: "temperature_2m,weather_code"),
            (name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset"),
            (name: "timezone", value: "auto"),
            (name: "forecast_days", value: "7"),
            (name: "temperature_unit", value: fahrenheit ? "fahrenheit" : "celsius"),
        ])
        let response = try await fetcher.get(url, headers: [("Accept", "application/json")])
        let answer = try ServiceJSON.decode(FullForecast.self, from: response.body, service: "Open-Meteo forecast")
        return answer.forecast(city: place.name, unit: fahrenheit ? "°F" : "°C")
    }

    /// `/v1/forecast` with `current`, `hourly` and `daily` blocks.
    struct FullForecast: Decodable {
        struct Current: Decodable {
            var time: String
            var temperature_2m: Double
            var weather_code: Int
        }
        struct Hourly: Decodable {
            var time: [String]
            var temperature_2m: [Double?]
            var weather_code: [Int?]
        }
        struct Daily: Decodable {
            var time: [String]
            var weather_code: [Int?]
            var temperature_2m_max: [Double?]
            var temperature_2m_min: [Double?]
            var sunrise: [String?]?
            var sunset: [String?]?
        }
        var current: Current
        var hourly: Hourly
        var daily: Daily

        /// The answer as the widget shows it: the hours from the current one on, the times cut
        /// to `HH:mm` and the dates to `yyyy-MM-dd`, every text cleaned.
        func forecast(city: String, unit: String) -> WeatherForecast {
            let currentHour = String(current.time.prefix(13))
            let start = hourly.time.firstIndex { $0.prefix(13) >= currentHour } ?? 0
            var hours: [WeatherForecast.Hour] = []
            for index in hourly.time.indices.dropFirst(start).prefix(24) {
                guard index < hourly.temperature_2m.count, index < hourly.weather_code.count,
                      let temperature = hourly.temperature_2m[index], let code = hourly.weather_code[index] else { continue }
                hours.append(WeatherForecast.Hour(time: Self.clock(hourly.time[index]), temperature: temperature, code: code))
            }
            var days: [WeatherForecast.Day] = []
            for index in daily.time.indices.prefix(7) {
                guard index < daily.weather_code.count, let code = daily.weather_code[index],
                      index < daily.temperature_2m_max.count, let high = daily.temperature_2m_max[index],
                      index < daily.temperature_2m_min.count, let low = daily.temperature_2m_min[index] else { continue }
                days.append(WeatherForecast.Day(
                    date: RemoteText.sanitize(String(daily.time[index].prefix(10)), maxLength: 10), code: code, high: high, low: low,
                    sunrise: daily.sunrise?[safe: index]?.map(Self.clock), sunset: daily.sunset?[safe: index]?.map(Self.clock)))
            }
            return WeatherForecast(city: city, temperature: current.temperature_2m, code: current.weather_code, hours: hours, days: days, unit: unit)
        }

        /// `2026-11-28T14:00` → `14:00`.
        static func clock(_ time: String) -> String {
            RemoteText.sanitize(String(time.split(separator: "T").last ?? Substring(time)).prefix(5).description, maxLength: 5)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
