import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension View {
    /// What a screen reader says for the view instead of its texts (SwiftUI's
    /// `accessibilityLabel`): a picture's words, or a shorter reading of a busy row.
    @inlinable public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        let label = String(label)
        return transformingNodes(.modifier(.accessibilityLabel(label))) { node, _ in
            AccessibilityNode.combining(node, label: label)
        }
    }

    /// What a screen reader says after the view's label: its current value (`28 degrees`).
    @inlinable public consuming func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        let value = String(value)
        return transformingNodes(.modifier(.accessibilityValue(value))) { node, _ in
            AccessibilityNode.combining(node, value: value)
        }
    }

    /// Leaves the view out of what a screen reader says (a decoration), still drawn.
    @inlinable public consuming func accessibilityHidden(_ hidden: Bool = true) -> some View {
        transformingNodes(hidden ? .modifier(.accessibilityHidden(true)) : .transparent) { node, _ in
            hidden ? AccessibilityNode.combining(node, isHidden: true) : node
        }
    }
}

/// A view's accessibility label, value and hiding: draws its child as it is and, when speech is
/// collected, says the label (else the child's own words) and then the value, or nothing.
@usableFromInline
final class AccessibilityNode: WrapperNode {
    let label: String?
    let value: String?
    let isHidden: Bool

    init(child: LayoutNode, label: String?, value: String?, isHidden: Bool) {
        self.label = label
        self.value = value
        self.isHidden = isHidden
        super.init(child: child)
    }

    /// `node` with these settings over the ones it has (`.accessibilityValue(…).accessibilityLabel(…)`
    /// keeps both, as in SwiftUI), in one node.
    @usableFromInline static func combining(_ node: LayoutNode, label: String? = nil, value: String? = nil, isHidden: Bool = false) -> LayoutNode {
        guard let inner = node as? AccessibilityNode else {
            return AccessibilityNode(child: node, label: label, value: value, isHidden: isHidden)
        }
        return AccessibilityNode(
            child: inner.child, label: label ?? inner.label, value: value ?? inner.value, isHidden: isHidden || inner.isHidden)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        guard canvas.spoken != nil else { return child.draw(in: rect, proposal: proposal, canvas: &canvas) }
        let before = canvas.spoken!.count
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
        guard isHidden || label != nil else {
            if let value { canvas.speak(value) }
            return
        }
        canvas.spoken!.removeSubrange(before...)
        guard !isHidden else { return }
        if let label { canvas.speak(label) }
        if let value { canvas.speak(value) }
    }
}
