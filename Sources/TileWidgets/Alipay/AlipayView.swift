import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The Alipay widget's view for every family (seed 004). Medium is the seed's look: weather,
/// date and the 支付宝 今日宜 bar on one half, a 2×2 grid of quick actions on the other. Small
/// keeps two buttons; large and extra large add the full 黄历 and all eight buttons; the
/// accessory families show the date, weather and 宜. Each button is a `Link`; there is no
/// `widgetURL` in the system families, so a tap outside the buttons offers their hints.
public struct AlipayView: View {
    /// The entry drawn.
    public var entry: AlipayEntry
    @Environment(\.widgetFamily) private var family

    /// The view of `entry`, in the family the environment says.
    public init(entry: AlipayEntry) {
        self.entry = entry
    }

    public var body: some View {
        switch family {
        case .systemSmall:
            AlipayWidgetSmall(entry: entry)
        case .systemMedium:
            AlipayWidgetMedium(entry: entry)
        case .systemLarge:
            AlipayWidgetLarge(entry: entry)
        case .systemExtraLarge:
            AlipayWidgetExtraLarge(entry: entry)
        case .accessoryInline, .accessoryRectangular, .accessoryCircular:
            // One tap target (B1.5): the first configured button.
            AlipayAccessoryView(entry: entry, family: family)
                .widgetURL(entry.configuration.buttons(for: family).first.map(entry.configuration.url(for:)))
        }
    }
}

/// Medium, as the seed: info half and 2×2 buttons half, swapped when the buttons go left.
struct AlipayWidgetMedium: View {
    var entry: AlipayEntry

    var body: some View {
        let buttons = AlipayWidgetGroupButtons(
            entry: entry, buttons: entry.configuration.buttons(for: .systemMedium), columns: 2, tileHeight: 3)
        // 42 columns − 4 of padding − the 17-column grid − 1 of gap leaves 20; the bar pads 1 each side.
        let info = AlipayWeatherDateView(entry: entry, yiColumns: 18)
        ZStack {
            WidgetPalette.alipayGradient
            HStack(spacing: 0) {
                if entry.configuration.buttonsSide == .left {
                    buttons
                    Spacer(minLength: 2)
                    info
                } else {
                    info
                    Spacer(minLength: 1)
                    buttons
                }
            }
            .padding(EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2))
        }
    }
}

/// Small: weather and date, the bar, and two buttons side by side.
struct AlipayWidgetSmall: View {
    var entry: AlipayEntry

    var body: some View {
        ZStack {
            WidgetPalette.alipayGradient
            VStack(alignment: .leading, spacing: 0) {
                if entry.configuration.showWeather {
                    Text(entry.weatherText).fontWeight(.semibold).lineLimit(1)
                }
                Text(entry.dateLine).lineLimit(1)
                Spacer()
                AlipayLunarView(entry: entry, yiColumns: 16)
                Spacer()
                AlipayWidgetGroupButtons(
                    entry: entry, buttons: entry.configuration.buttons(for: .systemSmall), columns: 2, tileHeight: 2,
                    columnSpacing: 2)
            }
            .foregroundColor(WidgetPalette.textOnGradient)
            .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1))
        }
    }
}

/// Large: the temperature in block glyphs beside weather and date, the 黄历 panel, and all eight
/// buttons in two rows of four.
struct AlipayWidgetLarge: View {
    var entry: AlipayEntry

    var body: some View {
        ZStack {
            WidgetPalette.alipayGradient
            VStack(alignment: .leading, spacing: 0) {
                AlipayWeatherHeader(entry: entry)
                Spacer()
                AlipayAlmanacPanel(entry: entry, listColumns: 29)
                Spacer()
                AlipayWidgetGroupButtons(
                    entry: entry, buttons: entry.configuration.buttons(for: .systemLarge), columns: 4, tileHeight: 3,
                    columnSpacing: 2)
            }
            .foregroundColor(WidgetPalette.textOnGradient)
            .padding(EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2))
        }
    }
}

/// Extra large: the large header across the top, then the 黄历 panel beside the eight buttons
/// (the two swap when the buttons go left).
struct AlipayWidgetExtraLarge: View {
    var entry: AlipayEntry

    var body: some View {
        let buttons = AlipayWidgetGroupButtons(
            entry: entry, buttons: entry.configuration.buttons(for: .systemExtraLarge), columns: 4, tileHeight: 4,
            columnSpacing: 2)
        let panel = AlipayAlmanacPanel(entry: entry, listColumns: 34, height: 9).frame(width: 40)
        ZStack {
            WidgetPalette.alipayGradient
            VStack(alignment: .leading, spacing: 0) {
                AlipayWeatherHeader(entry: entry)
                Spacer()
                HStack(alignment: .top, spacing: 0) {
                    if entry.configuration.buttonsSide == .left {
                        buttons
                        Spacer(minLength: 2)
                        panel
                    } else {
                        panel
                        Spacer(minLength: 2)
                        buttons
                    }
                }
                Spacer()
            }
            .foregroundColor(WidgetPalette.textOnGradient)
            .padding(EdgeInsets(top: 1, leading: 3, bottom: 1, trailing: 3))
        }
    }
}

/// The large families' header: the temperature in block glyphs beside the condition, the full
/// date and the city; without weather, the date and city alone.
struct AlipayWeatherHeader: View {
    var entry: AlipayEntry

    var body: some View {
        let showWeather = entry.configuration.showWeather
        HStack(spacing: 2) {
            if showWeather {
                Text(entry.weather.map { "\(Int($0.temperature.rounded()))°" } ?? "--°")
                    .font(.system(size: 50))
                    .fontWeight(.semibold)
                    .minimumScaleFactor(0.5)
                    .lineLimit(1)
            }
            VStack(alignment: .leading, spacing: 0) {
                if showWeather {
                    Text(entry.weather.map { "\(WeatherCode.symbol($0.code)) \(WeatherCode.name($0.code))" } ?? L("alipay.no_weather"))
                        .fontWeight(.semibold)
                        .lineLimit(1)
                }
                Text("\(NumericDate.year(entry.date, in: entry.timeZone))/\(entry.monthDayWeekday)")
                    .lineLimit(1)
                if !entry.city.isEmpty {
                    Text(entry.city).lineLimit(1).opacity(0.85)
                }
            }
        }
    }
}

/// Lock Screen families: no background, the theme's text colour.
struct AlipayAccessoryView: View {
    var entry: AlipayEntry
    var family: WidgetFamily

    var body: some View {
        let showWeather = entry.configuration.showWeather
        let date = entry.monthDayWeekday
        switch family {
        case .accessoryInline:
            let weather = entry.weather.map { "\(WeatherCode.name($0.code)) \($0.temperatureText)" } ?? "--℃"
            let yi = entry.almanac.yi.first.map { " \(L("alipay.yi")) \($0)" } ?? ""
            Text(showWeather ? "\(date) \(weather)\(yi)" : "\(date)\(yi)")
                .lineLimit(1)
                .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryCircular:
            VStack(spacing: 0) {
                if showWeather {
                    Text(entry.weather.map { WeatherCode.symbol($0.code) } ?? "--").lineLimit(1)
                    Text(entry.weather?.temperatureText ?? "--℃").fontWeight(.semibold).lineLimit(1)
                } else {
                    Text(ChineseDate.monthDay(entry.date, in: entry.timeZone)).fontWeight(.semibold).lineLimit(1)
                    Text(LocalDateWords.weekday(entry.date, in: entry.timeZone)).lineLimit(1)
                }
                Text(L("alipay.yi")).lineLimit(1)
                Text(entry.almanac.yi.first ?? "").lineLimit(1)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(showWeather ? entry.weatherText : entry.dateLine).fontWeight(.semibold).lineLimit(1)
                Text(showWeather ? "\(date) \(entry.almanac.lunarDateText)" : entry.almanac.lunarDateText).lineLimit(1)
                Text(L("alipay.yi") + " " + entry.yiText(fitting: 19 - L("alipay.yi").cellWidth)).lineLimit(1)
                Text(L("alipay.ji") + " " + entry.jiText(fitting: 19 - L("alipay.ji").cellWidth)).lineLimit(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
