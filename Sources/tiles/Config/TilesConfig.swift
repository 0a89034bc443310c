import Foundation
import TOML
import TileExtensions
import TileKit
import TileTerminal

/// What `config.toml` says, validated: the board, the look, the opener, service URLs, where the
/// GitHub token comes from and the reload budget. Unset values are nil and keep their defaults.
struct TilesConfig {
    /// One place on the board: one widget, or a Smart Stack of several sharing a family.
    struct Tile: Equatable {
        /// One widget in a tile, with its parameters as written.
        struct Entry: Equatable {
            var kind: String
            var parameters: [String: ParameterValue]
        }

        var id: String
        var family: WidgetFamily
        /// One entry, or the widgets of a Smart Stack in order.
        var entries: [Entry]

        var isStack: Bool { entries.count > 1 }

        /// The tile as the dashboard places it.
        var spec: TileSpec {
            TileSpec(id: id, family: family, widgets: entries.map { TileSpec.Widget(kind: $0.kind, parameters: $0.parameters) })
        }
    }

    /// Where the GitHub token is read from.
    enum TokenSource: Equatable {
        /// The named environment variable.
        case environment(String)
        /// A file (absolute, `~/…`, or relative to the config file) readable by its owner only.
        case file(String)
    }

    /// The file this came from, as the user named it (for messages).
    var file: String
    /// The pages in order, each a list of tiles.
    var pages: [[Tile]] = []
    var themeName: String?
    var scheme: ColorScheme?
    /// `size_class`: nil (unset) is auto.
    var sizeClass: SizeClassSetting?
    /// The executable links are opened with (`TILES_OPENER`).
    var opener: String?
    /// Service base URLs by the environment variable that overrides them (`TILES_HITOKOTO_URL`…).
    var serviceURLs: [String: String] = [:]
    var token: TokenSource?
    /// Where `github.token_file` is written, for errors found when the token is read.
    var tokenFilePosition: TOMLPosition?
    var reloadBudget: ReloadBudget?
    /// Widgets served by programs (`[[widget]]`), in the order declared.
    var declarations: [WidgetDeclaration] = []
    /// The declared widgets as the board runs them.
    var extensionWidgets: [WidgetDescriptor] = []

    /// Every tile, the pages concatenated in order (the dashboard flows them into pages itself).
    var tiles: [Tile] { pages.flatMap { $0 } }

    /// The config's keys for service URLs and the variables they set.
    static let serviceKeys: [(key: String, variable: String)] = [
        ("hitokoto", "TILES_HITOKOTO_URL"),
        ("open_meteo", "TILES_OPEN_METEO_URL"),
        ("geocoding", "TILES_GEOCODING_URL"),
        ("github_api", "TILES_GITHUB_API_URL"),
    ]
}
