/// A piece of a widget's interface, as SwiftUI's `View`: a value whose `body` is other views,
/// down to the primitive views tiles knows how to lay out and draw.
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view.
    @ViewBuilder var body: Body { get }

    /// Turns the view into layout nodes. Primitive views implement it; composite views use the
    /// default, which evaluates `body`. Not for widget authors.
    static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs
}

// The resolve path (`_makeNodes` of composite views, containers and modifiers, and the helpers
// they call) is inlinable so that a widget module specializes it for its own view types: run
// generically, every render copied nested view values through value witnesses and looked up
// their metadata, about a third of the medium benchmark.
extension View {
    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let context = inputs.context
        let saved = context.environment
        context.environment = inputs.environment
        let body = view.body
        context.environment = saved
        return Body._makeNodes(body, inputs: inputs)
    }
}

/// What a view is turned into nodes with: the environment in effect. Not for widget authors.
public struct _ViewInputs {
    @usableFromInline var environment: EnvironmentValues
    @usableFromInline let context: ResolveContext

    /// The inputs for the children of a stack on `axis` (nil: a ZStack, a background or overlay).
    @usableFromInline func inStack(_ axis: Axis?) -> _ViewInputs {
        var copy = self
        copy.environment.stackAxis = axis
        return copy
    }

    func with(_ change: (inout EnvironmentValues) -> Void) -> _ViewInputs {
        var copy = self
        change(&copy.environment)
        return copy
    }
}

/// The layout nodes a view produced: one for most views, several for groups and `ForEach`.
public struct _ViewOutputs {
    @usableFromInline var nodes: [LayoutNode]

    @usableFromInline init(_ nodes: [LayoutNode]) { self.nodes = nodes }
    @usableFromInline init(_ node: LayoutNode) { self.nodes = [node] }
    @usableFromInline static var empty: _ViewOutputs { _ViewOutputs([]) }
}

/// Views whose content tiles builds directly rather than from a `body`.
protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// Resolves any view to its layout nodes.
@inlinable func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs) -> [LayoutNode] {
    V._makeNodes(view, inputs: inputs).nodes
}

/// Resolves a view to a single node: several nodes stack vertically, none is empty.
@inlinable func makeSingleNode<V: View>(_ view: V, _ inputs: _ViewInputs) -> LayoutNode {
    singleNode(makeNodes(view, inputs))
}

/// One node for `nodes`: itself when alone, an empty node for none, a vertical stack for several.
@usableFromInline func singleNode(_ nodes: [LayoutNode]) -> LayoutNode {
    if nodes.count == 1 { return nodes[0] }
    if nodes.isEmpty { return EmptyNode() }
    return StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes)
}
