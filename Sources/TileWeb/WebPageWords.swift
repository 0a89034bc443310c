import TileKit

/// The page's own words (its notices, buttons and key list) in the board's language, sent with
/// the board's description so that the page speaks as the terminal board does. `{time}`,
/// `{count}` and `{number}` are filled in by the page.
public enum WebPageWords {
    public static var all: [String: String] {
        [
            "offlineSince": L("web.offline_since"),
            "copied": L("web.copied"),
            "stale": L("web.stale"),
            "staleSince": L("web.stale_since"),
            "pressOffline": L("web.press_offline"),
            "readOnly": L("web.read_only"),
            "editFocus": L("web.edit_focus"),
            "settingsOffline": L("web.settings_offline"),
            "savesToFile": L("web.saves_to_file"),
            "savesForRun": L("web.saves_for_run"),
            "upTo": L("web.up_to"),
            "saveOffline": L("web.save_offline"),
            "keys": L("web.keys"),
            "cancel": L("web.cancel"),
            "save": L("web.save"),
            "activities": L("web.activities"),
            "page": L("web.page"),
        ]
    }

    /// The page's `lang`: the language in use (`en`, `zh-Hans`).
    public static var language: String { Localization.language.rawValue }
}
