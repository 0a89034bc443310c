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

extension View {
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
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
    var environment: EnvironmentValues
    let context: ResolveContext

    func with(_ change: (inout EnvironmentValues) -> Void) -> _ViewInputs {
        var copy = self
        change(&copy.environment)
        return copy
    }
}

/// The layout nodes a view produced: one for most views, several for groups and `ForEach`.
public struct _ViewOutputs {
    var nodes: [LayoutNode]

    init(_ nodes: [LayoutNode]) { self.nodes = nodes }
    init(_ node: LayoutNode) { self.nodes = [node] }
    static var empty: _ViewOutputs { _ViewOutputs([]) }
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
func makeNodes<V: View>(_ view: V, _ inputs: _ViewInputs) -> [LayoutNode] {
    V._makeNodes(view, inputs: inputs).nodes
}

/// Resolves a view to a single node: several nodes stack vertically, none is empty.
func makeSingleNode<V: View>(_ view: V, _ inputs: _ViewInputs) -> LayoutNode {
    let nodes = makeNodes(view, inputs)
    if nodes.count == 1 { return nodes[0] }
    if nodes.isEmpty { return EmptyNode() }
    return StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes)
}
