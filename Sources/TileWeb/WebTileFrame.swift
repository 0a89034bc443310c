import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// One tile as a browser shows it: its drawing as SVG with real text, the places a finger can
/// press (links and controls, as cell runs), and whether it is stale. Encoded as the JSON of one
/// `tile` event (docs/design.md, "In a browser").
public struct WebTileFrame: Codable, Equatable, Sendable {
    /// A link or control of the drawing: where it is, what it does, what it says.
    public struct Target: Codable, Equatable, Sendable {
        /// The grid's index of the target (from 1), which a press names.
        public var index: Int
        /// The link a press opens: http, https and mailto only; nil for a control.
        public var link: String?
        /// Text to put on the clipboard (`tiles:copy?text=…`).
        public var copy: String?
        /// Whether a press runs an action in the widget (a button, a toggle, a link that marks
        /// its item read).
        public var runs: Bool
        /// The target's text as drawn, for its accessible name.
        public var label: String
        /// The runs of cells it covers: `[column, row, width]`, one row each.
        public var runsOfCells: [[Int]]
    }

    /// Why a tile shows older content, and since when.
    public struct Stale: Codable, Equatable, Sendable {
        public var reason: String?
        /// When the failures began, as an internet date (`2026-11-29T12:03:00Z`).
        public var since: String?
    }

    public var id: String
    /// The page the tile is on, from 0.
    public var page: Int
    public var family: String
    public var columns: Int
    public var rows: Int
    public var svg: String
    public var targets: [Target]
    public var stale: Stale?
    /// Whether the tile shows its placeholder (no content yet).
    public var placeholder: Bool
    /// The tile's text, line by line without the blank ones: what a screen reader reads (the
    /// SVG's text is placed cell by cell, in pieces), and what a search of the page finds.
    public var text: String
    /// The tile's content as a sentence, when its widget says it for speech.
    public var spoken: String?

    /// The frame of tile `id` drawn as `grid` in `colors`.
    public init(
        id: String, page: Int, family: WidgetFamily, grid: CellGrid, renderer: SVGRenderer, status: InstanceStatus?,
        isPlaceholder: Bool, spoken: [String]?
    ) {
        self.id = id
        self.page = page
        self.family = family.shortName
        columns = grid.width
        rows = grid.height
        svg = renderer.render(grid)
        targets = Self.targets(of: grid)
        if let status, status.isStale {
            stale = Stale(reason: status.reason, since: status.since.map { InternetDate.string(from: $0) })
        }
        placeholder = isPlaceholder
        text = grid.text.split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: "\n")
        self.spoken = spoken.map(Speech.sentence)
    }

    /// The grid's targets that a browser can act on, with the cells each covers.
    static func targets(of grid: CellGrid) -> [Target] {
        var runs: [Int: [[Int]]] = [:]
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                let index = Int(grid[x, y].linkIndex)
                guard index > 0 else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < grid.width, Int(grid[end, y].linkIndex) == index { end += 1 }
                runs[index, default: []].append([x, y, end - x])
                x = end
            }
        }
        return grid.targets.enumerated().compactMap { position, target in
            let index = position + 1
            guard let cells = runs[index] else { return nil }
            var shown = Target(index: index, runs: target.action != nil, label: grid.text(of: target), runsOfCells: cells)
            switch target {
            case .action: break
            case .link(let url), .linkOpening(let url, then: _):
                if case .linkOpening = target { shown.runs = true }
                if TapTarget.openableSchemes.contains(url.scheme?.lowercased() ?? "") {
                    shown.link = url.absoluteString
                } else if let text = TapTarget.copiedText(of: url) {
                    shown.copy = text
                } else {
                    return nil
                }
            }
            return shown
        }
    }
}
