/// Views in a row, laid out as SwiftUI's HStack (docs/rules.md A3). `spacing` is in columns; nil uses
/// the default (1 column, none next to a Spacer).
public struct HStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: VerticalAlignment
    @usableFromInline let spacing: Int?
    @usableFromInline let content: Content

    @inlinable public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let children = makeNodes(view.content, inputs.inStack(.horizontal))
        return _ViewOutputs(StackNode(axis: .horizontal, verticalAlignment: view.alignment, spacing: view.spacing, children: children))
    }
}

/// Views in a column, laid out as SwiftUI's VStack. `spacing` is in rows; nil uses the default (0).
public struct VStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: Int?
    @usableFromInline let content: Content

    @inlinable public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let children = makeNodes(view.content, inputs.inStack(.vertical))
        return _ViewOutputs(StackNode(axis: .vertical, alignment: view.alignment, spacing: view.spacing, children: children))
    }
}

/// Views on top of each other, later ones in front (docs/rules.md A4).
public struct ZStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: Alignment
    @usableFromInline let content: Content

    @inlinable public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @inlinable public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let children = makeNodes(view.content, inputs.inStack(nil))
        return _ViewOutputs(ZStackNode(alignment: view.alignment, children: children))
    }
}

/// Flexible empty space (docs/rules.md A5). `minLength` in cells; nil is 1 column in a row, 0 rows in
/// a column.
public struct Spacer: PrimitiveView {
    @usableFromInline let minLength: Int?
    @inlinable public init(minLength: Int? = nil) { self.minLength = minLength }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(SpacerNode(minLength: view.minLength, axis: inputs.environment.stackAxis))
    }
}
