/// Builds view content from a closure of views, `if`/`else`, `switch` and optionals, as SwiftUI's
/// `ViewBuilder`. Inlinable, as the view types it builds, so a widget's `body` is built by
/// specialized code (see `View._makeNodes`).
@resultBuilder
public enum ViewBuilder {
    @inlinable public static func buildBlock() -> EmptyView { EmptyView() }
    @inlinable public static func buildBlock<Content: View>(_ content: consuming Content) -> Content { content }
    // Every view is taken `consuming` and moved into what is built from it: a builder's views
    // nest deeply (modifiers and pairs in pairs), and a borrowed view is copied whole, retaining
    // every closure and string inside it, at each level it passes through.
    // Several views combine pairwise into `_ViewPair`s rather than into one variadic tuple view:
    // code that walks a parameter pack stays generic even when specialized, so every view below
    // such a tuple resolved through value witnesses and metadata lookups (see `View._makeNodes`).
    @inlinable public static func buildPartialBlock<Content: View>(first: consuming Content) -> Content { first }
    @inlinable public static func buildPartialBlock<Accumulated: View, Next: View>(
        accumulated: consuming Accumulated, next: consuming Next
    ) -> _ViewPair<Accumulated, Next> {
        _ViewPair(first: accumulated, second: next)
    }
    @inlinable public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }
    @inlinable public static func buildIf<Content: View>(_ content: consuming Content?) -> Content? { content }
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    @inlinable public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Two views side by side in a builder, each contributing its own children to the container; a
/// longer list nests to the left (`_ViewPair<_ViewPair<A, B>, C>`).
public struct _ViewPair<First: View, Second: View>: PrimitiveView {
    @usableFromInline let first: First
    @usableFromInline let second: Second

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        var outputs = First._makeNodes(view.first, inputs: inputs)
        outputs.append(Second._makeNodes(view.second, inputs: inputs))
        return outputs
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    @usableFromInline enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage

    @usableFromInline init(storage: Storage) { self.storage = storage }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        switch view.storage {
        case .trueContent(let content): return TrueContent._makeNodes(content, inputs: inputs)
        case .falseContent(let content): return FalseContent._makeNodes(content, inputs: inputs)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional is a primitive view and has no body") }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        guard let wrapped = view else { return .empty }
        return Wrapped._makeNodes(wrapped, inputs: inputs)
    }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: PrimitiveView {
    @inlinable public init() {}
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs { .empty }
}

/// Groups views without a container of its own: its children join the enclosing container, and
/// a modifier on the group applies to each of them.
public struct Group<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @inlinable public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeNodes(view.content, inputs: inputs)
    }
}

/// A type-erased view.
public struct AnyView: PrimitiveView {
    private let make: (_ViewInputs) -> _ViewOutputs
    /// The erased view's `_describe`.
    let describe: (_ViewInputs) throws(ViewDescriptionError) -> [ViewNode]
    public init<V: View>(_ view: V) {
        make = { V._makeNodes(view, inputs: $0) }
        describe = { inputs throws(ViewDescriptionError) in try V._describe(view, inputs: inputs) }
    }
    public init<V: View>(erasing view: V) { self.init(view) }
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs { view.make(inputs) }
}

/// One view per element of a collection, each a separate child of the enclosing container.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public let data: Data
    @usableFromInline let id: KeyPath<Data.Element, ID>
    @usableFromInline let content: (Data.Element) -> Content
    /// The children's nodes, made by code specialized where the ForEach is written: `_makeNodes`
    /// is often reached through the `View` witness, unspecialized, where walking `Data` looks
    /// its iterator and element types up at run time (docs/performance.md).
    @usableFromInline let makeNodes: (_ViewInputs) -> [LayoutNode]

    @inlinable public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
        makeNodes = { inputs in
            var nodes: [LayoutNode] = []
            nodes.reserveCapacity(data.count)
            for element in data {
                Content._makeNodes(content(element), inputs: inputs).appendNodes(to: &nodes)
            }
            return nodes
        }
    }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(view.makeNodes(inputs))
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    @inlinable public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    @inlinable public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
