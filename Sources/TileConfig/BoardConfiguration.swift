import TileKit

/// The board to run or draw: the command line's choices over the config file's, the file's over
/// the defaults. `tiles run`, `tiles render --board` and the running board's reload all merge
/// this one way.
public struct BoardConfiguration {
    /// What the command line chose; nil leaves each to the file.
    public struct CommandLine: Sendable {
        public var tiles: [TileSpec]?
        public var scheme: ColorScheme?
        public var themeName: String?
        public var sizeClass: SizeClassSetting?

        public init(tiles: [TileSpec]? = nil, scheme: ColorScheme? = nil, themeName: String? = nil, sizeClass: SizeClassSetting? = nil) {
            self.tiles = tiles
            self.scheme = scheme
            self.themeName = themeName
            self.sizeClass = sizeClass
        }
    }

    public var tiles: [TileSpec]
    public var scheme: ColorScheme?
    public var themeName: String?
    public var sizeClass: SizeClassSetting
    /// The built-in widgets and those the file declares.
    public var widgets: [WidgetDescriptor]

    /// `config` (nil: no file) under `commandLine`; a file without tiles, or no file, means
    /// `defaultBoard`.
    public init(config: TilesConfig?, commandLine: CommandLine, builtins: [WidgetDescriptor], defaultBoard: [TileSpec]) {
        let configured = config?.boardSpecs ?? []
        tiles = commandLine.tiles ?? (configured.isEmpty ? defaultBoard : configured)
        scheme = commandLine.scheme ?? config?.scheme
        themeName = commandLine.themeName ?? config?.themeName
        sizeClass = commandLine.sizeClass ?? config?.sizeClass ?? .auto
        widgets = builtins + (config?.extensionWidgets ?? [])
    }
}
