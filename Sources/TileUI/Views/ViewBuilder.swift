/// Builds view content from a closure of views, `if`/`else`, `switch` and optionals, as SwiftUI's
/// `ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in a builder; each becomes its own child of the container.
public struct TupleView<each Content: View>: PrimitiveView {
    public var value: (repeat each Content)
    public init(_ value: repeat each Content) { self.value = (repeat each value) }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        var nodes: [LayoutNode] = []
        for child in repeat each view.value {
            nodes.append(contentsOf: makeNodes(child, inputs))
        }
        return _ViewOutputs(nodes)
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        switch view.storage {
        case .trueContent(let content): return TrueContent._makeNodes(content, inputs: inputs)
        case .falseContent(let content): return FalseContent._makeNodes(content, inputs: inputs)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional is a primitive view and has no body") }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        guard let wrapped = view else { return .empty }
        return Wrapped._makeNodes(wrapped, inputs: inputs)
    }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: PrimitiveView {
    public init() {}
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs { .empty }
}

/// Groups views without a container of its own: its children join the enclosing container, and
/// a modifier on the group applies to each of them.
public struct Group<Content: View>: PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeNodes(view.content, inputs: inputs)
    }
}

/// A type-erased view.
public struct AnyView: PrimitiveView {
    private let make: (_ViewInputs) -> _ViewOutputs
    public init<V: View>(_ view: V) {
        make = { V._makeNodes(view, inputs: $0) }
    }
    public init<V: View>(erasing view: V) { self.init(view) }
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs { view.make(inputs) }
}

/// One view per element of a collection, each a separate child of the enclosing container.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        var nodes: [LayoutNode] = []
        nodes.reserveCapacity(view.data.count)
        for element in view.data {
            nodes.append(contentsOf: makeNodes(view.content(element), inputs))
        }
        return _ViewOutputs(nodes)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
