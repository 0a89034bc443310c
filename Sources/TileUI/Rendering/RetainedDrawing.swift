import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A rendered view kept with its layout tree, so that a tick of its live date text redraws only
/// the rows that text covers instead of building and laying out the whole tree again
/// (docs/design.md, "Data flow"). A countdown's tile ticks once a second; this is most of what
/// the board does while idle (docs/performance.md).
///
/// Not thread-safe: the board keeps one per tile on its own thread.
public final class RetainedDrawing {
    /// The drawing as of the last render or `advance(to:)`.
    public private(set) var grid: CellGrid
    /// When the drawing next changes by itself (live date text); nil for never.
    public private(set) var nextChange: Date?
    /// The cells the last `advance(to:)` drew again (empty when it changed nothing); nil after a
    /// full render, which drew them all.
    public private(set) var changedArea: Rect?
    /// What a screen reader says for the drawing, as drawn (`Speech.sentence` makes it a line);
    /// nil unless the environment's `speaksContent` asked for it. A drawing that speaks is not
    /// kept for ticks: each tick renders it again, so that its words follow.
    public let spoken: [String]?
    private let root: LayoutNode?
    private let frame: Rect
    private let proposal: ProposedSize
    private let liveTexts: [LiveTextNode]
    /// The live texts whose changes the tree's `nextChange(after:)` counts (not a hidden one).
    private let tickingTexts: [LiveTextNode]

    /// Renders `view` as `CellGrid.renderTree` does and keeps its tree when it has live text.
    public init<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = .standard) {
        let context = ResolveContext(environment: environment)
        let (root, frame, proposal, canvas) = ResolveContext.$current.withValue(context) {
            let inputs = _ViewInputs(environment: environment, context: context)
            let root = makeSingleNode(view, inputs)
            var canvas = Canvas(grid: CellGrid(width: width, height: height))
            if environment.speaksContent { canvas.spoken = [] }
            let proposal = ProposedSize(width: max(0, width), height: max(0, height))
            let size = root.sizeThatFits(proposal)
            let offset = Alignment.center.offset(child: size, container: Size(width: width, height: height))
            let frame = Rect(origin: offset, size: size)
            root.draw(in: frame, proposal: proposal, canvas: &canvas)
            return (root, frame, proposal, canvas)
        }
        grid = canvas.grid
        grid.widgetURL = canvas.widgetURL
        spoken = canvas.spoken
        nextChange = root.nextChange(after: environment.now)
        // Only a drawing that ticks needs its live texts (and the tree that draws them); a tree
        // that makes nodes while drawing is made anew by every drawing and cannot be kept.
        let liveTexts = nextChange == nil || context.buildsWhileDrawing || spoken != nil ? [] : context.liveTexts
        self.liveTexts = liveTexts
        // The tree is kept as it is: the texts its walk reached are the ones whose changes count.
        tickingTexts = liveTexts.filter(\.isAskedForChanges)
        self.root = liveTexts.isEmpty ? nil : root
        self.frame = frame
        self.proposal = proposal
    }

    /// A drawing made elsewhere (a grid from another renderer), which `advance(to:)` cannot redraw.
    public init(grid: CellGrid, nextChange: Date?) {
        self.grid = grid
        self.nextChange = nextChange
        spoken = nil
        root = nil
        frame = Rect(x: 0, y: 0, width: 0, height: 0)
        proposal = .unspecified
        liveTexts = []
        tickingTexts = []
    }

    /// Brings the drawing to `now` in place: the live texts whose string changed show their new
    /// one, and the cells they cover are cleared and drawn again by the whole tree, clipped to
    /// them, which gives exactly the cells a full render would (a test compares them).
    /// Only when every changed text keeps its shape (`LiveTextNode.keepsShape`: a clock's digits),
    /// so that no layout changes. Returns false, and changes nothing, otherwise: render again.
    public func advance(to now: Date) -> Bool {
        guard let root else { return false }
        var changes: [(node: LiveTextNode, string: String)] = []
        for node in liveTexts {
            let string = node.string(at: now)
            guard string != node.shown else { continue }
            guard LiveTextNode.keepsShape(node.shown, string) else { return false }
            changes.append((node, string))
        }
        var area: Rect?
        for (node, string) in changes {
            node.show(string)
            for drawn in node.drawnAreas {
                area = area.map { $0.union(drawn) } ?? drawn
            }
        }
        let clip = area.map { redrawnArea($0.intersection(Rect(x: 0, y: 0, width: grid.width, height: grid.height))) }
        if let clip, !clip.isEmpty {
            // The area starts blank, as a new grid does, so translucent paint blends as it did.
            var canvas = Canvas(grid: grid)
            grid = CellGrid(width: 0, height: 0)
            for y in clip.minY..<clip.maxY {
                canvas.grid.withRow(y) { row in
                    for x in clip.minX..<clip.maxX { row[x] = Cell() }
                }
            }
            canvas.clip = clip
            root.draw(in: frame, proposal: proposal, canvas: &canvas)
            grid = canvas.grid
            changedArea = clip
        } else {
            changedArea = Rect(x: 0, y: 0, width: 0, height: 0)
        }
        // What the tree's walk would find, without walking it.
        nextChange = tickingTexts.reduce(nil) { earliest($0, $1.nextChange(after: now)) }
        return true
    }

    /// The cells to draw again for the texts' `area`: the area itself, or its rows across the
    /// grid when a wide grapheme crosses its left or right edge. Drawn clipped, such a grapheme
    /// would be cut in half; everywhere but the texts' digits the new drawing equals the old one,
    /// so the old grid tells whether one does.
    private func redrawnArea(_ area: Rect) -> Rect {
        guard !area.isEmpty else { return area }
        for y in area.minY..<area.maxY {
            if grid[area.minX, y].isContinuation || (area.maxX < grid.width && grid[area.maxX, y].isContinuation) {
                return Rect(x: 0, y: area.minY, width: grid.width, height: area.size.height)
            }
        }
        return area
    }
}
