import Foundation

extension CellGrid {
    /// Lays out `view` for exactly `width` × `height` cells and draws it: the view is proposed that
    /// size, centred in it, and clipped to it (the widget root clips, A1.3).
    public static func render<V: View>(
        _ view: V, width: Int, height: Int, environment: EnvironmentValues = .standard
    ) -> CellGrid {
        renderTree(view, width: width, height: height, environment: environment).grid
    }

    /// Renders like `render(_:width:height:environment:)` and also reports when the drawing next
    /// changes by itself (live date text), so a caller knows when to render again.
    public static func renderTree<V: View>(
        _ view: V, width: Int, height: Int, environment: EnvironmentValues = .standard
    ) -> (grid: CellGrid, nextChange: Date?) {
        let context = ResolveContext(environment: environment)
        return ResolveContext.$current.withValue(context) {
            let inputs = _ViewInputs(environment: environment, context: context)
            let root = makeSingleNode(view, inputs)
            var canvas = Canvas(grid: CellGrid(width: width, height: height))
            let proposal = ProposedSize(width: max(0, width), height: max(0, height))
            let size = root.sizeThatFits(proposal)
            let offset = Alignment.center.offset(child: size, container: Size(width: width, height: height))
            root.draw(in: Rect(origin: offset, size: size), proposal: proposal, canvas: &canvas)
            canvas.grid.widgetURL = canvas.widgetURL
            return (canvas.grid, root.nextChange(after: environment.now))
        }
    }
}
