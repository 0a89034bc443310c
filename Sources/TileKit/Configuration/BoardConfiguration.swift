import TileUI

/// The board to run or draw, as the configuration settles it: its tiles in order, its look and
/// every widget kind it knows. TileConfig builds it (the command line over the file, the file
/// over the defaults); the board takes it at start-up and again on each reload.
public struct BoardConfiguration: Sendable {
    /// What the command line chose; nil leaves each to the file.
    public struct CommandLine: Sendable {
        public var tiles: [TileSpec]?
        public var scheme: ColorScheme?
        public var themeName: String?
        public var sizeClass: SizeClassSetting?
        public var language: Language?
        /// `--screen-reader`: true turns the mode on; false leaves it to the file.
        public var screenReader: Bool

        public init(
            tiles: [TileSpec]? = nil, scheme: ColorScheme? = nil, themeName: String? = nil, sizeClass: SizeClassSetting? = nil,
            language: Language? = nil, screenReader: Bool = false
        ) {
            self.screenReader = screenReader
            self.tiles = tiles
            self.scheme = scheme
            self.themeName = themeName
            self.sizeClass = sizeClass
            self.language = language
        }
    }

    public var tiles: [TileSpec]
    public var scheme: ColorScheme?
    public var themeName: String?
    public var sizeClass: SizeClassSetting
    /// The language chosen by `--language` or `[ui] language`; nil follows the environment.
    public var language: Language?
    /// Whether the board is drawn for a screen reader (`--screen-reader`, `[ui] screen_reader`).
    public var screenReader: Bool
    /// The built-in widgets and those the file declares.
    public var widgets: [WidgetDescriptor]

    public init(
        tiles: [TileSpec], scheme: ColorScheme?, themeName: String?, sizeClass: SizeClassSetting = .auto, language: Language? = nil,
        screenReader: Bool = false, widgets: [WidgetDescriptor]
    ) {
        self.screenReader = screenReader
        self.tiles = tiles
        self.scheme = scheme
        self.themeName = themeName
        self.sizeClass = sizeClass
        self.language = language
        self.widgets = widgets
    }
}
