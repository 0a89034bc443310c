import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `background` / `overlay` (A7.5): sized by the primary child; the secondary view is proposed
/// exactly that size, aligned, and drawn behind or in front.
@usableFromInline
final class SecondaryNode: WrapperNode {
    let secondary: LayoutNode
    let alignment: Alignment
    let isBackground: Bool

    @usableFromInline init(child: LayoutNode, secondary: LayoutNode, alignment: Alignment, isBackground: Bool) {
        self.secondary = secondary
        self.alignment = alignment
        self.isBackground = isBackground
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        if !isBackground { child.draw(in: rect, proposal: proposal, canvas: &canvas) }
        let secondaryProposal = ProposedSize(rect.size)
        let size = secondary.sizeThatFits(secondaryProposal)
        let offset = alignment.offset(child: size, container: rect.size)
        secondary.draw(
            in: Rect(origin: Point(x: rect.minX + offset.x, y: rect.minY + offset.y), size: size),
            proposal: secondaryProposal, canvas: &canvas)
        if isBackground { child.draw(in: rect, proposal: proposal, canvas: &canvas) }
    }

    override func nextChange(after now: Date) -> Date? {
        earliest(child.nextChange(after: now), secondary.nextChange(after: now))
    }
}

/// `opacity` (A7.8): multiplies the alpha of everything drawn inside.
@usableFromInline
final class OpacityNode: WrapperNode {
    let opacity: Double

    @usableFromInline init(child: LayoutNode, opacity: Double) {
        self.opacity = min(max(opacity, 0), 1)
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let saved = canvas.alpha
        canvas.alpha *= opacity
        if canvas.alpha > 0 { child.draw(in: rect, proposal: proposal, canvas: &canvas) }
        canvas.alpha = saved
    }
}

/// `hidden()`: keeps layout, draws nothing, takes no taps.
@usableFromInline
final class HiddenNode: WrapperNode {
    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {}
    override func nextChange(after now: Date) -> Date? { nil }
}

/// `clipped()` and `cornerRadius` (A7.6): clip to the frame; with a radius of 8 pt or more the
/// corners are rounded: a box corner drawn there becomes ╭╮╰╯, a filled corner cell a quadrant
/// block (`▟▙▜▛`, or `▐`/`▌` at the ends of a one-row shape) in the fill's colour over what lay
/// beneath, and any other corner cell shows what lay beneath.
@usableFromInline
final class ClipNode: WrapperNode {
    let roundsCorners: Bool
    /// Whether colours show (`colorMode` is not `.none`): a quadrant block only reads as a
    /// rounded corner in its colour; without colour the corner shows what lay beneath.
    let paintsQuadrants: Bool

    @usableFromInline init(child: LayoutNode, roundsCorners: Bool, paintsQuadrants: Bool = true) {
        self.roundsCorners = roundsCorners
        self.paintsQuadrants = paintsQuadrants
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let corners = roundsCorners && rect.size.width >= 2 ? Self.corners(of: rect).filter { canvas.clip.contains(x: $0.point.x, y: $0.point.y) } : []
        let beneath = corners.map { canvas.grid[$0.point.x, $0.point.y] }
        canvas.clipped(to: rect) { canvas in
            child.draw(in: rect, proposal: proposal, canvas: &canvas)
        }
        for (corner, saved) in zip(corners, beneath) {
            let (x, y) = (corner.point.x, corner.point.y)
            let drawn = canvas.grid[x, y]
            if let round = ClipNode.rounded(drawn.character), !drawn.isContinuation {
                canvas.grid[x, y].character = round
            } else if paintsQuadrants, let fill = drawn.background, drawn.singleByteASCII == 0x20, !drawn.isContinuation,
                      fill != saved.background {
                let cell = Cell(character: corner.quadrant, foreground: fill, background: saved.background, linkIndex: drawn.linkIndex)
                canvas.restore(cell, x: x, y: y)
            } else {
                canvas.restore(saved, x: x, y: y)
            }
        }
    }

    /// The corner cells of `rect` (at least 2 wide) and the block that rounds each: the cell's
    /// three quarters away from the corner, or its inner half in a one-row shape.
    static func corners(of rect: Rect) -> [(point: Point, quadrant: Character)] {
        let (left, right, top, bottom) = (rect.minX, rect.maxX - 1, rect.minY, rect.maxY - 1)
        if top == bottom {
            return [(Point(x: left, y: top), "▐"), (Point(x: right, y: top), "▌")]
        }
        return [(Point(x: left, y: top), "▟"), (Point(x: right, y: top), "▙"),
                (Point(x: left, y: bottom), "▜"), (Point(x: right, y: bottom), "▛")]
    }
}

extension ClipNode {
    /// The rounded form of a square box corner (┌ becomes ╭, …), nil for any other glyph. A
    /// switch rather than a dictionary: a dictionary literal here was built, and its keys hashed,
    /// on every draw.
    static func rounded(_ corner: Character) -> Character? {
        switch corner {
        case "┌": return "╭"
        case "┐": return "╮"
        case "└": return "╰"
        case "┘": return "╯"
        default: return nil
        }
    }
}

/// `Link` (B8.2), `Button` and `Toggle`: the frame taps through to `target`; an inner one drawn
/// later wins.
final class TapTargetNode: WrapperNode {
    let target: TapTarget

    init(child: LayoutNode, target: TapTarget) {
        self.target = target
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let index = canvas.grid.index(for: target)
        let saved = canvas.linkIndex
        canvas.markLink(rect, index: index)
        canvas.linkIndex = index
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
        canvas.linkIndex = saved
    }
}

/// `widgetURL` (B8.1): the first one met in pre-order is the tree's.
@usableFromInline
final class WidgetURLNode: WrapperNode {
    let url: URL

    @usableFromInline init(child: LayoutNode, url: URL) {
        self.url = url
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        if canvas.widgetURL == nil { canvas.widgetURL = url }
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
    }
}

extension Canvas {
    /// Puts back a cell saved earlier as a whole cell: a saved half of a wide glyph becomes a space.
    mutating func restore(_ saved: Cell, x: Int, y: Int) {
        detachWide(x: x, y: y)
        var cell = saved
        if saved.isContinuation || saved.character.cellWidth == 2 {
            cell.character = " "
            cell.isContinuation = false
        }
        grid[x, y] = cell
    }
}
