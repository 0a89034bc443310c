import TileConfig
import TileTerminal

extension TilesConfig.Tile {
    /// The tile as the dashboard places it.
    var spec: TileSpec {
        TileSpec(id: id, family: family, widgets: entries.map { TileSpec.Widget(kind: $0.kind, parameters: $0.parameters) })
    }
}

extension TilesConfig.Tile {
    /// `spec` as the config writes it.
    init(_ spec: TileSpec) {
        self.init(id: spec.id, family: spec.family, entries: spec.widgets.map { Entry(kind: $0.kind, parameters: $0.parameters) })
    }

    /// The dashboard's tiles in config pages: a new page at each tile that starts one.
    static func pages(of specs: [TileSpec]) -> [[TilesConfig.Tile]] {
        var pages: [[TilesConfig.Tile]] = []
        for spec in specs {
            if pages.isEmpty || spec.startsPage { pages.append([]) }
            pages[pages.count - 1].append(TilesConfig.Tile(spec))
        }
        return pages
    }
}

extension TilesConfig {
    /// The board as the dashboard places it: the pages' tiles in order, the first tile of each
    /// page after the first starting a new screen page.
    var boardSpecs: [TileSpec] {
        pages.enumerated().flatMap { number, page in
            page.enumerated().map { index, tile in
                var spec = tile.spec
                spec.startsPage = number > 0 && index == 0
                return spec
            }
        }
    }
}
