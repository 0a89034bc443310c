/// A column of a `LazyVGrid`, as SwiftUI's `GridItem`. Sizes and spacing are in cells.
public struct GridItem: Hashable, Sendable {
    /// How a column is sized (A8.2–A8.3).
    public enum Size: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of the remaining width, clamped to `minimum...maximum`.
        case flexible(minimum: Int = 1, maximum: Int = .infinity)
        /// As many sub-columns of at least `minimum` as fit.
        case adaptive(minimum: Int, maximum: Int = .infinity)
    }

    public var size: Size
    /// Gap after this column; nil is 1 column.
    public var spacing: Int?
    /// Alignment of items in this column's cells; nil uses the grid's.
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: Int? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Items in rows of fixed columns, filled row-major (A8). Widgets do not scroll: rows that do not
/// fit are clipped by the widget.
public struct LazyVGrid<Content: View>: PrimitiveView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: Int?
    let measuresTwice: Bool
    let content: Content

    /// `spacing` is the gap between rows (nil: 0 rows). With `measuresTwice`, columns that overflow
    /// the width are resolved again against their total width, as SwiftUI does (A8.4).
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Int? = nil,
                measuresTwice: Bool = false, @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.measuresTwice = measuresTwice
        self.content = content()
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let items = makeNodes(view.content, inputs.with { $0.stackAxis = nil })
        return _ViewOutputs(GridNode(
            columns: view.columns, alignment: view.alignment, rowSpacing: view.spacing ?? 0,
            measuresTwice: view.measuresTwice, items: items))
    }
}

/// LazyVGrid layout (A8).
final class GridNode: LayoutNode {
    /// One resolved column: its width, the gap after it, and its cell alignment.
    struct Column: Equatable {
        var width: Int
        var spacing: Int
        var alignment: Alignment?
    }

    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let rowSpacing: Int
    let measuresTwice: Bool
    let items: [LayoutNode]

    init(columns: [GridItem], alignment: HorizontalAlignment, rowSpacing: Int, measuresTwice: Bool, items: [LayoutNode]) {
        self.columns = columns
        self.alignment = alignment
        self.rowSpacing = rowSpacing
        self.measuresTwice = measuresTwice
        self.items = items
        super.init()
    }

    /// A8.2–A8.4: resolve the columns for width `width` (nil: each at its minimum).
    func resolveColumns(width: Int?) -> [Column] {
        var resolved = resolveOnce(width: width)
        if measuresTwice, let width {
            let total = GridNode.totalWidth(resolved)
            if total > width { resolved = resolveOnce(width: total) }
        }
        return resolved
    }

    static func totalWidth(_ columns: [Column]) -> Int {
        columns.enumerated().reduce(0) { sum, entry in
            sum.addingSaturating(entry.element.width).addingSaturating(entry.offset < columns.count - 1 ? entry.element.spacing : 0)
        }
    }

    private func resolveOnce(width: Int?) -> [Column] {
        guard !columns.isEmpty else { return [] }
        let gaps = columns.dropLast().reduce(0) { $0 + ($1.spacing ?? 1) }
        var remaining = (width ?? 0) - gaps
        for column in columns { if case .fixed(let w) = column.size { remaining -= w } }
        var widths = [Int](repeating: 0, count: columns.count)
        var flexibleLeft = columns.filter { if case .fixed = $0.size { return false } else { return true } }.count
        for (i, column) in columns.enumerated() {
            switch column.size {
            case .fixed(let w):
                widths[i] = w
            case .flexible(let minimum, let maximum), .adaptive(let minimum, let maximum):
                let share = width == nil ? minimum : max(remaining, 0) / max(flexibleLeft, 1)
                if case .flexible = column.size {
                    widths[i] = min(max(share, minimum), maximum)
                } else {
                    widths[i] = max(share, minimum)
                }
                remaining -= widths[i]
                flexibleLeft -= 1
            }
        }
        var result: [Column] = []
        for (i, column) in columns.enumerated() {
            let spacing = column.spacing ?? 1
            if case .adaptive(let minimum, let maximum) = column.size {
                let w = widths[i]
                let count = max(1, (w + spacing) / max(minimum + spacing, 1))
                let each = min((w - (count - 1) * spacing) / count, maximum)
                for _ in 0..<count { result.append(Column(width: each, spacing: spacing, alignment: column.alignment)) }
            } else {
                result.append(Column(width: widths[i], spacing: spacing, alignment: column.alignment))
            }
        }
        return result
    }

    private func rows(_ columns: [Column]) -> [(items: [Int], height: Int)] {
        guard !columns.isEmpty else { return [] }
        var rows: [(items: [Int], height: Int)] = []
        var start = 0
        while start < items.count {
            let indices = Array(start..<min(start + columns.count, items.count))
            let height = indices.map { items[$0].sizeThatFits(ProposedSize(width: columns[$0 - start].width, height: nil)).height }.max() ?? 0
            rows.append((indices, height))
            start += columns.count
        }
        return rows
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        let resolved = resolveColumns(width: p.width == .infinity ? nil : p.width)
        let rows = rows(resolved)
        let height = rows.reduce(0) { $0 + $1.height } + max(0, rows.count - 1) * rowSpacing
        return Size(width: GridNode.totalWidth(resolved), height: height)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let resolved = resolveColumns(width: proposal.width == .infinity ? nil : proposal.width)
        let total = GridNode.totalWidth(resolved)
        var y = rect.minY
        let left = rect.minX + alignment.offset(child: total, container: rect.size.width)
        for row in rows(resolved) {
            var x = left
            for (column, index) in row.items.enumerated() {
                let cell = Size(width: resolved[column].width, height: row.height)
                let itemProposal = ProposedSize(width: cell.width, height: nil)
                let size = items[index].sizeThatFits(itemProposal)
                let cellAlignment = resolved[column].alignment ?? Alignment(horizontal: alignment, vertical: .center)
                let offset = cellAlignment.offset(child: size, container: cell)
                items[index].draw(in: Rect(x: x + offset.x, y: y + offset.y, width: size.width, height: size.height),
                                  proposal: itemProposal, canvas: &canvas)
                x += cell.width + resolved[column].spacing
            }
            y += row.height + rowSpacing
        }
    }
}
