import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// One link or control offered in hint mode: its label, where the label is drawn, and what a
/// tap on it does.
public struct LinkHint: Equatable, Sendable {
    /// The letters that tap the target (`a`, `s`, … or two letters when there are many).
    public var label: String
    /// The screen cell of the target's first cell, where the label is drawn.
    public var position: Point
    /// The tile the target belongs to.
    public var tileID: String
    /// Where the tap goes: a link's destination or a control's action.
    public var target: TapTarget

    /// A hint labelled `label` at `position` for a target of tile `tileID`.
    public init(label: String, position: Point, tileID: String, target: TapTarget) {
        self.label = label
        self.position = position
        self.tileID = tileID
        self.target = target
    }

    /// A hint for a link of tile `tileID` to `url`.
    public init(label: String, position: Point, tileID: String, url: URL) {
        self.init(label: label, position: position, tileID: tileID, target: .link(url))
    }

    /// The link's destination; nil for a control.
    public var url: URL? { target.url }
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

    /// Each distinct link or control of `grid` with the cell where it first appears (row by row),
    /// in that order.
    public static func linkCells(of grid: CellGrid) -> [(target: TapTarget, x: Int, y: Int)] {
        guard !grid.targets.isEmpty else { return [] }
        var seen = Set<UInt16>()
        var found: [(target: TapTarget, x: Int, y: Int)] = []
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let index = grid[x, y].linkIndex
                guard index > 0, Int(index) <= grid.targets.count, seen.insert(index).inserted else { continue }
                found.append((grid.targets[Int(index) - 1], x, y))
            }
        }
        return found
    }

    /// The hints of `tiles` (placements and their grids, in page order): each tile's `widgetURL`
    /// (labelled at the tile's top-left cell, unless a `Link` already leads there), then every
    /// link whose first cell is inside `visibleArea`, labelled in order.
    public static func hints(for tiles: [(placement: BoardLayout.Placement, grid: CellGrid)], visibleArea: Rect) -> [LinkHint] {
        var targets: [(position: Point, tileID: String, target: TapTarget)] = []
        for (placement, grid) in tiles {
            let corner = Point(x: placement.rect.minX, y: placement.rect.minY)
            if let url = grid.widgetURL, !grid.targets.contains(.link(url)), visibleArea.contains(x: corner.x, y: corner.y) {
                targets.append((corner, placement.id, .link(url)))
            }
            for link in linkCells(of: grid) {
                // A toggle's label goes inside its box (`[a]`), so that the box still reads as one.
                let inBox = if case .action(let press) = link.target, press.isOn != nil, link.x + 1 < grid.width { 1 } else { 0 }
                let position = Point(x: placement.rect.minX + link.x + inBox, y: placement.rect.minY + link.y)
                guard visibleArea.contains(x: position.x, y: position.y) else { continue }
                targets.append((position, placement.id, link.target))
            }
        }
        return zip(labels(count: targets.count), targets).map { label, target in
            LinkHint(label: label, position: target.position, tileID: target.tileID, target: target.target)
        }
    }
}
