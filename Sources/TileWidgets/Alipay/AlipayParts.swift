import FoundationEssentials
import TileUI
import TileKit
#if canImport(Glibc)
import Glibc
#endif

extension AlipayEntry {
    /// `⛅ 多云 28℃` (`⛅ Partly cloudy 28℃` in English); `--℃` while the weather is unknown.
    var weatherText: String {
        guard let weather else { return "--℃" }
        return "\(WeatherCode.symbol(weather.code)) \(WeatherCode.name(weather.code)) \(weather.temperatureText)"
    }

    /// The configured city, else the one the weather came for.
    var city: String {
        let typed = configuration.city.trimmingSpaces()
        return typed.isEmpty ? (weather?.city ?? "") : typed
    }

    /// `06/09 周四`, `06/09 Thu`.
    var monthDayWeekday: String {
        "\(ChineseDate.monthDay(date, in: timeZone)) \(LocalDateWords.weekday(date, in: timeZone))"
    }

    /// `06/09 周四 上海`.
    var dateLine: String {
        city.isEmpty ? monthDayWeekday : "\(monthDayWeekday) \(city)"
    }

    /// The first 宜 items that fit in `columns` cells, space-separated.
    func yiText(fitting columns: Int) -> String {
        TextFitting.leadingItems(almanac.yi, fitting: columns)
    }

    /// The first 忌 items that fit in `columns` cells, space-separated.
    func jiText(fitting columns: Int) -> String {
        TextFitting.leadingItems(almanac.ji, fitting: columns)
    }
}

/// The seed's left half: weather (unless switched off), `MM/dd 周X 城市`, then the 支付宝 今日宜 bar.
struct AlipayWeatherDateView: View {
    var entry: AlipayEntry
    /// Columns the bar's 宜 line may use.
    var yiColumns: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Spacer()
            if entry.configuration.showWeather {
                Text(entry.weatherText).fontWeight(.semibold).lineLimit(1)
            }
            Text(entry.dateLine).lineLimit(1).padding(.bottom, 1)
            AlipayLunarView(entry: entry, yiColumns: yiColumns)
            Spacer()
        }
        .foregroundColor(WidgetPalette.textOnGradient)
    }
}

/// The 支付宝 今日宜 bar: the brand line over the day's first 宜 items, on a lighter band.
struct AlipayLunarView: View {
    var entry: AlipayEntry
    var yiColumns: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(L("alipay.brand")).fontWeight(.bold)
                Text(L("alipay.good_today")).lineLimit(1)
            }
            Text(entry.yiText(fitting: yiColumns)).lineLimit(1)
        }
        .padding(.horizontal, 1)
        .background(WidgetPalette.alipayBar)
        .foregroundColor(WidgetPalette.textOnGradient)
    }
}

/// One quick action: its icon over its title on a translucent rounded tile, linking to its URL.
struct AlipayButtonTile: View {
    var button: AlipayButton
    var url: URL
    /// Rows of the tile: 2 (icon and title) or more, the pair centred (below the middle when the
    /// rows left over are odd, so the title sits on the tile's bottom edge in a 3-row tile).
    var height: Int

    /// Columns of a tile: the widest title, 会员积分, is 8.
    static let width = 8

    var body: some View {
        Link(destination: url) {
            VStack(spacing: 0) {
                Text(button.icon).accessibilityHidden()
                Text(button.title).lineLimit(1)
            }
            .padding(.top, (height - 2) % 2)
            .frame(width: Self.width, height: height)
            // A rounded fill rather than a clip: a clip would also drop the end glyphs of a title
            // as wide as the tile (会员积分) on its bottom row.
            .background(RoundedRectangle(cornerRadius: 8).fill(WidgetPalette.alipayButton))
        }
        .foregroundColor(WidgetPalette.textOnGradient)
    }
}

/// The buttons in a grid of `columns` tiles per row, as the seed's `AlipayWidgetGroupButtons`.
struct AlipayWidgetGroupButtons: View {
    var entry: AlipayEntry
    var buttons: [AlipayButton]
    var columns: Int
    var tileHeight: Int
    var columnSpacing: Int = 1
    var rowSpacing: Int = 1

    var body: some View {
        LazyVGrid(
            columns: Array(repeating: GridItem(.fixed(AlipayButtonTile.width), spacing: columnSpacing), count: columns),
            spacing: rowSpacing
        ) {
            ForEach(buttons, id: \.self) { button in
                AlipayButtonTile(button: button, url: entry.configuration.url(for: button), height: tileHeight)
            }
        }
        .frame(width: Self.width(columns: columns, spacing: columnSpacing))
    }

    /// Columns the grid takes.
    static func width(columns: Int, spacing: Int) -> Int {
        columns * AlipayButtonTile.width + max(0, columns - 1) * spacing
    }
}

/// The 黄历 panel of the large families: lunar date, the 干支 of year, month and day, the 建除
/// officer, and the 宜 and 忌 lists on coloured chips.
struct AlipayAlmanacPanel: View {
    var entry: AlipayEntry
    /// Columns the 宜 and 忌 lists may use.
    var listColumns: Int
    /// Rows the panel takes; nil for just its content. Extra rows go above the 宜 and 忌 lists.
    var height: Int? = nil

    var body: some View {
        let almanac = entry.almanac
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(L("alipay.brand")).fontWeight(.bold)
                Text(L("alipay.almanac"))
                Spacer()
                Text(L("alipay.lunar", ["date": almanac.lunarDateText])).fontWeight(.semibold).lineLimit(1)
            }
            Text(L("alipay.ganzhi", ["year": almanac.yearGanZhi, "zodiac": almanac.zodiac, "month": almanac.monthGanZhi,
                                     "day": almanac.dayGanZhi, "officer": almanac.officer]))
                .lineLimit(1)
                .opacity(0.9)
            Spacer(minLength: 1)
            AlmanacListRow(label: L("alipay.yi"), chip: WidgetPalette.yiChip, text: entry.yiText(fitting: listColumns - L("alipay.yi").cellWidth + 2))
            AlmanacListRow(label: L("alipay.ji"), chip: WidgetPalette.jiChip, text: entry.jiText(fitting: listColumns - L("alipay.ji").cellWidth + 2))
        }
        .padding(EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2))
        .frame(height: height)
        .fixedSize(horizontal: false, vertical: height == nil)
        .background(RoundedRectangle(cornerRadius: 8).fill(WidgetPalette.alipayBar))
        .foregroundColor(WidgetPalette.textOnGradient)
    }
}

/// `宜 祭祀 筑堤 …`: the label on its chip, then the items.
struct AlmanacListRow: View {
    var label: String
    var chip: Color
    var text: String

    var body: some View {
        HStack(spacing: 1) {
            Text(label).fontWeight(.bold).padding(.horizontal, 1).background(chip)
            Text(text).lineLimit(1)
            Spacer()
        }
    }
}
