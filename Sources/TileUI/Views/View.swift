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

    /// Describes the view as data (`ViewNode(describing:)`). Primitive views implement it;
    /// composite views use the default, which evaluates `body`. Not for widget authors.
    static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode]
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
///
/// One node is held inline, without an array: every view and every modifier level returns one of
/// these, and an array per level was most of the allocations of resolving a tree.
public struct _ViewOutputs {
    @usableFromInline enum Storage {
        case none
        case one(LayoutNode)
        case many([LayoutNode])
    }

    @usableFromInline var storage: Storage

    @inlinable init(_ nodes: [LayoutNode]) {
        switch nodes.count {
        case 0: storage = .none
        case 1: storage = .one(nodes[0])
        default: storage = .many(nodes)
        }
    }
    @inlinable init(_ node: LayoutNode) { storage = .one(node) }
    @inlinable static var empty: _ViewOutputs { _ViewOutputs([]) }

    /// The nodes in order.
    @inlinable var nodes: [LayoutNode] {
        switch storage {
        case .none: return []
        case .one(let node): return [node]
        case .many(let nodes): return nodes
        }
    }

    /// These nodes followed by `other`'s, as the children of one container.
    @inlinable mutating func append(_ other: _ViewOutputs) {
        switch (storage, other.storage) {
        case (_, .none): return
        case (.none, _): storage = other.storage
        default:
            var nodes = self.nodes
            // Emptied first so that `nodes` is the array's only reference and grows in place.
            storage = .none
            other.appendNodes(to: &nodes)
            storage = .many(nodes)
        }
    }

    /// Adds these nodes, in order, to the end of `array`.
    @inlinable func appendNodes(to array: inout [LayoutNode]) {
        switch storage {
        case .none: return
        case .one(let node): array.append(node)
        case .many(let nodes): array.append(contentsOf: nodes)
        }
    }

    /// Each node replaced by `transform(node)`, in order.
    @inlinable func map(_ transform: (LayoutNode) -> LayoutNode) -> _ViewOutputs {
        switch storage {
        case .none: return self
        case .one(let node): return _ViewOutputs(transform(node))
        case .many(let nodes): return _ViewOutputs(nodes.map(transform))
        }
    }

    /// One node for these: itself when alone, an empty node for none, a vertical stack for several.
    @inlinable var singleNode: LayoutNode {
        if case .one(let node) = storage { return node }
        return TileUI.singleNode(nodes)
    }
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
    V._makeNodes(view, inputs: inputs).singleNode
}

/// One node for `nodes`: itself when alone, an empty node for none, a vertical stack for several.
@usableFromInline func singleNode(_ nodes: [LayoutNode]) -> LayoutNode {
    if nodes.count == 1 { return nodes[0] }
    if nodes.isEmpty { return EmptyNode() }
    return StackNode(axis: .vertical, alignment: .center, spacing: nil, children: nodes)
}
