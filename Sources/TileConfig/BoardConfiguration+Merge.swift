import TileKit

extension BoardConfiguration {
    /// `config` (nil: no file) under `commandLine`; a file without tiles, or no file, means
    /// `defaultBoard`. `tiles run`, `tiles render --board` and the running board's reload all
    /// merge this one way.
    public init(config: TilesConfig?, commandLine: CommandLine, builtins: [WidgetDescriptor], defaultBoard: [TileSpec]) {
        let configured = config?.boardSpecs ?? []
        self.init(
            tiles: commandLine.tiles ?? (configured.isEmpty ? defaultBoard : configured),
            scheme: commandLine.scheme ?? config?.scheme,
            themeName: commandLine.themeName ?? config?.themeName,
            sizeClass: commandLine.sizeClass ?? config?.sizeClass ?? .auto,
            language: commandLine.language ?? config?.language,
            screenReader: commandLine.screenReader || config?.screenReader == true,
            widgets: builtins + (config?.extensionWidgets ?? []))
    }
}
