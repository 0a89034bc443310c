import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
        let drawing = RetainedDrawing(view, width: width, height: height, environment: environment)
        return (drawing.grid, drawing.nextChange)
    }
}
