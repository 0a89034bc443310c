import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

extension ViewNode {
    /// The TileUI view this node describes: `CellGrid.render` draws it exactly as the same tree
    /// written in Swift.
    public func makeView() -> AnyView {
        modifiers.reduce(baseView()) { view, modifier in modifier.apply(to: view) }
    }

    private func baseView() -> AnyView {
        switch view {
        case .text(let content):
            return AnyView(content.makeText())
        case let .vStack(alignment, spacing, children):
            return AnyView(VStack(alignment: alignment, spacing: spacing) { ViewNode.views(children) })
        case let .hStack(alignment, spacing, children):
            return AnyView(HStack(alignment: alignment, spacing: spacing) { ViewNode.views(children) })
        case let .zStack(alignment, children):
            return AnyView(ZStack(alignment: alignment) { ViewNode.views(children) })
        case let .lazyVGrid(columns, alignment, spacing, children):
            return AnyView(LazyVGrid(columns: columns, alignment: alignment, spacing: spacing) { ViewNode.views(children) })
        case .spacer(let minLength):
            return AnyView(Spacer(minLength: minLength))
        case .color(let color):
            return AnyView(color)
        case .linearGradient(let gradient):
            return AnyView(gradient)
        case .divider:
            return AnyView(Divider())
        case let .shape(kind, style):
            switch kind {
            case .rectangle: return ViewNode.styled(Rectangle(), style)
            case .roundedRectangle(let radius): return ViewNode.styled(RoundedRectangle(cornerRadius: radius), style)
            case .capsule: return ViewNode.styled(Capsule(), style)
            }
        case let .link(destination, label):
            return AnyView(Link(destination: destination) { label.makeView() })
        case let .button(action, label):
            return AnyView(Button(action: action) { label.makeView() })
        case let .toggle(isOn, action, label):
            return AnyView(Toggle(isOn: isOn, action: action) { label.makeView() })
        case .image(let image):
            return AnyView(image)
        case let .progress(fraction, label):
            return AnyView(ProgressView(fraction: fraction, label: label?.makeView()))
        case .gauge(let parts):
            return AnyView(Gauge(
                fraction: parts.fraction, style: parts.style, label: parts.label.makeView(),
                currentValueLabel: parts.currentValueLabel?.makeView(), minimumValueLabel: parts.minimumValueLabel?.makeView(),
                maximumValueLabel: parts.maximumValueLabel?.makeView()))
        case let .chart(marks, yAxis):
            return AnyView(Chart(marks: marks).chartYAxis(yAxis))
        case .empty:
            return AnyView(EmptyView())
        }
    }

    /// Each child as a separate view of the enclosing container.
    private static func views(_ children: [ViewNode]) -> ForEach<Range<Int>, Int, AnyView> {
        ForEach(children.indices) { children[$0].makeView() }
    }

    private static func styled<S: Shape>(_ shape: S, _ style: ShapeStyle) -> AnyView {
        switch style {
        case .fill(nil): return AnyView(shape)
        case .fill(.color(let color)?): return AnyView(shape.fill(color))
        case .fill(.gradient(let gradient)?): return AnyView(shape.fill(gradient))
        case .stroke(let color): return AnyView(shape.stroke(color))
        }
    }
}

extension ViewNode.TextContent {
    func makeText() -> Text {
        switch self {
        case .verbatim(let string): return Text(verbatim: string)
        case let .date(date, style): return Text(date, style: style)
        case .interval(let range): return Text(range)
        case let .timer(range, pauseTime, countsDown, showsHours):
            return Text(timerInterval: range, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours)
        }
    }
}

extension ViewNode.Modifier {
    /// `view` with this modifier applied, through TileUI's modifier of the same name.
    func apply(to view: AnyView) -> AnyView {
        switch self {
        case .font(let font): return AnyView(view.font(font))
        case .fontWeight(let weight): return AnyView(view.fontWeight(weight))
        case .bold(let flag): return AnyView(view.bold(flag))
        case .italic(let flag): return AnyView(view.italic(flag))
        case .underline(let flag): return AnyView(view.underline(flag))
        case .foregroundColor(let color): return AnyView(view.foregroundColor(color))
        case .lineLimit(let limit): return AnyView(view.lineLimit(limit))
        case let .lineLimitReserving(limit, reserved):
            return AnyView(reserved == limit ? AnyView(view.lineLimit(limit, reservesSpace: true)) : AnyView(view.lineLimit(reserved...limit)))
        case .truncationMode(let mode): return AnyView(view.truncationMode(mode))
        case .multilineTextAlignment(let alignment): return AnyView(view.multilineTextAlignment(alignment))
        case .minimumScaleFactor(let factor): return AnyView(view.minimumScaleFactor(factor))
        case .redacted(let reason): return AnyView(view.redacted(reason: reason))
        case .unredacted: return AnyView(view.unredacted())
        case .privacySensitive(let flag): return AnyView(view.privacySensitive(flag))
        case .padding(let insets): return AnyView(view.padding(insets))
        case let .frame(width, height, alignment): return AnyView(view.frame(width: width, height: height, alignment: alignment))
        case .flexibleFrame(let f):
            return AnyView(view.frame(
                minWidth: f.minWidth, idealWidth: f.idealWidth, maxWidth: f.maxWidth,
                minHeight: f.minHeight, idealHeight: f.idealHeight, maxHeight: f.maxHeight, alignment: f.alignment))
        case let .fixedSize(horizontal, vertical): return AnyView(view.fixedSize(horizontal: horizontal, vertical: vertical))
        case .layoutPriority(let value): return AnyView(view.layoutPriority(value))
        case .zIndex(let value): return AnyView(view.zIndex(value))
        case let .offset(x, y): return AnyView(view.offset(x: x, y: y))
        case let .background(node, alignment): return AnyView(view.background(node.makeView(), alignment: alignment))
        case let .overlay(node, alignment): return AnyView(view.overlay(node.makeView(), alignment: alignment))
        case let .border(color, width): return AnyView(view.border(color, width: width))
        case .opacity(let value): return AnyView(view.opacity(value))
        case .hidden: return AnyView(view.hidden())
        case .clipped: return AnyView(view.clipped())
        case .cornerRadius(let radius): return AnyView(view.cornerRadius(radius))
        case .clipShape(.rectangle): return AnyView(view.clipShape(Rectangle()))
        case .clipShape(.roundedRectangle(let radius)): return AnyView(view.clipShape(RoundedRectangle(cornerRadius: radius)))
        case .clipShape(.capsule): return AnyView(view.clipShape(Capsule()))
        case .widgetURL(let url): return AnyView(view.widgetURL(url))
        case .invalidatableContent: return AnyView(view.invalidatableContent())
        case .accessibilityLabel(let label): return AnyView(view.accessibilityLabel(label))
        case .accessibilityValue(let value): return AnyView(view.accessibilityValue(value))
        case .accessibilityHidden(let hidden): return AnyView(view.accessibilityHidden(hidden))
        }
    }
}
