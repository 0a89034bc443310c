/// The size a `GeometryReader` was given.
public struct GeometryProxy: Sendable {
    /// The reader's size in cells.
    public let size: Size
}

/// A view that builds its content from its own size: it takes all it is offered (nil → 0) and
/// gives its content that size, anchored top-leading (A2).
public struct GeometryReader<Content: View>: PrimitiveView {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let build = view.content
        let inputs = inputs.with { $0.stackAxis = nil }
        return _ViewOutputs(GeometryNode(inputs: inputs) { makeNodes(build($0), inputs) })
    }
}

/// Resolves its content at draw time, once its size is known.
final class GeometryNode: LayoutNode {
    let inputs: _ViewInputs
    let build: (GeometryProxy) -> [LayoutNode]

    init(inputs: _ViewInputs, build: @escaping (GeometryProxy) -> [LayoutNode]) {
        self.inputs = inputs
        self.build = build
        super.init()
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        Size(width: p.width ?? 0, height: p.height ?? 0)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        inputs.context.buildsWhileDrawing = true
        let children = build(GeometryProxy(size: rect.size))
        let stack = ZStackNode(alignment: .topLeading, children: children)
        let p = ProposedSize(rect.size)
        let size = stack.sizeThatFits(p)
        stack.draw(in: Rect(origin: rect.origin, size: size), proposal: p, canvas: &canvas)
    }
}
