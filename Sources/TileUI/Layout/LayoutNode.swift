import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A resolved view: the layout tree tiles measures and draws. A view's `body` is evaluated once
/// into nodes; a node answers `sizeThatFits` (possibly many times, hence the cache) and draws
/// itself into a rectangle it chose for a proposal (docs/rules.md A1).
///
/// The node classes that containers and modifiers create are `@usableFromInline` (with their
/// initializers) because those views resolve in inlinable code; see `View._makeNodes`.
@usableFromInline
class LayoutNode {
    /// `layoutPriority` (A7.9); Spacers use `-infinity`.
    @usableFromInline var layoutPriority: Double = 0
    /// Draw order inside a ZStack (A4.3).
    @usableFromInline var zIndex: Double = 0

    /// The last few proposal → size answers, stored inline: a heap array per node showed in the
    /// layout benchmark.
    ///
    /// Unchecked for exclusivity: only `sizeThatFits` touches it, reading before and writing after
    /// `computeSize`, so no two accesses ever overlap, and the dynamic check of a class property
    /// on every measurement showed in the benchmark.
    @exclusivity(unchecked) private var cache = SizeCache()

    /// The size this node chooses for `proposal`; memoized because stacks ask several times.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let size = cache.lookup(proposal) { return size }
        var size = computeSize(proposal)
        size.width = max(0, size.width)
        size.height = max(0, size.height)
        cache.insert(proposal, size)
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

}

/// How a node takes part in stack spacing (A3.1, C4).
enum SpacingKind {
    case spacer, text, other
}

/// A node that wraps one child and by default passes everything through.
@usableFromInline
class WrapperNode: LayoutNode {
    let child: LayoutNode

    @usableFromInline init(child: LayoutNode) {
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

/// Four proposal → size pairs, replaced round-robin.
struct SizeCache {
    private var p0: ProposedSize?, p1: ProposedSize?, p2: ProposedSize?, p3: ProposedSize?
    private var s0 = Size.zero, s1 = Size.zero, s2 = Size.zero, s3 = Size.zero
    private var next = 0

    func lookup(_ proposal: ProposedSize) -> Size? {
        if p0 == proposal { return s0 }
        if p1 == proposal { return s1 }
        if p2 == proposal { return s2 }
        if p3 == proposal { return s3 }
        return nil
    }

    mutating func insert(_ proposal: ProposedSize, _ size: Size) {
        switch next {
        case 0: (p0, s0) = (proposal, size)
        case 1: (p1, s1) = (proposal, size)
        case 2: (p2, s2) = (proposal, size)
        default: (p3, s3) = (proposal, size)
        }
        next = (next + 1) & 3
    }
}
