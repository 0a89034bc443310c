import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// One link offered in hint mode: its label, where the label is drawn, and where it leads.
public struct LinkHint: Equatable, Sendable {
    /// The letters that tap the link (`a`, `s`, … or two letters when there are many links).
    public var label: String
    /// The screen cell of the link's first cell, where the label is drawn.
    public var position: Point
    /// The tile the link belongs to.
    public var tileID: String
    /// The link's destination.
    public var url: URL

    /// A hint labelled `label` at `position` for a link of tile `tileID` to `url`.
    public init(label: String, position: Point, tileID: String, url: URL) {
        self.label = label
        self.position = position
        self.tileID = tileID
        self.url = url
    }
}

/// Hint mode's pure parts: which links a page offers and the labels they get.
public enum LinkHints {
    /// Label letters, home row first, as in Vimium.
    public static let alphabet: [Character] = Array("asdfghjklqwertyuiopzxcvbnm")

    /// `count` labels, all of one length so that none is a prefix of another: single letters
    /// while they suffice, else two letters.
    public static func labels(count: Int) -> [String] {
        guard count > 0 else { return [] }
        if count <= alphabet.count { return alphabet.prefix(count).map { String($0) } }
        var labels: [String] = []
        outer: for first in alphabet {
            for second in alphabet {
                labels.append(String([first, second]))
                if labels.count == count { break outer }
            }
        }
        return labels
    }

    /// Each distinct link of `grid` with the cell where it first appears (row by row), in that order.
    public static func linkCells(of grid: CellGrid) -> [(url: URL, x: Int, y: Int)] {
        guard !grid.links.isEmpty else { return [] }
        var seen = Set<UInt16>()
        var found: [(url: URL, x: Int, y: Int)] = []
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let index = grid[x, y].linkIndex
                guard index > 0, Int(index) <= grid.links.count, seen.insert(index).inserted else { continue }
                found.append((grid.links[Int(index) - 1], x, y))
            }
        }
        return found
    }

    /// The hints of `tiles` (placements and their grids, in page order): each tile's `widgetURL`
    /// (labelled at the tile's top-left cell, unless a `Link` already leads there), then every
    /// link whose first cell is inside `visibleArea`, labelled in order.
    public static func hints(for tiles: [(placement: BoardLayout.Placement, grid: CellGrid)], visibleArea: Rect) -> [LinkHint] {
        var targets: [(position: Point, tileID: String, url: URL)] = []
        for (placement, grid) in tiles {
            let corner = Point(x: placement.rect.minX, y: placement.rect.minY)
            if let url = grid.widgetURL, !grid.links.contains(url), visibleArea.contains(x: corner.x, y: corner.y) {
                targets.append((corner, placement.id, url))
            }
            for link in linkCells(of: grid) {
                let position = Point(x: placement.rect.minX + link.x, y: placement.rect.minY + link.y)
                guard visibleArea.contains(x: position.x, y: position.y) else { continue }
                targets.append((position, placement.id, link.url))
            }
        }
        return zip(labels(count: targets.count), targets).map { label, target in
            LinkHint(label: label, position: target.position, tileID: target.tileID, url: target.url)
        }
    }
}
