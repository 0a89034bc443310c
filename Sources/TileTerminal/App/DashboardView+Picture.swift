import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

extension DashboardView {
    /// The screen for `state` at `now` as `screen(_:now:)` draws it, with the links of the tiles
    /// on it: each cell of a tile links where a tap on it would go (its `Link`, else the tile's
    /// `widgetURL`). For `tiles render --board`: ANSI output turns these into OSC 8 hyperlinks.
    /// The terminal's own screen leaves links out, since taps are hit-tested on the tiles' grids.
    public static func picture(_ state: DashboardState, now: Date) -> CellGrid {
        var grid = screen(state, now: now)
        let area = state.layout.area
        for placement in state.visiblePlacements {
            guard let tile = state.tile(placement.id)?.grid else { continue }
            let rect = placement.rect.intersection(area)
            guard !rect.isEmpty else { continue }
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    guard let target = tile.target(x: x - placement.rect.minX, y: y - placement.rect.minY) else { continue }
                    grid[x, y].linkIndex = grid.index(for: target)
                }
            }
        }
        return grid
    }
}
