import TileUI

/// Where every tile of the board goes: tiles flow into rows in board order, rows into pages (a
/// tile that starts a page of the config begins a new one), with
/// a gutter of 2 columns between tiles and 1 row between rows; each row is centred, each page is
/// centred vertically in the area between the activity banner (when one shows) and the status line.
///
/// Pure: a function of the tiles' sizes and the screen size, so paging and hit-testing are tested
/// without a terminal.
public struct BoardLayout: Equatable, Sendable {
    /// Columns between two tiles of a row.
    public static let columnGutter = 2
    /// Rows between two rows of tiles.
    public static let rowGutter = 1
    /// Rows below the board kept for the status line.
    public static let statusRows = 1

    /// One tile's place on its page, in screen cells.
    public struct Placement: Equatable, Sendable {
        /// The tile's id.
        public var id: String
        /// The tile's position in board order (0-based).
        public var index: Int
        /// The tile's cells on screen. It may reach past the board area when the tile is larger
        /// than the screen; drawing clips it to `BoardLayout.area`.
        public var rect: Rect

        /// Tile `id`, number `index` in board order, at `rect`.
        public init(id: String, index: Int, rect: Rect) {
            self.id = id
            self.index = index
            self.rect = rect
        }
    }

    /// The tiles of each page, in board order; at least one page (empty when there are no tiles).
    public let pages: [[Placement]]
    /// The cells tiles may be drawn in: the screen minus the banner rows and the status line.
    public let area: Rect
    /// Rows above the board kept for the live activities' banner.
    public let bannerRows: Int
    /// When no tile fits the screen: the terminal size that would fit the smallest tile (with its
    /// status line). Nil when at least one tile fits.
    public let neededSize: Size?

    /// Lays out `tiles` (id and size in cells, in board order) on a `screen`-sized terminal; the
    /// tiles at the indices `pageStarts` begin new pages; `bannerRows` rows at the top are kept
    /// for the live activities' banner.
    public init(tiles: [(id: String, size: Size)], pageStarts: Set<Int> = [], screen: Size, bannerRows: Int = 0) {
        let area = Rect(
            x: 0, y: bannerRows, width: max(0, screen.width), height: max(0, screen.height - Self.statusRows - bannerRows))
        self.area = area
        self.bannerRows = bannerRows
        let fits = tiles.contains { $0.size.width <= area.size.width && $0.size.height <= area.size.height }
        if tiles.isEmpty || fits {
            neededSize = nil
        } else {
            let smallest = tiles.map(\.size).min { ($0.width * $0.height, $0.width) < ($1.width * $1.height, $1.width) }!
            neededSize = Size(width: smallest.width, height: smallest.height + Self.statusRows + bannerRows)
        }
        pages = Self.paginate(Self.rows(of: tiles, pageStarts: pageStarts, width: area.size.width), area: area)
    }

    /// Whether the screen is too small for any tile (`neededSize` says how big it must be).
    public var isTooSmall: Bool { neededSize != nil }

    /// The page showing tile `id`, if any.
    public func page(of id: String) -> Int? {
        pages.firstIndex { $0.contains { $0.id == id } }
    }

    /// The placement of tile `id`, on whichever page it is.
    public func placement(of id: String) -> Placement? {
        pages.lazy.flatMap { $0 }.first { $0.id == id }
    }

    /// The tile of page `page` under the screen cell (`x`, `y`), if any.
    public func placement(atX x: Int, y: Int, page: Int) -> Placement? {
        guard pages.indices.contains(page), y >= area.minY, y < area.maxY, x < area.maxX else { return nil }
        return pages[page].first { $0.rect.contains(x: x, y: y) }
    }

    /// One row of tiles before it is placed on a page: items in order and its size.
    private struct Row {
        var items: [(id: String, index: Int, size: Size)] = []
        /// Whether the row's first tile begins a page.
        var startsPage = false
        var width: Int { items.map(\.size.width).reduce(0, +) + BoardLayout.columnGutter * max(0, items.count - 1) }
        var height: Int { items.map(\.size.height).max() ?? 0 }
    }

    /// Tiles in rows no wider than `width`; a tile wider than `width` gets a row of its own.
    private static func rows(of tiles: [(id: String, size: Size)], pageStarts: Set<Int>, width: Int) -> [Row] {
        var rows: [Row] = []
        var current = Row()
        for (index, tile) in tiles.enumerated() {
            let startsPage = pageStarts.contains(index)
            if !current.items.isEmpty, startsPage || current.width + columnGutter + tile.size.width > width {
                rows.append(current)
                current = Row()
            }
            if current.items.isEmpty { current.startsPage = startsPage }
            current.items.append((tile.id, index, tile.size))
        }
        if !current.items.isEmpty { rows.append(current) }
        return rows
    }

    /// Rows in pages no taller than the area; a row taller than the area gets a page of its own.
    private static func paginate(_ rows: [Row], area: Rect) -> [[Placement]] {
        var groups: [[Row]] = []
        var current: [Row] = []
        func height(_ rows: [Row]) -> Int {
            rows.map(\.height).reduce(0, +) + rowGutter * max(0, rows.count - 1)
        }
        for row in rows {
            if !current.isEmpty, row.startsPage || height(current) + rowGutter + row.height > area.size.height {
                groups.append(current)
                current = []
            }
            current.append(row)
        }
        if !current.isEmpty { groups.append(current) }
        guard !groups.isEmpty else { return [[]] }
        return groups.map { rows in
            var y = area.minY + max(0, (area.size.height - height(rows)) / 2)
            var placements: [Placement] = []
            for row in rows {
                var x = area.minX + max(0, (area.size.width - row.width) / 2)
                for item in row.items {
                    placements.append(Placement(id: item.id, index: item.index, rect: Rect(origin: Point(x: x, y: y), size: item.size)))
                    x += item.size.width + columnGutter
                }
                y += row.height + rowGutter
            }
            return placements
        }
    }
}

