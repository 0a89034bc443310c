import Foundation

/// A resolved view: the layout tree tiles measures and draws. A view's `body` is evaluated once
/// into nodes; a node answers `sizeThatFits` (possibly many times, hence the cache) and draws
/// itself into a rectangle it chose for a proposal (LAYOUT.md A1).
class LayoutNode {
    /// `layoutPriority` (A7.9); Spacers use `-infinity`.
    var layoutPriority: Double = 0
    /// Draw order inside a ZStack (A4.3).
    var zIndex: Double = 0

    private var cachedProposals: [ProposedSize] = []
    private var cachedSizes: [Size] = []
    private var nextSlot = 0
    private static let cacheSlots = 6

    /// The size this node chooses for `proposal`; memoized because stacks ask several times.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        for index in cachedProposals.indices where cachedProposals[index] == proposal {
            return cachedSizes[index]
        }
        var size = computeSize(proposal)
        size.width = max(0, size.width)
        size.height = max(0, size.height)
        if cachedProposals.count < LayoutNode.cacheSlots {
            cachedProposals.append(proposal)
            cachedSizes.append(size)
        } else {
            cachedProposals[nextSlot] = proposal
            cachedSizes[nextSlot] = size
            nextSlot = (nextSlot + 1) % LayoutNode.cacheSlots
        }
        return size
    }

    /// Subclasses compute their size here (A1.4: never negative; the cache clamps).
    func computeSize(_ proposal: ProposedSize) -> Size { .zero }

    /// Draws into `rect`, the frame the parent placed this node in after proposing `proposal`.
    func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {}

    /// Spacing class for stacks (A3.1).
    var spacingKind: SpacingKind { .other }

    /// Row of the first text baseline from the top, for baseline alignment (bottom by default).
    func firstBaseline(for size: Size) -> Int { size.height }
    func lastBaseline(for size: Size) -> Int { size.height }

    /// The earliest date after `now` at which this subtree draws differently (live date text).
    func nextChange(after now: Date) -> Date? { nil }

    /// Size along `axis`.
    final func length(_ size: Size, _ axis: Axis) -> Int {
        axis == .horizontal ? size.width : size.height
    }
}

/// How a node takes part in stack spacing (A3.1, C4).
enum SpacingKind {
    case spacer, text, other
}

/// A node that wraps one child and by default passes everything through.
class WrapperNode: LayoutNode {
    let child: LayoutNode

    init(child: LayoutNode) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
        zIndex = child.zIndex
    }

    override func computeSize(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
    }
    /// Layout-neutral wrappers (tags, links, opacity) keep their child's spacing class.
    override var spacingKind: SpacingKind { child.spacingKind }
    override func firstBaseline(for size: Size) -> Int { child.firstBaseline(for: size) }
    override func lastBaseline(for size: Size) -> Int { child.lastBaseline(for: size) }
    override func nextChange(after now: Date) -> Date? { child.nextChange(after: now) }
}

/// The node of `EmptyView` and of content that produced nothing where one node was needed.
final class EmptyNode: LayoutNode {}

/// The earliest of two optional dates.
func earliest(_ a: Date?, _ b: Date?) -> Date? {
    switch (a, b) {
    case let (a?, b?): return min(a, b)
    case let (a?, nil): return a
    case let (nil, b): return b
    }
}
