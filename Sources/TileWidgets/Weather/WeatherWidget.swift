import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The weather widget's parameters.
public struct WeatherIntent: WidgetIntent {
    public var city = "上海"
    public var fahrenheit = false

    public init() {}

    public static var parameters: [WidgetParameter<WeatherIntent>] { [
        .string("city", title: L("param.weather.city"), \.city, maxLength: 60),
        .bool("fahrenheit", title: L("param.weather.fahrenheit"), \.fahrenheit),
    ] }
}

public struct WeatherEntry: TimelineEntry, Hashable {
    public var date: Date
    var forecast: WeatherForecast?
    var isSample = false
}

/// The forecast for a city from Open-Meteo (the city found by the geocoder Alipay uses), once
/// per 15 minutes for every board of the user; a reload every 30 minutes.
struct WeatherProvider: IntentTimelineProvider {
    let services: WidgetServices

    func placeholder(in context: TimelineContext) -> WeatherEntry { WeatherEntry(date: context.now, forecast: nil) }

    /// The gallery's and `--offline`'s picture: a made-up week, its city named as a sample.
    func snapshot(for configuration: WeatherIntent, in context: TimelineContext) async -> WeatherEntry {
        let codes = [2, 1, 0, 0, 3, 61, 61, 2, 1, 0, 0, 0]
        let hours = (0..<24).map { hour -> WeatherForecast.Hour in
            let angle = Double(hour - 9) / 24 * 2 * Double.pi
            let time = (hour < 10 ? "0" : "") + "\(hour):00"
            return WeatherForecast.Hour(time: time, temperature: 14 + 6 * sin(angle), code: codes[hour / 2])
        }
        let days = (0..<7).map { day -> WeatherForecast.Day in
            let date = "2026-12-0\(day + 1)"
            let high = 18 - Double(day % 3), low = 9 + Double(day % 2)
            return WeatherForecast.Day(date: date, code: codes[(day * 3) % codes.count], high: high, low: low, sunrise: "06:31", sunset: "16:52")
        }
        let forecast = WeatherForecast(city: "\(configuration.city) (sample)", temperature: 16.4, code: 2, hours: hours, days: days,
                                       unit: configuration.fahrenheit ? "°F" : "°C")
        return WeatherEntry(date: context.now, forecast: forecast, isSample: true)
    }

    func timeline(for configuration: WeatherIntent, in context: TimelineContext) async throws -> Timeline<WeatherEntry> {
        if services.offline || context.isPreview {
            return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
        }
        let key = "weather." + StableHash.hex("\(configuration.city)\u{1E}\(configuration.fahrenheit)")
        let forecast = try await services.shared(key, freshFor: 15 * 60, context: context) {
            let service = OpenMeteoService(
                forecastURL: services.endpoints.openMeteo, geocodingURL: services.endpoints.geocoding,
                fetcher: services.fetcher, cache: StoreGeocodeCache(store: services.store))
            return try await service.forecast(city: configuration.city, fahrenheit: configuration.fahrenheit)
        }
        return Timeline(entries: [WeatherEntry(date: context.now, forecast: forecast)], policy: .after(context.now.addingTimeInterval(30 * 60)))
    }
}

/// Weather: now in the small family, the next hours in medium, a chart of the day and the
/// week in large.
struct WeatherView: View {
    var entry: WeatherEntry
    @Environment(\.widgetFamily) private var family

    private func degrees(_ value: Double) -> String { value.isFinite ? "\(Int(value.rounded()))°" : "–" }

    var body: some View {
        if let forecast = entry.forecast {
            content(forecast)
        } else {
            Text("Weather").foregroundColor(.secondary)
        }
    }

    @ViewBuilder private func content(_ forecast: WeatherForecast) -> some View {
        let today = forecast.days.first
        switch family {
        case .accessoryInline:
            Text("\(WeatherCode.symbol(forecast.code)) \(degrees(forecast.temperature)) \(forecast.city)")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(forecast.city).bold().lineLimit(1)
                Text("\(WeatherCode.symbol(forecast.code)) \(degrees(forecast.temperature)) \(WeatherCode.name(forecast.code))").lineLimit(1)
                if let today { Text("H \(degrees(today.high)) L \(degrees(today.low))").foregroundColor(.secondary) }
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(forecast.city).bold().lineLimit(1)
                    Spacer(minLength: 1)
                    if family != .systemSmall, let today, let sunrise = today.sunrise, let sunset = today.sunset {
                        Text("↑\(sunrise) ↓\(sunset)").foregroundColor(.secondary)
                            .accessibilityLabel(L("speech.sun", ["rise": sunrise, "set": sunset]))
                    }
                }
                HStack(spacing: 1) {
                    // The condition is said in words on the next row.
                    Text(WeatherCode.symbol(forecast.code)).accessibilityHidden()
                    Text(degrees(forecast.temperature)).font(.system(size: 24)).minimumScaleFactor(0.4).lineLimit(1)
                    Spacer(minLength: 0)
                }
                HStack(spacing: 1) {
                    Text(WeatherCode.name(forecast.code))
                    if let today { Text("H \(degrees(today.high)) L \(degrees(today.low))").foregroundColor(.secondary) }
                    Spacer(minLength: 0)
                }
                if family != .systemSmall {
                    hoursRow(forecast)
                }
                if family == .systemLarge || family == .systemExtraLarge {
                    temperatureChart(forecast).frame(height: 4)
                    ForEach(Array(forecast.days.enumerated()), id: \.offset) { _, day in
                        HStack(spacing: 1) {
                            Text(weekday(day.date)).frame(width: 4, alignment: .leading)
                            Text(WeatherCode.symbol(day.code)).accessibilityHidden()
                            Text(WeatherCode.name(day.code)).lineLimit(1)
                            Spacer(minLength: 1)
                            Text("\(degrees(day.low)) – \(degrees(day.high))")
                        }
                    }
                }
                Spacer(minLength: 0)
            }
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    /// Every third hour of the next eighteen: time, symbol, temperature.
    private func hoursRow(_ forecast: WeatherForecast) -> some View {
        let shown = Array(forecast.hours.enumerated().filter { $0.offset % 3 == 0 }.map(\.element).prefix(6))
        return HStack(spacing: 1) {
            ForEach(Array(shown.enumerated()), id: \.offset) { _, hour in
                VStack(spacing: 0) {
                    Text(hour.time).foregroundColor(.secondary)
                    Text(WeatherCode.symbol(hour.code)).accessibilityLabel(WeatherCode.name(hour.code))
                    Text(degrees(hour.temperature))
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    private func temperatureChart(_ forecast: WeatherForecast) -> some View {
        let values = forecast.hours.map(\.temperature)
        return Chart(values.indices) { LineMark(x: .value("hour", $0), y: .value("temperature", values[$0])) }
    }

    /// `Sat` for `2026-11-28`.
    private func weekday(_ date: String) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return date }
        let days = CivilDate.daysSinceEpoch(year: parts[0], month: parts[1], day: parts[2])
        return LocalDateWords.weekdayName(days + 4)
    }
}

/// 天气: the forecast for a city.
struct WeatherWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "weather", intent: WeatherIntent.self, provider: WeatherProvider(services: services)) { entry in
            WeatherView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.weather.name"))
        .description(L("widget.weather.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
    }
}
