import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a view tree could not be described as data: a view or modifier whose effect is code, not
/// values (`GeometryReader`, `environment(_:_:)`).
public struct ViewDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which view or modifier, and why.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension ViewNode {
    /// The tree `view` is made of, its bodies evaluated in `environment` (so `@Environment` reads
    /// it, as when the view is rendered). Several top-level views stack vertically, as when
    /// rendered; none is an empty view.
    public init<V: View>(describing view: V, environment: EnvironmentValues = .standard) throws(ViewDescriptionError) {
        let context = ResolveContext(environment: environment)
        let result: Result<[ViewNode], ViewDescriptionError> = ResolveContext.$current.withValue(context) {
            do throws(ViewDescriptionError) {
                return .success(try V._describe(view, inputs: _ViewInputs(environment: environment, context: context)))
            } catch {
                return .failure(error)
            }
        }
        self = ViewNode.single(try result.get())
    }

    /// One node for `nodes`, as `singleNode` makes one layout node.
    static func single(_ nodes: [ViewNode]) -> ViewNode {
        if nodes.count == 1 { return nodes[0] }
        if nodes.isEmpty { return ViewNode(.empty) }
        return ViewNode(.vStack(alignment: .center, spacing: nil, children: nodes))
    }
}

/// What a `ModifiedView` does, as data. Not for widget authors.
@usableFromInline
enum _ModifierRecord {
    /// A modifier `ViewNode` has.
    case modifier(ViewNode.Modifier)
    /// `background` or `overlay` with a view, described when the tree is.
    case secondary(any View, Alignment, isBackground: Bool)
    /// Changes nothing that is drawn (inspection tags, a nil `widgetURL`).
    case transparent
    /// Cannot be described; the name says which modifier.
    case opaque(String)
}

extension ViewNode.ShapeKind {
    @usableFromInline init(_ outline: ShapeOutline) {
        switch outline {
        case .rectangle: self = .rectangle
        case .rounded(let radius): self = .roundedRectangle(cornerRadius: radius)
        case .capsule: self = .capsule
        }
    }
}

/// Describes an existential view through its concrete type.
private func describe<V: View>(_ view: V, _ inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
    try V._describe(view, inputs: inputs)
}

// MARK: - Composite views, and primitives that cannot be described

extension View {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let context = inputs.context
        let saved = context.environment
        context.environment = inputs.environment
        let body = view.body
        context.environment = saved
        return try Body._describe(body, inputs: inputs)
    }
}

extension PrimitiveView {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        throw ViewDescriptionError("\(Self.self) cannot be described as data")
    }
}

extension Never {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {}
}

extension GeometryReader {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        throw ViewDescriptionError("GeometryReader cannot be described as data: its content depends on the size it is given")
    }
}

// MARK: - Containers

extension _ViewPair {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        try First._describe(view.first, inputs: inputs) + Second._describe(view.second, inputs: inputs)
    }
}

extension _ConditionalContent {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        switch view.storage {
        case .trueContent(let content): return try TrueContent._describe(content, inputs: inputs)
        case .falseContent(let content): return try FalseContent._describe(content, inputs: inputs)
        }
    }
}

extension Optional where Wrapped: View {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        guard let wrapped = view else { return [] }
        return try Wrapped._describe(wrapped, inputs: inputs)
    }
}

extension EmptyView {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] { [] }
}

extension Group {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        try Content._describe(view.content, inputs: inputs)
    }
}

extension AnyView {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        try view.describe(inputs)
    }
}

extension ForEach {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        var nodes: [ViewNode] = []
        for element in view.data { nodes += try Content._describe(view.content(element), inputs: inputs) }
        return nodes
    }
}

extension HStack {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let children = try Content._describe(view.content, inputs: inputs.inStack(.horizontal))
        return [ViewNode(.hStack(alignment: view.alignment, spacing: view.spacing, children: children))]
    }
}

extension VStack {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let children = try Content._describe(view.content, inputs: inputs.inStack(.vertical))
        return [ViewNode(.vStack(alignment: view.alignment, spacing: view.spacing, children: children))]
    }
}

extension ZStack {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let children = try Content._describe(view.content, inputs: inputs.inStack(nil))
        return [ViewNode(.zStack(alignment: view.alignment, children: children))]
    }
}

extension LazyVGrid {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let children = try Content._describe(view.content, inputs: inputs.with { $0.stackAxis = nil })
        return [ViewNode(.lazyVGrid(columns: view.columns, alignment: view.alignment, spacing: view.spacing, children: children))]
    }
}

extension Link {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.link(destination: view.destination, label: ViewNode.single(try Label._describe(view.label, inputs: inputs))))]
    }
}

// MARK: - Leaves

extension Text {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        guard let live = view.liveDate else { return [ViewNode(.text(.verbatim(view.content)))] }
        switch live.kind {
        case let .date(date, style): return [ViewNode(.text(.date(date, style)))]
        case .interval(let range): return [ViewNode(.text(.interval(range)))]
        case let .timer(range, pauseTime, countsDown, showsHours):
            return [ViewNode(.text(.timer(range, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours)))]
        }
    }
}

extension Spacer {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.spacer(minLength: view.minLength))]
    }
}

extension Color {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.color(view))]
    }
}

extension LinearGradient {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.linearGradient(view))]
    }
}

extension Divider {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.divider)]
    }
}

extension _FilledShape {
    @usableFromInline static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        let fill: ViewNode.Fill?
        switch view.paint {
        case nil: fill = nil
        case .color(let color)?: fill = .color(color)
        case .gradient(let gradient)?: fill = .gradient(gradient)
        }
        return [ViewNode(.shape(ViewNode.ShapeKind(view.outline), .fill(fill)))]
    }
}

extension _StrokedShape {
    @usableFromInline static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.shape(ViewNode.ShapeKind(view.outline), .stroke(view.color)))]
    }
}

// MARK: - Modifiers

extension ModifiedView {
    @usableFromInline static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        var inputs = inputs
        if let change = view.environment { change(&inputs.environment) }
        let nodes = try Content._describe(view.content, inputs: inputs)
        switch view.record {
        case .modifier(let modifier):
            return nodes.map { $0.modified(modifier) }
        case let .secondary(secondary, alignment, isBackground):
            let node = ViewNode.single(try describe(secondary, inputs.inStack(nil)))
            return nodes.map { $0.modified(isBackground ? .background(node, alignment: alignment) : .overlay(node, alignment: alignment)) }
        case .transparent:
            return nodes
        case .opaque(let name):
            throw ViewDescriptionError("\(name) cannot be described as data; use the modifier for the value instead")
        }
    }
}

extension _ViewModifierContent {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        try view.describe(inputs)
    }
}

extension ModifiedContent {
    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        try Modifier.Body._describe(view.body(inputs: inputs), inputs: inputs)
    }
}
