import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Current weather for the Alipay widget: a WMO weather code (Open-Meteo's `weather_code`), the
/// temperature in °C and the city it was fetched for.
public struct WeatherInfo: Codable, Hashable, Sendable {
    /// WMO code: 0 clear, 2 partly cloudy (多云), 61 rain, … (see `WeatherCode`).
    public var code: Int
    /// Degrees Celsius.
    public var temperature: Double
    /// The city, as the provider resolved it.
    public var city: String

    /// Weather of WMO `code` at `temperature` °C in `city`.
    public init(code: Int, temperature: Double, city: String) {
        self.code = code
        self.temperature = temperature
        self.city = city
    }

    /// `28℃`: rounded to a whole degree, `-0` shown as `0`.
    public var temperatureText: String {
        let rounded = Int(temperature.rounded())
        return "\(rounded)℃"
    }
}

/// One moment of the Alipay widget (`alipay`, seed 004): its configuration, the weather (nil
/// while unknown or when fetching failed) and the day's almanac.
public struct AlipayEntry: TimelineEntry, Hashable {
    /// When the entry becomes current; also the day shown, in `timeZone`.
    public var date: Date
    /// The tile's configuration the entry was made for.
    public var configuration: AlipayIntent
    /// The weather, or nil: the view shows `--` then.
    public var weather: WeatherInfo?
    /// The day's 黄历 (lunar date, 干支, 建除, 宜 and 忌).
    public var almanac: AlmanacDay
    /// The zone the date and weekday are read in. Encoded as its identifier.
    public var timeZone: Zone

    /// An entry from its parts; `sample(date:timeZone:configuration:)` makes the seed's.
    public init(date: Date, configuration: AlipayIntent, weather: WeatherInfo?, almanac: AlmanacDay, timeZone: Zone) {
        self.date = date
        self.configuration = configuration
        self.weather = weather
        self.almanac = almanac
        self.timeZone = timeZone
    }

    /// The seed's sample: 多云 28℃ in 上海, the default buttons, the almanac of `date`.
    public static func sample(
        date: Date, timeZone: Zone, configuration: AlipayIntent = AlipayIntent()
    ) -> AlipayEntry {
        AlipayEntry(
            date: date, configuration: configuration,
            weather: WeatherInfo(code: 2, temperature: 28, city: configuration.city),
            almanac: Almanac.day(for: date, in: Almanac.chinaTimeZone), timeZone: timeZone)
    }
}
