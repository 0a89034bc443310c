import FoundationEssentials
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Alipay's timeline (seed 004): the weather for the city, refreshed every 30 minutes, and the
/// almanac of each day, with an entry at local midnight so the date and 宜 turn over offline.
struct AlipayProvider: IntentTimelineProvider {
    let services: WidgetServices

    func placeholder(in context: TimelineContext) -> AlipayEntry {
        AlipayEntry.sample(date: context.now, timeZone: services.timeZone)
    }

    func snapshot(for configuration: AlipayIntent, in context: TimelineContext) async -> AlipayEntry {
        AlipayEntry.sample(date: context.now, timeZone: services.timeZone, configuration: configuration)
    }

    func timeline(for configuration: AlipayIntent, in context: TimelineContext) async throws -> Timeline<AlipayEntry> {
        let now = context.now
        var configuration = configuration
        // The shared store's city (`tiles store set alipay.city 杭州`) wins over the tile's own.
        if let city = services.store?.value(forKey: "alipay.city"), !city.isEmpty { configuration.city = city }
        if services.offline || context.isPreview {
            let sample = AlipayEntry.sample(date: now, timeZone: services.timeZone, configuration: configuration)
            return timeline(configuration: configuration, weather: sample.weather, now: now)
        }
        guard configuration.showWeather else {
            return timeline(configuration: configuration, weather: nil, now: now)
        }
        let memoryKey = "alipay.weather.\(configuration.city)"
        do {
            // Open-Meteo's current values change every 15 minutes; boards share one fetch per 15.
            let info = try await services.shared(memoryKey, freshFor: 15 * 60, context: context) {
                let service = OpenMeteoService(
                    forecastURL: services.endpoints.openMeteo, geocodingURL: services.endpoints.geocoding,
                    fetcher: services.fetcher, cache: StoreGeocodeCache(store: services.store))
                let weather = try await service.currentWeather(city: configuration.city)
                return WeatherInfo(code: weather.code, temperature: weather.temperature, city: configuration.city)
            }
            return timeline(configuration: configuration, weather: info, now: now)
        } catch {
            let last = services.recall(WeatherInfo.self, as: memoryKey)?.value
            throw TimelineFailure(error, fallback: timeline(configuration: configuration, weather: last, now: now))
        }
    }

    /// Entries now and at the next local midnight (each with its own almanac); a reload in 30 minutes.
    private func timeline(configuration: AlipayIntent, weather: WeatherInfo?, now: Date) -> Timeline<AlipayEntry> {
        let midnight = Almanac.nextMidnight(after: now, in: services.timeZone)
        let entries = [now, midnight].map { date in
            AlipayEntry(
                date: date, configuration: configuration, weather: weather,
                almanac: Almanac.day(for: date, in: Almanac.chinaTimeZone), timeZone: services.timeZone)
        }
        return Timeline(entries: entries, policy: .after(now.addingTimeInterval(30 * 60)))
    }
}

/// 支付宝 (seed 004): weather, date, the day's 宜 and quick-action buttons, each a link.
struct AlipayWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "alipay", intent: AlipayIntent.self, provider: AlipayProvider(services: services)) { entry in
            AlipayView(entry: entry)
        }
        .category(.seeds)
        .configurationDisplayName(L("widget.alipay.name"))
        .description(L("widget.alipay.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline, .accessoryRectangular])
    }
}
