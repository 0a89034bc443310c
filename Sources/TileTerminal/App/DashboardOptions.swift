import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Everything the dashboard needs from the command line: the widgets it knows, the board, the
/// initial look, where files live, and the clock.
public struct DashboardOptions: Sendable {
    /// Every widget kind that can be placed.
    public var widgets: [WidgetDescriptor]
    /// The board, in order.
    public var tiles: [TileSpec]
    /// `--family`: every tile starts in this family (where supported), overriding saved state.
    public var initialFamily: WidgetFamily?
    /// `--scheme`: overrides the saved scheme.
    public var scheme: ColorScheme?
    /// `--theme`: overrides the saved theme (a built-in name or a file under the user's themes).
    public var themeName: String?
    /// The size class: from the terminal's size (and chosen again on resize), or pinned.
    public var sizeClass: SizeClassSetting = .auto
    /// Draws the board for a screen reader (`SpokenBoardView`).
    public var screenReader = false
    /// Config (themes), cache (entries), state (state.json) and data directories.
    public var directories: TilesDirectories
    /// The process environment (TERM, COLORTERM, NO_COLOR, TILES_OPENER, BROWSER, PATH, TMUX…).
    public var environment: [String: String]
    /// Where "now" comes from (a fixed clock in tests).
    public var clock: any WallClock
    /// The config file to watch; with `reloadConfig`, edits apply while the board runs.
    public var configFile: URL?
    /// Reads and validates the config file again; throws a message naming file, line and column.
    public var reloadConfig: (@Sendable () throws -> BoardConfiguration)?
    /// Saves an edit form's values as the parameters of widget `member` (0 for a single widget)
    /// of tile `tileID`; returns the status line's report (`saved to config.toml`). Throws a
    /// message when the file cannot be written; nil when the board has no file to save to, and
    /// an edit applies to this run only.
    public var saveParameters: ParameterSaver.Save?
    /// Saves the board arranged in edit mode as the config file's pages, keeping the rest of the
    /// file as written; returns the status line's report. Throws why nothing was written; nil
    /// when the board has no file (a `--tiles` board), and an arrangement lasts for this run.
    /// `base` is the file's bytes when edit mode began (empty when there was none): the file is
    /// written only if it is still that.
    public var saveBoard: (@Sendable (_ tiles: [TileSpec], _ base: Data?) throws -> String)?
    /// How alerts are told (`[notifications]`): the bell always, notifications through the
    /// terminal where it shows them, and the user's command.
    public var notifications = NotificationSettings()
    /// The reload budget per tile (`[budget]` in the config); nil keeps 60 a day, 5 minutes apart.
    public var reloadBudget: ReloadBudget?
    /// The zone dates are shown in (the widgets' services should use the same).
    public var timeZone: Zone
    /// Receives log lines (the dashboard owns the terminal, so logs go to a file).
    public var log: @Sendable (String) -> Void

    /// Options for `tiles` with `widgets` on the board `tiles`; the rest as the command line gave them.
    public init(
        widgets: [WidgetDescriptor], tiles: [TileSpec], initialFamily: WidgetFamily? = nil, scheme: ColorScheme? = nil,
        themeName: String? = nil, directories: TilesDirectories, environment: [String: String],
        clock: any WallClock = SystemClock(), timeZone: Zone = SystemTimeZone.process,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.widgets = widgets
        self.tiles = tiles
        self.initialFamily = initialFamily
        self.scheme = scheme
        self.themeName = themeName
        self.directories = directories
        self.environment = environment
        self.clock = clock
        self.timeZone = timeZone
        self.log = log
    }
}
