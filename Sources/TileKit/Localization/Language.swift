/// The languages tiles speaks: every string it writes comes from the language's catalogue
/// (`Languages/*.toml`, compiled in).
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The language the environment asks for, as the C library reads it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the first one set; `zh…` is Chinese, anything else English.
    public static func preferred(by environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("zh") ? .simplifiedChinese : .english
        }
        return .english
    }

    /// The language `name` names (`en`, `zh-Hans`, and `zh`, `zh_CN`, `zh-CN` for Chinese);
    /// nil for any other.
    public init?(naming name: String) {
        let lower = name.lowercased()
        if let exact = Language.allCases.first(where: { $0.rawValue.lowercased() == lower }) {
            self = exact
        } else if ["zh", "zh_cn", "zh-cn", "zh_hans", "zh-hans-cn"].contains(lower) {
            self = .simplifiedChinese
        } else if lower.hasPrefix("en") {
            self = .english
        } else {
            return nil
        }
    }
}
