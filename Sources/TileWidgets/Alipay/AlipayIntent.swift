import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The Alipay widget's configuration, as the seed's dynamic intent: which quick actions (a fixed
/// number per family), whether to show the weather, which side the buttons go, the city the
/// weather is for, and optional links replacing the buttons' defaults.
public struct AlipayIntent: WidgetIntent {
    /// Raw values of `AlipayButton`, in display order. Small shows the first 2, medium 4, large
    /// and extra large 8; missing slots are filled with the remaining buttons in `AlipayButton` order.
    public var buttons: [String]
    /// Whether the weather line is shown.
    public var showWeather: Bool
    /// The side of the widget the buttons sit on.
    public var buttonsSide: ButtonsSide
    /// The city the weather is for, as typed (`上海`); shown on the date line.
    public var city: String
    /// Links replacing the defaults: whitespace-separated `button=url` pairs, the button by raw
    /// value or title (`scan=https://example.com/scan 收付款=https://example.com/pay`), each link
    /// http or https. `urlsRule` refuses anything else wherever a value enters.
    public var urls: String

    /// The defaults: 扫一扫, 收付款, 健康码, 出行; weather shown; buttons on the right; 上海.
    public init() {
        buttons = AlipayButton.defaults.map(\.rawValue)
        showWeather = true
        buttonsSide = .right
        city = "上海"
        urls = ""
    }

    /// The form: buttons, weather switch, side, city, links.
    public static var parameters: [WidgetParameter<AlipayIntent>] { [
        .multiple(
            "buttons", title: L("param.alipay.buttons"), \.buttons,
            counts: [.systemSmall: 2, .systemMedium: 4, .systemLarge: 8, .systemExtraLarge: 8],
            options: { AlipayButton.allCases.map { ParameterOption(value: $0.rawValue, title: $0.title, aliases: $0.titles) } }),
        .bool("showWeather", title: L("param.alipay.showWeather"), \.showWeather),
        .choice("buttonsSide", title: L("param.alipay.buttonsSide"), \.buttonsSide),
        .string("city", title: L("param.alipay.city"), \.city, maxLength: 40),
        .string("urls", title: L("param.alipay.urls"), \.urls, maxLength: 2000, rule: urlsRule),
    ] }

    /// `urls`' rule: every whitespace-separated word a `button=url` pair of a known button and an
    /// http or https link.
    static var urlsRule: ParameterRule {
        ParameterRule(expected: L("rule.alipay.urls")) { text in
            text.split(whereSeparator: \.isWhitespace).allSatisfy { override(from: $0) != nil }
        }
    }

    /// The button and link of one `button=url` pair, when it is valid.
    static func override(from pair: Substring) -> (button: AlipayButton, url: URL)? {
        guard let equals = pair.firstIndex(of: "="),
              let button = AlipayButton(name: String(pair[..<equals])),
              let url = URL(string: String(pair[pair.index(after: equals)...])),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host?.isEmpty == false
        else { return nil }
        return (button, url)
    }

    /// The buttons `family` shows: the configured ones (unknown and repeated names skipped), then
    /// the remaining buttons in `AlipayButton` order, `count` in all.
    public func buttons(count: Int) -> [AlipayButton] {
        var chosen: [AlipayButton] = []
        for name in buttons {
            if let button = AlipayButton(name: name), !chosen.contains(button) { chosen.append(button) }
        }
        for button in AlipayButton.allCases where !chosen.contains(button) { chosen.append(button) }
        return Array(chosen.prefix(max(0, count)))
    }

    /// The buttons shown in `family` (2 small, 4 medium, 8 large and extra large, 1 accessory).
    public func buttons(for family: WidgetFamily) -> [AlipayButton] {
        buttons(count: Self.buttonCount(for: family))
    }

    /// How many buttons `family` shows.
    public static func buttonCount(for family: WidgetFamily) -> Int {
        switch family {
        case .systemSmall: 2
        case .systemMedium: 4
        case .systemLarge, .systemExtraLarge: 8
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: 1
        }
    }

    /// The link a tap on `button` opens: its override from `urls`, else its default.
    public func url(for button: AlipayButton) -> URL {
        urlOverrides[button] ?? button.url
    }

    /// The valid pairs of `urls`, by button.
    public var urlOverrides: [AlipayButton: URL] {
        var overrides: [AlipayButton: URL] = [:]
        for pair in urls.split(whereSeparator: \.isWhitespace) {
            // A stored configuration from before the rule may still hold a malformed pair: skipped.
            guard let (button, url) = Self.override(from: pair) else { continue }
            overrides[button] = url
        }
        return overrides
    }

    private enum CodingKeys: String, CodingKey {
        case buttons, showWeather, buttonsSide, city, urls
    }

    /// Decodes a stored configuration; keys it lacks (a configuration saved by an older version)
    /// keep their defaults.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        buttons = try container.decodeIfPresent([String].self, forKey: .buttons) ?? buttons
        showWeather = try container.decodeIfPresent(Bool.self, forKey: .showWeather) ?? showWeather
        buttonsSide = try container.decodeIfPresent(ButtonsSide.self, forKey: .buttonsSide) ?? buttonsSide
        city = try container.decodeIfPresent(String.self, forKey: .city) ?? city
        urls = try container.decodeIfPresent(String.self, forKey: .urls) ?? urls
    }
}
