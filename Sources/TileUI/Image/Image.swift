import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A picture, as SwiftUI's `Image`: from an asset (`Image("name")`, with a dark variant chosen by
/// the colour scheme), from bytes a provider fetched (`Image(data:)`, PNG or JPEG), or an SF
/// Symbols name drawn as a Unicode glyph (`Image(systemName:)`). Pictures draw in half blocks,
/// two pixels a cell (docs/layout.md#images).
///
/// Without `resizable()` a picture takes its natural size, one column a pixel and one row two
/// pixel rows, whatever it is offered, and overflows a smaller frame as in SwiftUI.
public struct Image: PrimitiveView, Hashable, Sendable {
    /// Where the picture comes from.
    public enum Source: Hashable, Sendable {
        /// An asset's name: the user's assets folder, then the pictures built into tiles.
        case named(String)
        /// An SF Symbols name from tiles' table of glyphs.
        case systemName(String)
        /// PNG or JPEG bytes.
        case data(Data)
    }

    /// How a picture's colours are used, as SwiftUI's `Image.TemplateRenderingMode`.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// The picture's own colours.
        case original
        /// Only the picture's alpha, filled with the foreground colour.
        case template
    }

    public let source: Source
    /// Whether the picture stretches to the size it is offered (`resizable()`).
    public var isResizable = false
    /// `aspectRatio(_:contentMode:)`'s ratio, width over height in pixels; nil: the picture's own.
    public var aspectRatio: Double?
    /// `aspectRatio(_:contentMode:)`'s mode; nil: no aspect ratio kept.
    public var contentMode: ContentMode?
    public var renderingMode: TemplateRenderingMode = .original

    /// The asset `name` (docs/layout.md#images says where assets are looked up).
    public init(_ name: String) { source = .named(name) }
    /// An SF Symbols name drawn as the glyph tiles' table gives it; an unknown name draws nothing.
    public init(systemName: String) { source = .systemName(systemName) }
    /// A PNG or JPEG picture; bytes that cannot be decoded draw a plain placeholder.
    public init(data: Data) { source = .data(data) }
    /// A picture from any source, with every option (how a described view is rebuilt).
    public init(source: Source, isResizable: Bool = false, aspectRatio: Double? = nil,
                contentMode: ContentMode? = nil, renderingMode: TemplateRenderingMode = .original) {
        self.source = source
        self.isResizable = isResizable
        self.aspectRatio = aspectRatio
        self.contentMode = contentMode
        self.renderingMode = renderingMode
    }

    /// The picture stretched to the size it is offered.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// `.template` draws the picture's shape in the foreground colour; nil is `.original`.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.renderingMode = mode ?? .original
        return copy
    }

    /// A resizable picture keeps `ratio` (width over height, in pixels; nil: its own), the largest
    /// size inside the offer (`.fit`) or the smallest covering it (`.fill`, which overflows: clip
    /// it with `clipped()`). In tiles this is a modifier of `Image`.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> Image {
        var copy = self
        copy.aspectRatio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        copy.contentMode = contentMode
        return copy
    }

    /// `aspectRatio(contentMode: .fit)`.
    public func scaledToFit() -> Image { aspectRatio(contentMode: .fit) }
    /// `aspectRatio(contentMode: .fill)`.
    public func scaledToFill() -> Image { aspectRatio(contentMode: .fill) }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        if case .systemName(let name) = view.source {
            guard let glyph = SystemSymbols.glyph(for: name) else { return _ViewOutputs(EmptyNode()) }
            return Text._makeNodes(Text(verbatim: glyph), inputs: inputs)
        }
        return _ViewOutputs(ImageNode(image: view, environment: inputs.environment))
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.image(view))]
    }
}

/// How a picture fits a size of another shape, as SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable, CaseIterable {
    /// Whole, inside the size: the largest that fits.
    case fit
    /// Covering the size: the smallest that covers it, overflowing one way.
    case fill
}
