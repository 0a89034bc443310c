import Foundation

/// What fills a shape: a colour or a gradient.
enum Paint {
    case color(Color)
    case gradient(LinearGradient)
}

/// The outline of a shape in cells.
enum ShapeOutline: Equatable {
    case rectangle
    /// Corner radius in points; from 8 pt the corners round (A7.6).
    case rounded(Double)
    case capsule

    var isRounded: Bool {
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
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                if rounded && isCorner(x: x, y: y, of: rect) { continue }
                let color = gradient.map { $0.color(at: x, y, in: rect, stops: stops) } ?? stops[0]
                canvas.fill(x: x, y: y, color: color)
            }
        }
    }
}

/// Whether (x, y) is one of the four corner cells of `rect`.
func isCorner(x: Int, y: Int, of rect: Rect) -> Bool {
    (x == rect.minX || x == rect.maxX - 1) && (y == rect.minY || y == rect.maxY - 1)
}

/// Draws a one-cell box outline on the edges of `rect`: ┌─┐ or ╭─╮ with │ sides.
func drawBox(_ rect: Rect, rounded: Bool, color: ResolvedColor, canvas: inout Canvas) {
    let w = rect.size.width, h = rect.size.height
    guard w > 0, h > 0 else { return }
    let (tl, tr, bl, br): (Character, Character, Character, Character) = rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
    if h == 1 {
        for x in rect.minX..<rect.maxX { canvas.put("─", width: 1, x: x, y: rect.minY, color: color, attributes: []) }
        return
    }
    if w == 1 {
        for y in rect.minY..<rect.maxY { canvas.put("│", width: 1, x: rect.minX, y: y, color: color, attributes: []) }
        return
    }
    for x in (rect.minX + 1)..<(rect.maxX - 1) {
        canvas.put("─", width: 1, x: x, y: rect.minY, color: color, attributes: [])
        canvas.put("─", width: 1, x: x, y: rect.maxY - 1, color: color, attributes: [])
    }
    for y in (rect.minY + 1)..<(rect.maxY - 1) {
        canvas.put("│", width: 1, x: rect.minX, y: y, color: color, attributes: [])
        canvas.put("│", width: 1, x: rect.maxX - 1, y: y, color: color, attributes: [])
    }
    canvas.put(tl, width: 1, x: rect.minX, y: rect.minY, color: color, attributes: [])
    canvas.put(tr, width: 1, x: rect.maxX - 1, y: rect.minY, color: color, attributes: [])
    canvas.put(bl, width: 1, x: rect.minX, y: rect.maxY - 1, color: color, attributes: [])
    canvas.put(br, width: 1, x: rect.maxX - 1, y: rect.maxY - 1, color: color, attributes: [])
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
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX {
                canvas.put(glyph, width: 1, x: x, y: y, color: color, attributes: [])
            }
        }
    }
}
