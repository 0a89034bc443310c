import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// HStack and VStack layout (docs/rules.md A3), in cells, on the major `axis`.
@usableFromInline
final class StackNode: LayoutNode {
    let axis: Axis
    /// Alignment on the minor axis: a HorizontalAlignment for VStacks, a VerticalAlignment for HStacks.
    let horizontalAlignment: HorizontalAlignment
    let verticalAlignment: VerticalAlignment
    let children: [LayoutNode]
    /// Gaps between neighbours (A3.1), `children.count - 1` of them.
    private let gaps: [Int]
    private let internalSpacing: Int

    @usableFromInline init(axis: Axis, alignment: HorizontalAlignment = .center, verticalAlignment: VerticalAlignment = .center,
         spacing: Int?, children: [LayoutNode]) {
        self.axis = axis
        self.horizontalAlignment = alignment
        self.verticalAlignment = verticalAlignment
        self.children = children
        var gaps: [Int] = []
        gaps.reserveCapacity(max(0, children.count - 1))
        for index in children.indices.dropFirst() {
            gaps.append(spacing ?? StackNode.preferredSpacing(children[index - 1], children[index], axis: axis))
        }
        self.gaps = gaps
        self.internalSpacing = gaps.reduce(0) { $0.addingSaturating($1) }
        super.init()
    }

    @usableFromInline convenience init(axis: Axis, alignment: HorizontalAlignment, spacing: Int?, children: [LayoutNode]) {
        self.init(axis: axis, alignment: alignment, verticalAlignment: .center, spacing: spacing, children: children)
    }

    /// A3.1 in cells (C4): no gap next to a Spacer, 1 column between views in a row, 0 rows in a column.
    static func preferredSpacing(_ a: LayoutNode, _ b: LayoutNode, axis: Axis) -> Int {
        if a.spacingKind == .spacer || b.spacingKind == .spacer { return 0 }
        return axis == .horizontal ? 1 : 0
    }

    private func proposal(major: Int?, minor: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: major, height: minor) : ProposedSize(width: minor, height: major)
    }
    private func major(_ size: Size) -> Int { axis == .horizontal ? size.width : size.height }
    private func minor(_ size: Size) -> Int { axis == .horizontal ? size.height : size.width }
    private func majorProposal(_ p: ProposedSize) -> Int? { axis == .horizontal ? p.width : p.height }
    private func minorProposal(_ p: ProposedSize) -> Int? { axis == .horizontal ? p.height : p.width }

    /// The last allocations, so that drawing reuses what measuring computed. Unchecked for
    /// exclusivity, as `LayoutNode`'s size cache: only `allocate` touches it, never across
    /// `computeAllocation`.
    @exclusivity(unchecked) private var allocations = AllocationCache()

    /// The children's sizes for `proposal`, in declaration order (A3.2–A3.3), memoized.
    private func allocate(_ p: ProposedSize) -> [Size] {
        if let hit = allocations.lookup(p) { return hit }
        let sizes = computeAllocation(p)
        allocations.insert(p, sizes)
        return sizes
    }

    private func computeAllocation(_ p: ProposedSize) -> [Size] {
        let pm = minorProposal(p)
        guard let pM = majorProposal(p) else {
            return children.map { $0.sizeThatFits(proposal(major: nil, minor: pm)) }
        }
        let n = children.count
        // Scratch space on the stack rather than three heap arrays per allocation: stacks are
        // allocated for every proposal they get, and the arrays showed in the layout benchmark.
        // Priorities are read once into scratch too: `layoutPriority` is a class property, and
        // each read of it in the sort's comparisons was an exclusivity check.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * n) { scratch in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { priority in
                let minimum = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
                let flexibility = UnsafeMutableBufferPointer(rebasing: scratch[n..<2 * n])
                var order = UnsafeMutableBufferPointer(rebasing: scratch[2 * n..<3 * n])
                // Flexibility and minimum on the major axis, minor axis held at pm (A1.5).
                for (i, child) in children.enumerated() {
                    minimum[i] = major(child.sizeThatFits(proposal(major: 0, minor: pm)))
                    let maximum = major(child.sizeThatFits(proposal(major: .infinity, minor: pm)))
                    flexibility[i] = maximum.subtractingSaturating(minimum[i])
                    priority[i] = child.layoutPriority
                    order[i] = i
                }
                // Fitting order: priority descending, then flexibility ascending; among infinitely
                // flexible children the larger minimum first; ties keep declaration order (A3.3 step 1).
                order.sort { a, b in
                    let pa = priority[a], pb = priority[b]
                    if pa != pb { return pa > pb }
                    if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
                    if flexibility[a] == .max && minimum[a] != minimum[b] { return minimum[a] > minimum[b] }
                    return a < b
                }
                var sizes = [Size](repeating: .zero, count: n)
                var available = pM.subtractingSaturating(internalSpacing)
                // Reserve the minimums of every group below the first (A3.3 step 2).
                let firstPriority = order.first.map { priority[$0] } ?? 0
                for i in order where priority[i] < firstPriority {
                    available = available.subtractingSaturating(minimum[i])
                }
                var start = 0
                while start < n {
                    let groupPriority = priority[order[start]]
                    var end = start
                    while end < n && priority[order[end]] == groupPriority { end += 1 }
                    if start > 0 {
                        for i in order[start..<end] { available = available.addingSaturating(minimum[i]) }
                    }
                    for position in start..<end {
                        let i = order[position]
                        let remaining = end - position
                        let offer = available == .max ? Int.max : max(available / remaining, 0)
                        let size = children[i].sizeThatFits(proposal(major: offer, minor: pm))
                        sizes[i] = size
                        available = available.subtractingSaturating(major(size))
                    }
                    start = end
                }
                return sizes
            }
        }
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        guard !children.isEmpty else { return .zero }
        let sizes = allocate(p)
        var majorTotal = internalSpacing
        for size in sizes { majorTotal = majorTotal.addingSaturating(major(size)) }
        let minorTotal = minorExtent(sizes)
        return axis == .horizontal
            ? Size(width: majorTotal, height: minorTotal)
            : Size(width: minorTotal, height: majorTotal)
    }

    /// A3.4: the extent of the aligned children's union.
    private func minorExtent(_ sizes: [Size]) -> Int {
        if axis == .horizontal, verticalAlignment == .firstTextBaseline || verticalAlignment == .lastTextBaseline {
            let baselines = zip(children, sizes).map { baseline(of: $0, size: $1) }
            let above = baselines.max() ?? 0
            let below = zip(sizes, baselines).map { $0.height.subtractingSaturating($1) }.max() ?? 0
            return above.addingSaturating(below)
        }
        var extent = 0
        for size in sizes { extent = max(extent, minor(size)) }
        return extent
    }

    private func baseline(of child: LayoutNode, size: Size) -> Int {
        verticalAlignment == .firstTextBaseline ? child.firstBaseline(for: size) : child.lastBaseline(for: size)
    }

    override func draw(in rect: Rect, proposal p: ProposedSize, canvas: inout Canvas) {
        guard !children.isEmpty else { return }
        let sizes = allocate(p)
        let stackMinor = minor(rect.size)
        let placementMinor = minorProposal(p) ?? stackMinor
        var position = 0
        let maxBaseline = (axis == .horizontal && (verticalAlignment == .firstTextBaseline || verticalAlignment == .lastTextBaseline))
            ? zip(children, sizes).map { baseline(of: $0, size: $1) }.max() ?? 0 : 0
        for (i, child) in children.enumerated() {
            if i > 0 { position = position.addingSaturating(gaps[i - 1]) }
            let childProposal = proposal(major: major(sizes[i]), minor: placementMinor)
            let size = child.sizeThatFits(childProposal)
            let offset: Int
            if axis == .horizontal {
                switch verticalAlignment {
                case .firstTextBaseline, .lastTextBaseline:
                    offset = maxBaseline.subtractingSaturating(baseline(of: child, size: size))
                default:
                    offset = verticalAlignment.offset(child: size.height, container: stackMinor)
                }
            } else {
                offset = horizontalAlignment.offset(child: size.width, container: stackMinor)
            }
            let origin = axis == .horizontal
                ? Point(x: rect.minX.addingSaturating(position), y: rect.minY.addingSaturating(offset))
                : Point(x: rect.minX.addingSaturating(offset), y: rect.minY.addingSaturating(position))
            child.draw(in: Rect(origin: origin, size: size), proposal: childProposal, canvas: &canvas)
            position = position.addingSaturating(major(sizes[i]))
        }
    }

    override func firstBaseline(for size: Size) -> Int {
        guard let first = children.first else { return size.height }
        if axis == .vertical { return first.firstBaseline(for: first.sizeThatFits(ProposedSize(width: size.width, height: nil))) }
        return children.map { $0.firstBaseline(for: $0.sizeThatFits(.unspecified)) }.min() ?? size.height
    }

    override func nextChange(after now: Date) -> Date? {
        children.reduce(nil) { earliest($0, $1.nextChange(after: now)) }
    }
}

/// ZStack layout (docs/rules.md A4): one proposal for all, sized by the highest-priority children.
@usableFromInline
final class ZStackNode: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]

    @usableFromInline init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.children = children
        super.init()
    }

    private var topPriority: Double {
        guard var top = children.first?.layoutPriority else { return 0 }
        for child in children { top = max(top, child.layoutPriority) }
        return top
    }

    /// Whether some child has its own zIndex, so drawing must sort (most ZStacks have none).
    private lazy var hasZIndex: Bool = children.contains { $0.zIndex != children[0].zIndex }

    override func computeSize(_ p: ProposedSize) -> Size {
        let top = topPriority
        var size = Size.zero
        for child in children where child.layoutPriority == top {
            let s = child.sizeThatFits(p)
            size.width = max(size.width, s.width)
            size.height = max(size.height, s.height)
        }
        return size
    }

    override func draw(in rect: Rect, proposal p: ProposedSize, canvas: inout Canvas) {
        let top = topPriority
        // Stable sort by zIndex: later children draw on top (A4.3).
        let ordered = !hasZIndex ? children : children.enumerated().sorted { a, b in
            a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
        }.map(\.element)
        for child in ordered {
            let childProposal = child.layoutPriority == top ? p : ProposedSize(rect.size)
            let size = child.sizeThatFits(childProposal)
            let offset = alignment.offset(child: size, container: rect.size)
            let origin = Point(x: rect.minX + offset.x, y: rect.minY + offset.y)
            child.draw(in: Rect(origin: origin, size: size), proposal: childProposal, canvas: &canvas)
        }
    }

    override func nextChange(after now: Date) -> Date? {
        children.reduce(nil) { earliest($0, $1.nextChange(after: now)) }
    }
}

/// Spacer (A5): flexible empty space along its stack's axis; greedy on both axes elsewhere.
final class SpacerNode: LayoutNode {
    let minLength: Int?
    let axis: Axis?

    init(minLength: Int?, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
        super.init()
        layoutPriority = -.infinity
    }

    override var spacingKind: SpacingKind { .spacer }

    override func computeSize(_ p: ProposedSize) -> Size {
        switch axis {
        case .horizontal:
            let minimum = minLength ?? 1
            return Size(width: max(p.width ?? minimum, minimum), height: 0)
        case .vertical:
            let minimum = minLength ?? 0
            return Size(width: 0, height: max(p.height ?? minimum, minimum))
        case nil:
            let minimum = minLength ?? 0
            return Size(width: max(p.width ?? minimum, minimum), height: max(p.height ?? minimum, minimum))
        }
    }
}

/// The last three proposal → allocation pairs of a stack, stored inline and replaced oldest first.
private struct AllocationCache {
    private var p0: ProposedSize?, p1: ProposedSize?, p2: ProposedSize?
    private var s0: [Size] = [], s1: [Size] = [], s2: [Size] = []
    private var next = 0

    func lookup(_ proposal: ProposedSize) -> [Size]? {
        if p0 == proposal { return s0 }
        if p1 == proposal { return s1 }
        if p2 == proposal { return s2 }
        return nil
    }

    mutating func insert(_ proposal: ProposedSize, _ sizes: [Size]) {
        switch next {
        case 0: (p0, s0) = (proposal, sizes)
        case 1: (p1, s1) = (proposal, sizes)
        default: (p2, s2) = (proposal, sizes)
        }
        next = (next + 1) % 3
    }
}
