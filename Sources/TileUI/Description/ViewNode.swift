import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A view tree as data: what a widget extension sends as JSON (TileUIJSON reads and writes it) and
/// what a Swift view tree describes itself as. Each node is one view with its modifiers, applied
/// in order, the first innermost.
public struct ViewNode: Hashable, Sendable {
    /// The view.
    public var view: Kind
    /// The modifiers on the view, innermost first.
    public var modifiers: [Modifier]

    /// A node showing `view` with `modifiers`, innermost first.
    public init(_ view: Kind, modifiers: [Modifier] = []) {
        self.view = view
        self.modifiers = modifiers
    }

    /// The views a node can be, with TileUI's names and arguments.
    public indirect enum Kind: Hashable, Sendable {
        case text(TextContent)
        case vStack(alignment: HorizontalAlignment, spacing: Int?, children: [ViewNode])
        case hStack(alignment: VerticalAlignment, spacing: Int?, children: [ViewNode])
        case zStack(alignment: Alignment, children: [ViewNode])
        case lazyVGrid(columns: [GridItem], alignment: HorizontalAlignment, spacing: Int?, children: [ViewNode])
        case spacer(minLength: Int?)
        case color(Color)
        case linearGradient(LinearGradient)
        case divider
        /// A shape filled with a paint (nil: the foreground colour) or stroked in a colour.
        case shape(ShapeKind, ShapeStyle)
        case link(destination: URL, label: ViewNode)
        /// `Button`: pressing the label runs `action`.
        case button(action: WidgetAction, label: ViewNode)
        /// `Toggle`: a box showing `isOn`, then the label; a press runs `action` with the other state.
        case toggle(isOn: Bool, action: WidgetAction, label: ViewNode)
        /// A picture: an asset, a system name or bytes, with its own options.
        case image(Image)
        /// `ProgressView(value:total:)`: a bar `fraction` full (nil: the track alone), under a label.
        case progress(fraction: Double?, label: ViewNode?)
        /// `Gauge(value:in:)` in a style, with its labels.
        case gauge(GaugeParts)
        /// `Chart` with its marks, in order, and whether it draws the y axis.
        case chart(marks: [ChartMark], yAxis: AxisVisibility)
        case empty
    }

    /// What a `Gauge` shows: `fraction` of the way from its minimum to its maximum (nil when that
    /// cannot be told), its style and its labels (nil: none).
    public struct GaugeParts: Hashable, Sendable {
        public var fraction: Double?
        public var style: GaugeStyle
        public var label: ViewNode
        public var currentValueLabel: ViewNode?
        public var minimumValueLabel: ViewNode?
        public var maximumValueLabel: ViewNode?

        public init(fraction: Double?, style: GaugeStyle = .linearCapacity, label: ViewNode = ViewNode(.empty),
                    currentValueLabel: ViewNode? = nil, minimumValueLabel: ViewNode? = nil, maximumValueLabel: ViewNode? = nil) {
            self.fraction = fraction
            self.style = style
            self.label = label
            self.currentValueLabel = currentValueLabel
            self.minimumValueLabel = minimumValueLabel
            self.maximumValueLabel = maximumValueLabel
        }
    }

    /// What a Text shows.
    public enum TextContent: Hashable, Sendable {
        /// A string, shown as given.
        case verbatim(String)
        /// `Text(date, style:)`.
        case date(Date, Text.DateStyle)
        /// `Text(from...to)`.
        case interval(ClosedRange<Date>)
        /// `Text(timerInterval:pauseTime:countsDown:showsHours:)`.
        case timer(ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool)
    }

    /// The shapes a node can draw.
    public enum ShapeKind: Hashable, Sendable {
        case rectangle
        case roundedRectangle(cornerRadius: Double)
        case capsule
    }

    /// How a shape is drawn.
    public enum ShapeStyle: Hashable, Sendable {
        /// Filled with a colour, a gradient, or (nil) the foreground colour.
        case fill(Fill?)
        /// Outlined in box-drawing characters.
        case stroke(Color)
    }

    /// What a shape is filled with.
    public enum Fill: Hashable, Sendable {
        case color(Color)
        case gradient(LinearGradient)
    }

    /// Every modifier a node can carry, with the arguments of TileUI's modifier of the same name.
    ///
    /// Stored inline in every modified view (see `_ModifierRecord`), so only the largest payload
    /// is boxed: a box per modifier would be an allocation per modifier per render.
    public enum Modifier: Hashable, Sendable {
        case font(Font?)
        case fontWeight(Font.Weight?)
        case bold(Bool)
        case italic(Bool)
        case underline(Bool)
        case foregroundColor(Color?)
        case lineLimit(Int?)
        /// `lineLimit(_:reservesSpace:)` and `lineLimit(a...b)`: reports at least `reserved`
        /// lines, shows at most `limit`.
        case lineLimitReserving(limit: Int, reserved: Int)
        case truncationMode(Text.TruncationMode)
        case multilineTextAlignment(TextAlignment)
        case minimumScaleFactor(Double)
        case redacted(RedactionReasons)
        case unredacted
        case privacySensitive(Bool)
        case padding(EdgeInsets)
        case frame(width: Int?, height: Int?, alignment: Alignment)
        indirect case flexibleFrame(FlexibleFrame)
        case fixedSize(horizontal: Bool, vertical: Bool)
        case layoutPriority(Double)
        case zIndex(Double)
        case offset(x: Int, y: Int)
        case background(ViewNode, alignment: Alignment)
        case overlay(ViewNode, alignment: Alignment)
        case border(Color, width: Int)
        case opacity(Double)
        case hidden
        case clipped
        case cornerRadius(Double)
        case clipShape(ShapeKind)
        case widgetURL(URL)
        /// `invalidatableContent()`: drawn faint while an action of the tile is pending.
        case invalidatableContent
        case accessibilityLabel(String)
        case accessibilityValue(String)
        case accessibilityHidden(Bool)
    }

    /// The arguments of `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public struct FlexibleFrame: Hashable, Sendable {
        public var minWidth: Int?
        public var idealWidth: Int?
        public var maxWidth: Int?
        public var minHeight: Int?
        public var idealHeight: Int?
        public var maxHeight: Int?
        public var alignment: Alignment

        /// The arguments as the modifier takes them; nil leaves that bound to the content.
        public init(minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
                    minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
                    alignment: Alignment = .center) {
            self.minWidth = minWidth
            self.idealWidth = idealWidth
            self.maxWidth = maxWidth
            self.minHeight = minHeight
            self.idealHeight = idealHeight
            self.maxHeight = maxHeight
            self.alignment = alignment
        }
    }
}

extension ViewNode {
    /// This node with `modifier` applied outside the ones it has.
    public func modified(_ modifier: Modifier) -> ViewNode {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }

    /// The number of nodes in the tree, this one included (backgrounds, overlays and labels too).
    public var nodeCount: Int {
        var count = 1
        switch view {
        case let .vStack(_, _, children), let .hStack(_, _, children), let .zStack(_, children),
             let .lazyVGrid(_, _, _, children):
            count += children.reduce(0) { $0 + $1.nodeCount }
        case let .link(_, label), let .button(_, label), let .toggle(_, _, label):
            count += label.nodeCount
        default:
            break
        }
        for modifier in modifiers {
            if case let .background(node, _) = modifier { count += node.nodeCount }
            if case let .overlay(node, _) = modifier { count += node.nodeCount }
        }
        return count
    }
}
