import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What fills a shape: a colour or a gradient. Usable from inlinable code, as the shape views
/// that carry it (see ModifiedView).
@usableFromInline
enum Paint {
    case color(Color)
    case gradient(LinearGradient)
}

/// The outline of a shape in cells. Usable from inlinable code, as the shape views that carry it.
@usableFromInline
enum ShapeOutline: Equatable {
    case rectangle
    /// Corner radius in points; from 8 pt the corners round (A7.6).
    case rounded(Double)
    case capsule

    @usableFromInline var isRounded: Bool {
        switch self {
        case .rectangle: return false
        case .rounded(let radius): return radius >= 8
        case .capsule: return true
        }
    }
}

/// Colours, gradients and shapes (A2): greedy, 1×1 ideal (C4); filled or stroked with box drawing.
final class ShapeNode: LayoutNode {
    enum Style {
        case fill(Paint)
        case stroke(Color)
    }
    let outline: ShapeOutline
    let style: Style
    let environment: EnvironmentValues

    init(outline: ShapeOutline, style: Style, environment: EnvironmentValues) {
        self.outline = outline
        self.style = style
        self.environment = environment
        super.init()
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        Size(width: p.width ?? 1, height: p.height ?? 1)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        switch style {
        case .fill(let paint):
            fill(rect, paint: paint, canvas: &canvas)
        case .stroke(let color):
            guard let resolved = color.resolve(in: environment) else { return }
            drawBox(rect, rounded: outline.isRounded, color: resolved, canvas: &canvas)
        }
    }

    private func fill(_ rect: Rect, paint: Paint, canvas: inout Canvas) {
        let area = rect.intersection(canvas.clip)
        guard !area.isEmpty else { return }
        let rounded = outline.isRounded && rect.size.width >= 2
        let stops: [ResolvedColor]
        let gradient: LinearGradient?
        switch paint {
        case .color(let color):
            guard let resolved = color.resolve(in: environment) else { return }
            stops = [resolved]
            gradient = nil
        case .gradient(let g):
            stops = g.colors.compactMap { $0.resolve(in: environment) }
            guard !stops.isEmpty else { return }
            gradient = g
        }
        // With opaque paint every cell is covered whole, so rows are painted in one pass each.
        let opaque = canvas.alpha >= 1 && stops.allSatisfy { $0.alpha >= 1 }
        // The paint is unwrapped once, outside the cell loops, so that no cell copies the gradient.
        guard let gradient else {
            let color = stops[0]
            for y in area.minY..<area.maxY {
                if opaque {
                    canvas.paintOpaqueRow(y: y, columns: paintedColumns(y: y, area: area, rounded: rounded, of: rect)) { _ in color.rgb }
                    continue
                }
                for x in area.minX..<area.maxX where !(rounded && isCorner(x: x, y: y, of: rect)) {
                    canvas.fill(x: x, y: y, color: color)
                }
            }
            if rounded { roundCorners(of: rect, canvas: &canvas) { _, _ in color } }
            return
        }
        // Opaque stops blend without their alphas, all channels at once (see GradientRamp).
        let ramp = opaque ? GradientRamp(stops.map(\.rgb)) : nil
        // Below truecolor each cell takes a palette colour of the stops' hues (GradientPalette).
        let palette = GradientPalette.cached(stops: stops.map(\.rgb), mode: environment.colorMode)
        for y in area.minY..<area.maxY {
            let row = gradient.rowStep(y: y, in: rect)
            if let ramp {
                canvas.paintOpaqueRow(y: y, columns: paintedColumns(y: y, area: area, rounded: rounded, of: rect)) { x in
                    let color = ramp.color(t: row.t0 + row.dt * Double(x - rect.minX))
                    return palette?.color(for: color) ?? color
                }
                continue
            }
            for x in area.minX..<area.maxX where !(rounded && isCorner(x: x, y: y, of: rect)) {
                canvas.fill(x: x, y: y, color: gradient.color(t: row.t0 + row.dt * Double(x - rect.minX), stops: stops))
            }
        }
        if rounded {
            roundCorners(of: rect, canvas: &canvas) { x, y in
                let row = gradient.rowStep(y: y, in: rect)
                return gradient.color(t: row.t0 + row.dt * Double(x - rect.minX), stops: stops)
            }
        }
    }

    /// Paints the corner cells a rounded fill left unpainted as quadrant blocks (`▟▙▜▛`, or
    /// `▐`/`▌` at the ends of a one-row shape): the fill's colour there (`color(x, y)`, blended
    /// over what lies beneath as any cell of the fill) in the block, what lies beneath around it,
    /// so that small shapes look rounded instead of cut (A7.6). Not without colour, nor where the
    /// fill would not show: there the corners stay unpainted.
    private func roundCorners(of rect: Rect, canvas: inout Canvas, color: (Int, Int) -> ResolvedColor) {
        guard environment.colorMode != .none else { return }
        for corner in ClipNode.corners(of: rect) where canvas.clip.contains(x: corner.point.x, y: corner.point.y) {
            let (x, y) = (corner.point.x, corner.point.y)
            let beneath = canvas.grid[x, y]
            canvas.fill(x: x, y: y, color: color(x, y))
            let painted = canvas.grid[x, y].background
            guard let painted, painted != beneath.background else {
                canvas.restore(beneath, x: x, y: y)
                continue
            }
            let block = Cell(character: corner.quadrant, foreground: painted, background: beneath.background, linkIndex: beneath.linkIndex)
            canvas.restore(block, x: x, y: y)
        }
    }

    /// The columns of `area` (a part of `rect`) a fill covers in row `y`: all of them, less the
    /// corner cells of a rounded shape (A7.6).
    private func paintedColumns(y: Int, area: Rect, rounded: Bool, of rect: Rect) -> Range<Int> {
        var lower = area.minX, upper = area.maxX
        if rounded && (y == rect.minY || y == rect.maxY - 1) {
            if lower == rect.minX { lower += 1 }
            if upper == rect.maxX { upper -= 1 }
        }
        return lower..<max(lower, upper)
    }
}

/// Whether (x, y) is one of the four corner cells of `rect`.
func isCorner(x: Int, y: Int, of rect: Rect) -> Bool {
    (x == rect.minX || x == rect.maxX - 1) && (y == rect.minY || y == rect.maxY - 1)
}

/// Draws a one-cell box outline on the edges of `rect`: ┌─┐ or ╭─╮ with │ sides. Only the part
/// inside the clip is visited, so huge (overflowing) rectangles cost nothing extra.
func drawBox(_ rect: Rect, rounded: Bool, color: ResolvedColor, canvas: inout Canvas) {
    guard !rect.isEmpty, !rect.intersection(canvas.clip).isEmpty else { return }
    let clip = canvas.clip
    func columns(_ from: Int, _ to: Int) -> Range<Int> { max(from, clip.minX)..<max(max(from, clip.minX), min(to, clip.maxX)) }
    func rows(_ from: Int, _ to: Int) -> Range<Int> { max(from, clip.minY)..<max(max(from, clip.minY), min(to, clip.maxY)) }
    let top = rect.minY, bottom = rect.maxY.subtractingSaturating(1)
    let left = rect.minX, right = rect.maxX.subtractingSaturating(1)
    if rect.size.height == 1 {
        for x in columns(left, rect.maxX) { canvas.put("─", width: 1, x: x, y: top, color: color, attributes: []) }
        return
    }
    if rect.size.width == 1 {
        for y in rows(top, rect.maxY) { canvas.put("│", width: 1, x: left, y: y, color: color, attributes: []) }
        return
    }
    for x in columns(left + 1, right) {
        canvas.put("─", width: 1, x: x, y: top, color: color, attributes: [])
        canvas.put("─", width: 1, x: x, y: bottom, color: color, attributes: [])
    }
    for y in rows(top + 1, bottom) {
        canvas.put("│", width: 1, x: left, y: y, color: color, attributes: [])
        canvas.put("│", width: 1, x: right, y: y, color: color, attributes: [])
    }
    let corners: (Character, Character, Character, Character) = rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
    canvas.put(corners.0, width: 1, x: left, y: top, color: color, attributes: [])
    canvas.put(corners.1, width: 1, x: right, y: top, color: color, attributes: [])
    canvas.put(corners.2, width: 1, x: left, y: bottom, color: color, attributes: [])
    canvas.put(corners.3, width: 1, x: right, y: bottom, color: color, attributes: [])
}

/// Divider: a line across its stack (─ in a column or alone, │ in a row).
final class DividerNode: LayoutNode {
    let isVertical: Bool
    let color: ResolvedColor?

    init(isVertical: Bool, environment: EnvironmentValues) {
        self.isVertical = isVertical
        self.color = (environment.theme.color(named: "widget.border", scheme: environment.colorScheme).map { Color($0) } ?? Color.gray)
            .resolve(in: environment)
        super.init()
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        isVertical ? Size(width: 1, height: p.height ?? 1) : Size(width: p.width ?? 1, height: 1)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let glyph: Character = isVertical ? "│" : "─"
        let area = rect.intersection(canvas.clip)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                canvas.put(glyph, width: 1, x: x, y: y, color: color, attributes: [])
            }
        }
    }
}
