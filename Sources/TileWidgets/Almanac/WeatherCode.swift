import TileKit

/// WMO weather interpretation codes (as returned by Open-Meteo), named in the language in use.
///
/// The Chinese labels follow the 支付宝/墨迹 style suggested in docs/data-sources.md 2a.
public enum WeatherCode {
    /// The condition's name in the language in use: `Partly cloudy`, `多云`.
    public static func name(_ code: Int) -> String {
        switch code {
        case 0: L("weather.clear")
        case 1: L("weather.mainly_clear")
        case 2: L("weather.partly_cloudy")
        case 3: L("weather.overcast")
        case 45: L("weather.fog")
        case 48: L("weather.rime_fog")
        case 51: L("weather.light_drizzle")
        case 53: L("weather.drizzle")
        case 55: L("weather.dense_drizzle")
        case 56, 57: L("weather.freezing_drizzle")
        case 61: L("weather.light_rain")
        case 63: L("weather.rain")
        case 65: L("weather.heavy_rain")
        case 66, 67: L("weather.freezing_rain")
        case 71: L("weather.light_snow")
        case 73: L("weather.snow")
        case 75: L("weather.heavy_snow")
        case 77: L("weather.snow_grains")
        case 80: L("weather.light_showers")
        case 81: L("weather.showers")
        case 82: L("weather.heavy_showers")
        case 85: L("weather.light_snow_showers")
        case 86: L("weather.heavy_snow_showers")
        case 95: L("weather.thunderstorm")
        case 97: L("weather.heavy_thunderstorm")
        case 96, 99: L("weather.thunderstorm_hail")
        default: L("weather.unknown")
        }
    }

    /// A short symbol for the condition (mostly two-cell emoji), e.g. 2 → "⛅"; unknown → "?".
    public static func symbol(_ code: Int) -> String {
        switch code {
        case 0: "☀️"
        case 1: "🌤"
        case 2: "⛅"
        case 3: "☁️"
        case 45, 48: "🌫"
        case 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82: "🌧"
        case 71, 73, 75, 77, 85, 86: "❄️"
        case 95, 96, 97, 99: "⛈"
        default: "?"
        }
    }
}
