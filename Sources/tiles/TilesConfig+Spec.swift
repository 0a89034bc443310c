import TileConfig
import TileTerminal

extension TilesConfig.Tile {
    /// The tile as the dashboard places it.
    var spec: TileSpec {
        TileSpec(id: id, family: family, widgets: entries.map { TileSpec.Widget(kind: $0.kind, parameters: $0.parameters) })
    }
}
