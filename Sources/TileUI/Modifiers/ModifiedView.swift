/// A view with one change applied: to the environment its content resolves in, to each node the
/// content produces, or both. Every built-in modifier is one of these.
///
/// Usable from inlinable code, as are the modifiers that build it, so that a client module sees
/// through the `some View` the modifiers return and builds and resolves modified views with code
/// specialized for its types (see `View._makeNodes`).
@usableFromInline
struct ModifiedView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline var environment: ((inout EnvironmentValues) -> Void)?
    @usableFromInline var transform: ((LayoutNode, _ViewInputs) -> LayoutNode)?
    /// What the modifier is, for `ViewNode(describing:)`; the closures above are opaque.
    @usableFromInline var record: _ModifierRecord

    @inlinable init(
        content: Content,
        environment: ((inout EnvironmentValues) -> Void)? = nil,
        transform: ((LayoutNode, _ViewInputs) -> LayoutNode)? = nil,
        record: _ModifierRecord
    ) {
        self.content = content
        self.environment = environment
        self.transform = transform
        self.record = record
    }

    @usableFromInline var body: Never { fatalError("ModifiedView is a primitive view and has no body") }

    @inlinable static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        var inputs = inputs
        if let change = view.environment { change(&inputs.environment) }
        let outputs = Content._makeNodes(view.content, inputs: inputs)
        guard let transform = view.transform else { return outputs }
        // A modifier on a group applies to each of its views, as in SwiftUI.
        return outputs.map { transform($0, inputs) }
    }
}

// Modifiers are `consuming`, here and in the public modifier methods: the view being modified
// moves into the `ModifiedView` rather than being copied, so a chain of modifiers does not copy
// (and retain everything inside) its innermost view once per level.
extension View {
    @inlinable consuming func modifyingEnvironment(
        _ record: _ModifierRecord, _ change: @escaping (inout EnvironmentValues) -> Void
    ) -> ModifiedView<Self> {
        ModifiedView(content: self, environment: change, record: record)
    }

    @inlinable consuming func transformingNodes(
        _ record: _ModifierRecord, _ transform: @escaping (LayoutNode, _ViewInputs) -> LayoutNode
    ) -> ModifiedView<Self> {
        ModifiedView(content: self, transform: transform, record: record)
    }
}

/// A reusable modification of a view, as SwiftUI's `ViewModifier`.
public protocol ViewModifier {
    associatedtype Body: View
    /// The content the modifier is applied to.
    typealias Content = _ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// Stands for the modified view inside a `ViewModifier`'s body.
public struct _ViewModifierContent: PrimitiveView {
    let make: (_ViewInputs) -> _ViewOutputs
    let describe: (_ViewInputs) throws(ViewDescriptionError) -> [ViewNode]
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs { view.make(inputs) }
}

/// A view with a `ViewModifier` applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: PrimitiveView {
    public let content: Content
    public let modifier: Modifier

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        Modifier.Body._makeNodes(view.body(inputs: inputs), inputs: inputs)
    }

    /// The modifier's body around this content, evaluated in `inputs`' environment.
    func body(inputs: _ViewInputs) -> Modifier.Body {
        let placeholder = _ViewModifierContent(
            make: { Content._makeNodes(self.content, inputs: $0) },
            describe: { inputs throws(ViewDescriptionError) in try Content._describe(self.content, inputs: inputs) })
        let context = inputs.context
        let saved = context.environment
        context.environment = inputs.environment
        defer { context.environment = saved }
        return modifier.body(content: placeholder)
    }
}

extension View {
    /// Applies a `ViewModifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
