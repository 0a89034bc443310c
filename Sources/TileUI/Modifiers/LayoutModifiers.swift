extension View {
    /// Pads every edge by `length` cells; nil is the default padding, 2 columns and 1 row (C4).
    @inlinable public consuming func padding(_ length: Int? = nil) -> some View {
        padding(.all, length)
    }

    /// Pads `edges` by `length` cells; nil is the default padding (2 columns, 1 row).
    @inlinable public consuming func padding(_ edges: Edge, _ length: Int? = nil) -> some View {
        let horizontal = length ?? 2, vertical = length ?? 1
        return padding(EdgeInsets(
            top: edges.contains(.top) ? vertical : 0,
            leading: edges.contains(.leading) ? horizontal : 0,
            bottom: edges.contains(.bottom) ? vertical : 0,
            trailing: edges.contains(.trailing) ? horizontal : 0))
    }

    /// Pads each edge by its own inset; negative insets let the content overflow (A7.1).
    @inlinable public consuming func padding(_ insets: EdgeInsets) -> some View {
        transformingNodes(.modifier(.padding(insets))) { node, _ in PaddingNode(child: node, insets: insets) }
    }

    /// A frame of exactly `width` × `height` cells (nil keeps the content's size on that axis) (A7.2).
    @inlinable public consuming func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> some View {
        transformingNodes(.modifier(.frame(width: width, height: height, alignment: alignment))) { node, _ in FixedFrameNode(child: node, width: width, height: height, alignment: alignment) }
    }

    /// A flexible frame (A7.3): `maxWidth: .infinity` takes all offered width.
    @inlinable public func frame(
        minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
        minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .center
    ) -> some View {
        transformingNodes(.modifier(.flexibleFrame(ViewNode.FlexibleFrame(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))) { node, _ in
            FlexibleFrameNode(
                child: node,
                horizontal: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                vertical: .init(min: minHeight, ideal: idealHeight, max: maxHeight),
                alignment: alignment)
        }
    }

    /// Asks for the ideal size on the chosen axes: one line of text that may overflow (A6.9, A7.4).
    @inlinable public consuming func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        transformingNodes(.modifier(.fixedSize(horizontal: horizontal, vertical: vertical))) { node, _ in FixedSizeNode(child: node, horizontal: horizontal, vertical: vertical) }
    }

    /// The priority a stack gives this view when dividing space (A3.3, A7.9).
    @inlinable public consuming func layoutPriority(_ value: Double) -> some View {
        transformingNodes(.modifier(.layoutPriority(value))) { node, _ in
            node.layoutPriority = value
            return node
        }
    }

    /// Drawing order inside a ZStack; layout is unchanged (A4.3).
    @inlinable public consuming func zIndex(_ value: Double) -> some View {
        transformingNodes(.modifier(.zIndex(value))) { node, _ in
            node.zIndex = value
            return node
        }
    }

    /// Draws the view moved by `x` columns and `y` rows without changing layout.
    @inlinable public consuming func offset(x: Int = 0, y: Int = 0) -> some View {
        transformingNodes(.modifier(.offset(x: x, y: y))) { node, _ in OffsetNode(child: node, dx: x, dy: y) }
    }
}
