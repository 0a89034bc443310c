import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension View {
    /// Paints `color` behind the view, exactly its size.
    @inlinable public consuming func background(_ color: Color) -> some View {
        background(alignment: .center) { color }
    }

    /// Draws `content` behind the view, proposed exactly the view's size (A7.5).
    @inlinable public consuming func background<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
        background(alignment: alignment) { content }
    }

    /// Draws `content` behind the view, proposed exactly the view's size (A7.5).
    @inlinable public consuming func background<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
        let secondary = content()
        return transformingNodes(.secondary(secondary, alignment, isBackground: true)) { node, inputs in
            SecondaryNode(
                child: node, secondary: makeSingleNode(secondary, inputs.inStack(nil)),
                alignment: alignment, isBackground: true)
        }
    }

    /// Draws `content` in front of the view, proposed exactly the view's size (A7.5).
    @inlinable public consuming func overlay<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
        overlay(alignment: alignment) { content }
    }

    /// Draws `content` in front of the view, proposed exactly the view's size (A7.5).
    @inlinable public consuming func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
        let secondary = content()
        return transformingNodes(.secondary(secondary, alignment, isBackground: false)) { node, inputs in
            SecondaryNode(
                child: node, secondary: makeSingleNode(secondary, inputs.inStack(nil)),
                alignment: alignment, isBackground: false)
        }
    }

    /// A one-cell box outline in `color` on the view's edges.
    @inlinable public consuming func border(_ color: Color, width: Int = 1) -> some View {
        overlay(alignment: .center) {
            if width > 0 { Rectangle().stroke(color) }
        }
    }

    /// Multiplies the opacity of the view (A7.8): 0 draws nothing, below 0.6 draws dim where no
    /// colour lies beneath to blend with.
    @inlinable public consuming func opacity(_ opacity: Double) -> some View {
        transformingNodes(.modifier(.opacity(opacity))) { node, _ in OpacityNode(child: node, opacity: opacity) }
    }

    /// Keeps the view's layout but draws nothing (A7.8).
    @inlinable public consuming func hidden() -> some View {
        transformingNodes(.modifier(.hidden)) { node, _ in HiddenNode(child: node) }
    }

    /// Clips the view to its frame.
    @inlinable public consuming func clipped() -> some View {
        transformingNodes(.modifier(.clipped)) { node, _ in ClipNode(child: node, roundsCorners: false) }
    }

    /// Clips the view to its frame with rounded corners: from 8 pt the corner cells show what lies
    /// beneath, and box corners drawn there become ╭╮╰╯ (A7.6). No effect on layout.
    @inlinable public consuming func cornerRadius(_ radius: Double) -> some View {
        transformingNodes(.modifier(.cornerRadius(radius))) { node, inputs in
            ClipNode(child: node, roundsCorners: radius >= 8, paintsQuadrants: inputs.environment.colorMode != .none)
        }
    }

    /// Clips the view to a shape's outline (rectangles, rounded rectangles and capsules).
    @inlinable public consuming func clipShape<S: Shape>(_ shape: S) -> some View {
        let rounds = shape._outline.value.isRounded
        return transformingNodes(.modifier(.clipShape(ViewNode.ShapeKind(shape._outline.value)))) { node, inputs in
            ClipNode(child: node, roundsCorners: rounds, paintsQuadrants: inputs.environment.colorMode != .none)
        }
    }

    /// The URL a tap on the widget opens outside every `Link` (B8.1).
    @inlinable public consuming func widgetURL(_ url: URL?) -> some View {
        transformingNodes(url.map { .modifier(.widgetURL($0)) } ?? .transparent) { node, _ in
            guard let url else { return node }
            return WidgetURLNode(child: node, url: url)
        }
    }
}

/// A tappable region that opens `destination` (B8.2).
public struct Link<Label: View>: PrimitiveView {
    let destination: URL
    let label: Label
    /// What the widget runs as the link opens (a tiles addition; WidgetKit's app gets the URL).
    var opening: WidgetAction?

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// This link, running `action` in the widget as it opens: a feed marks the item read.
    public func onOpen(_ action: WidgetAction) -> Self {
        var link = self
        link.opening = action
        return link
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let target: TapTarget = view.opening.map { .linkOpening(view.destination, then: $0) } ?? .link(view.destination)
        return _ViewOutputs(TapTargetNode(child: makeSingleNode(view.label, inputs), target: target))
    }
}

extension Link where Label == Text {
    /// A link whose label is `title`.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
