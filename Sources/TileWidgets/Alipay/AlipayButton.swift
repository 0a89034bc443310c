import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// One of the Alipay widget's eight quick actions (seed 004's `ButtonType`), each with a title,
/// an icon and a default link.
///
/// Icons are emoji with default emoji presentation, so every terminal draws them two columns wide.
/// Default links are `https://render.alipay.com/p/s/i/?scheme=…` pages, Alipay's web bridge that
/// opens the app on a phone: a terminal cannot open `alipays://` itself (docs/data-sources.md 2c).
public enum AlipayButton: String, ParameterEnum, Codable, CaseIterable {
    case scan
    case pay
    case healthCode
    case travelCard
    case transit
    case cards
    case yuebao
    case membership

    /// The label under the icon in the language in use; in Chinese the seed's 扫一扫, 收付款, 健康码,
    /// 行程卡, 出行, 卡包, 余额宝, 会员积分.
    public var title: String { L(titleKey) }

    private var titleKey: String { "alipay.\(rawValue)" }

    /// The icon, one emoji two columns wide, standing in for the seed's images.
    public var icon: String {
        switch self {
        case .scan: "📷"
        case .pay: "💳"
        case .healthCode: "💚"
        case .travelCard: "🧭"
        case .transit: "🚌"
        case .cards: "🎫"
        case .yuebao: "💰"
        case .membership: "👑"
        }
    }

    /// The page a tap opens unless the configuration overrides it.
    public var url: URL {
        switch self {
        case .scan: Self.bridge("saId=10000007")
        case .pay: Self.bridge("appId=20000056")
        // 健康码 depends on the region (docs/data-sources.md 2c); Alipay's home page is the honest default.
        case .healthCode: URL(string: "https://www.alipay.com/")!
        case .travelCard: Self.bridge("appId=2021002170600786")
        case .transit: Self.bridge("appId=200011235")
        case .cards: Self.bridge("appId=20000021")
        case .yuebao: Self.bridge("appId=20000032")
        case .membership: Self.bridge("appId=20000160")
        }
    }

    /// The title, as `ParameterEnum` shows a choice.
    public var displayName: String { title }

    /// The buttons a new widget starts with, as the seed's `defaultSelectButtons`.
    public static let defaults: [AlipayButton] = [.scan, .pay, .healthCode, .transit]

    /// The titles in every language (`Scan`, `扫一扫`).
    public var titles: [String] {
        Language.allCases.map { Localization.catalog($0).text(titleKey) }
    }

    /// The button whose raw value or title in any language is `name` (`scan`, `Scan` or `扫一扫`).
    public init?(name: String) {
        guard let button = AlipayButton(rawValue: name) ?? AlipayButton.allCases.first(where: { $0.titles.contains(name) }) else {
            return nil
        }
        self = button
    }

    /// Alipay's web bridge to the app page `alipays://platformapi/startapp?<query>`.
    private static func bridge(_ query: String) -> URL {
        // The scheme URL is a query value: its `:`, `/`, `?` and `=` are percent-encoded scalar
        // by scalar, cheaper at start than Foundation's replacingOccurrences or an unspecialized
        // `joined(separator:)` (docs/performance.md).
        var scheme = "alipays%3A%2F%2Fplatformapi%2Fstartapp%3F"
        for scalar in query.unicodeScalars {
            if scalar == "=" { scheme += "%3D" } else { scheme.unicodeScalars.append(scalar) }
        }
        return URL(string: "https://render.alipay.com/p/s/i/?scheme=" + scheme)!
    }
}

/// Which side of the Alipay widget the buttons sit on (the seed's 功能位置 enum).
public enum ButtonsSide: String, ParameterEnum, Codable, CaseIterable {
    case left
    case right

    /// 左 or 右, Left or Right.
    public var displayName: String { L("alipay.side_\(rawValue)") }
}
