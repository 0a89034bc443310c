import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `padding` (A7.1): the child is proposed the proposal less the insets and placed at (leading, top).
@usableFromInline
final class PaddingNode: WrapperNode {
    /// A framed or padded Spacer is an ordinary view to its neighbours.
    override var spacingKind: SpacingKind { child.spacingKind == .spacer ? .other : child.spacingKind }

    let insets: EdgeInsets

    @usableFromInline init(child: LayoutNode, insets: EdgeInsets) {
        self.insets = insets
        super.init(child: child)
    }

    private func inset(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: p.width.map { $0 == .infinity ? .infinity : max(0, $0 - insets.horizontal) },
            height: p.height.map { $0 == .infinity ? .infinity : max(0, $0 - insets.vertical) })
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        let size = child.sizeThatFits(inset(p))
        return Size(
            width: max(0, size.width.addingSaturating(insets.horizontal)),
            height: max(0, size.height.addingSaturating(insets.vertical)))
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let childProposal = inset(proposal)
        let size = child.sizeThatFits(childProposal)
        let origin = Point(x: rect.minX + insets.leading, y: rect.minY + insets.top)
        child.draw(in: Rect(origin: origin, size: size), proposal: childProposal, canvas: &canvas)
    }

    override func firstBaseline(for size: Size) -> Int { insets.top.addingSaturating(child.firstBaseline(for: size)) }
}

/// `frame(width:height:alignment:)` (A7.2).
@usableFromInline
final class FixedFrameNode: WrapperNode {
    /// A framed or padded Spacer is an ordinary view to its neighbours.
    override var spacingKind: SpacingKind { child.spacingKind == .spacer ? .other : child.spacingKind }

    let width: Int?
    let height: Int?
    let alignment: Alignment

    @usableFromInline init(child: LayoutNode, width: Int?, height: Int?, alignment: Alignment) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
        self.alignment = alignment
        super.init(child: child)
    }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: width ?? p.width, height: height ?? p.height)
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let size = child.sizeThatFits(childProposal(p))
        return Size(width: width ?? size.width, height: height ?? size.height)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let p = childProposal(proposal)
        let size = child.sizeThatFits(p)
        let offset = alignment.offset(child: size, container: rect.size)
        child.draw(in: Rect(origin: Point(x: rect.minX + offset.x, y: rect.minY + offset.y), size: size), proposal: p, canvas: &canvas)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)` (A7.3).
@usableFromInline
final class FlexibleFrameNode: WrapperNode {
    /// A framed or padded Spacer is an ordinary view to its neighbours.
    override var spacingKind: SpacingKind { child.spacingKind == .spacer ? .other : child.spacingKind }

    @usableFromInline struct Limits {
        var min: Int?
        var ideal: Int?
        var max: Int?

        /// Values normalized to min ≤ ideal ≤ max.
        @usableFromInline init(min: Int?, ideal: Int?, max: Int?) {
            var preferred = ideal, upper = max
            if let l = min, let u = upper, u < l { upper = l }
            if let l = min, let i = preferred, i < l { preferred = l }
            if let u = upper, let i = preferred, i > u { preferred = u }
            self.min = min
            self.ideal = preferred
            self.max = upper
        }

        func clamp(_ value: Int) -> Int {
            var v = value
            if let max, v > max { v = max }
            if let min, v < min { v = min }
            return v
        }

        /// The proposal for the child on this axis (A7.3 step 3).
        func childProposal(_ p: Int?) -> Int? {
            guard let base = p ?? ideal else { return nil }
            return clamp(base)
        }

        /// This axis of the frame's size for proposal `p`, consulting the child only when needed.
        func size(_ p: Int?, child: () -> Int) -> Int {
            if let p, min != nil, max != nil { return clamp(p) }
            if p == nil, let ideal { return ideal }
            let q = childProposal(p)
            let c = child()
            switch (min, max) {
            case let (lower?, upper?): return Swift.min(Swift.max(c, lower), upper)
            case let (lower?, nil): return Swift.max(Swift.min(q ?? .max, c), lower)
            case let (nil, upper?): return Swift.min(Swift.max(q ?? .min, c), upper)
            case (nil, nil): return c
            }
        }
    }

    let horizontal: Limits
    let vertical: Limits
    let alignment: Alignment

    @usableFromInline init(child: LayoutNode, horizontal: Limits, vertical: Limits, alignment: Alignment) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.alignment = alignment
        super.init(child: child)
    }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal.childProposal(p.width), height: vertical.childProposal(p.height))
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        let q = childProposal(p)
        var childSize: Size?
        func measure() -> Size {
            if let childSize { return childSize }
            let size = child.sizeThatFits(q)
            childSize = size
            return size
        }
        return Size(
            width: horizontal.size(p.width) { measure().width },
            height: vertical.size(p.height) { measure().height })
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let q = childProposal(proposal)
        let size = child.sizeThatFits(q)
        let offset = alignment.offset(child: size, container: rect.size)
        child.draw(in: Rect(origin: Point(x: rect.minX + offset.x, y: rect.minY + offset.y), size: size), proposal: q, canvas: &canvas)
    }
}

/// `fixedSize(horizontal:vertical:)` (A7.4): proposes nil on the fixed axes.
@usableFromInline
final class FixedSizeNode: WrapperNode {
    let horizontal: Bool
    let vertical: Bool

    @usableFromInline init(child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child: child)
    }

    private func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    override func computeSize(_ p: ProposedSize) -> Size { child.sizeThatFits(childProposal(p)) }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        child.draw(in: rect, proposal: childProposal(proposal), canvas: &canvas)
    }
}

/// `offset(x:y:)`: draws the child shifted without changing layout.
@usableFromInline
final class OffsetNode: WrapperNode {
    let dx: Int
    let dy: Int

    @usableFromInline init(child: LayoutNode, dx: Int, dy: Int) {
        self.dx = dx
        self.dy = dy
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        var moved = rect
        moved.origin.x += dx
        moved.origin.y += dy
        child.draw(in: moved, proposal: proposal, canvas: &canvas)
    }
}
