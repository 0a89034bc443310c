import FoundationEssentials
import TOML
import TileExtensions
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// What `config.toml` says, validated: the board, the look, the opener, service URLs, where the
/// GitHub token comes from and the reload budget. Unset values are nil and keep their defaults.
public struct TilesConfig {
    /// Where the GitHub token is read from.
    public enum TokenSource: Equatable {
        /// The named environment variable.
        case environment(String)
        /// A file (absolute, `~/…`, or relative to the config file) readable by its owner only.
        case file(String)
    }

    /// The file this came from, as the user named it (for messages).
    public var file: String
    /// The pages in order, each a list of tiles.
    public var pages: [[TileSpec]] = []
    public var themeName: String?
    public var scheme: ColorScheme?
    /// `[ui] language`: nil follows the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public var language: Language?
    /// `[ui] screen_reader`: the board drawn for a screen reader (docs/usage.md, "Accessibility").
    public var screenReader = false
    /// `size_class`: nil (unset) is auto.
    public var sizeClass: SizeClassSetting?
    /// The executable links are opened with (`TILES_OPENER`).
    public var opener: String?
    /// Service base URLs by the environment variable that overrides them (`TILES_HITOKOTO_URL`…).
    public var serviceURLs: [String: String] = [:]
    public var token: TokenSource?
    /// Where `github.token_file` is written, for errors found when the token is read.
    public var tokenFilePosition: TOMLPosition?
    public var reloadBudget: ReloadBudget?
    /// `[notifications] terminal`: nil is auto (terminals known to show them).
    public var terminalNotifications: Bool?
    /// `[notifications] command`: a program per alert.
    public var notificationCommand: [String]?
    /// Widgets served by programs (`[[widget]]`), in the order declared.
    public var declarations: [WidgetDeclaration] = []
    /// The declared widgets as the board runs them.
    public var extensionWidgets: [WidgetDescriptor] = []

    /// Every tile, the pages concatenated in order (the dashboard flows them into pages itself).
    public var tiles: [TileSpec] { pages.flatMap { $0 } }

    /// The board as the dashboard places it: the pages' tiles in order, the first tile of each
    /// page after the first starting a new screen page.
    public var boardSpecs: [TileSpec] {
        pages.enumerated().flatMap { number, page in
            page.enumerated().map { index, tile in
                var spec = tile
                spec.startsPage = number > 0 && index == 0
                return spec
            }
        }
    }

    /// The config's keys for service URLs and the variables they set.
    public static let serviceKeys: [(key: String, variable: String)] = [
        ("hitokoto", "TILES_HITOKOTO_URL"),
        ("open_meteo", "TILES_OPEN_METEO_URL"),
        ("geocoding", "TILES_GEOCODING_URL"),
        ("github_api", "TILES_GITHUB_API_URL"),
        ("hacker_news", "TILES_HACKER_NEWS_URL"),
    ]
}
