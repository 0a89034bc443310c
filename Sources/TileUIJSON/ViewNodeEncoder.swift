import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

extension ViewNode {
    /// The node as JSON in the form `ViewNode(json:)` reads: the view key first, then its
    /// arguments, then its modifiers, as plain keys when they are in the documented order and
    /// each used once, else as a `modifiers` list. The same node always gives the same JSON.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = ViewNodeEncoder.view(view)
        let keys = modifiers.map(ViewNodeEncoder.key)
        let ranks = keys.map { ViewNodeDecoder.modifierOrder.firstIndex(of: $0)! }
        if zip(ranks, ranks.dropFirst()).allSatisfy({ $0 < $1 }) {
            members += zip(keys, modifiers).map { ($0, ViewNodeEncoder.value($1)) }
        } else if !modifiers.isEmpty {
            members.append(("modifiers", .array(zip(keys, modifiers).map { .object([($0, ViewNodeEncoder.value($1))]) })))
        }
        return .object(members)
    }

    /// The node as compact JSON text in UTF-8 (see `jsonValue`).
    public var jsonData: Data { jsonValue.jsonData }
}

/// Writes view nodes' parts as JSON, the inverse of `ViewNodeDecoder`.
enum ViewNodeEncoder {
    static func view(_ kind: ViewNode.Kind) -> [(key: String, value: JSONValue)] {
        switch kind {
        case .text(let content):
            return [("Text", text(content))]
        case let .vStack(alignment, spacing, children):
            return [("VStack", nodes(children))]
                + optional("alignment", alignment == .center ? nil : name(alignment, JSONNames.horizontalAlignments))
                + optional("spacing", spacing.map(cells))
        case let .hStack(alignment, spacing, children):
            return [("HStack", nodes(children))]
                + optional("alignment", alignment == .center ? nil : name(alignment, JSONNames.verticalAlignments))
                + optional("spacing", spacing.map(cells))
        case let .zStack(alignment, children):
            return [("ZStack", nodes(children))]
                + optional("alignment", alignment == .center ? nil : name(alignment, JSONNames.alignments))
        case let .lazyVGrid(columns, alignment, spacing, children):
            return [("LazyVGrid", nodes(children)), ("columns", .array(columns.map(gridItem)))]
                + optional("alignment", alignment == .center ? nil : name(alignment, JSONNames.horizontalAlignments))
                + optional("spacing", spacing.map(cells))
        case .spacer(let minLength):
            return [("Spacer", .object(optional("minLength", minLength.map(cells))))]
        case .color(let color):
            return [("Color", self.color(color))]
        case .linearGradient(let gradient):
            return [("LinearGradient", self.gradient(gradient))]
        case .divider:
            return [("Divider", .object([]))]
        case .empty:
            return [("EmptyView", .object([]))]
        case .image(let image):
            return [("Image", ImageJSON.value(image))]
        case let .progress(fraction, label):
            return progress(fraction: fraction, label: label)
        case .gauge(let parts):
            return gauge(parts)
        case let .chart(marks, yAxis):
            return chart(marks: marks, yAxis: yAxis)
        case let .shape(kind, style):
            var fields: [(key: String, value: JSONValue)] = []
            if case .roundedRectangle(let radius) = kind { fields.append(("cornerRadius", .number(radius))) }
            switch style {
            case .fill(nil): break
            case .fill(.color(let color)?): fields.append(("fill", self.color(color)))
            case .fill(.gradient(let gradient)?): fields.append(("fill", .object([("LinearGradient", self.gradient(gradient))])))
            case .stroke(let color): fields.append(("stroke", self.color(color)))
            }
            return [(shapeName(kind), .object(fields))]
        case let .link(destination, label):
            return [("Link", .object([("destination", .string(destination.absoluteString)), ("label", label.jsonValue)]))]
        case let .button(action, label):
            return [("Button", .object(actionFields(action) + [("label", label.jsonValue)]))]
        case let .toggle(isOn, action, label):
            return [("Toggle", .object(actionFields(action) + [("isOn", .bool(isOn)), ("label", label.jsonValue)]))]
        }
    }

    /// A control's `action` and, when it has one, its `value`.
    static func actionFields(_ action: WidgetAction) -> [(key: String, value: JSONValue)] {
        let value = action.value.flatMap { try? JSONValue(parsing: $0) }
        return [("action", .string(action.name))] + optional("value", value) + optional("prompt", action.prompt.map(JSONValue.string))
    }

    /// The JSON key of a modifier.
    static func key(_ modifier: ViewNode.Modifier) -> String {
        switch modifier {
        case .font: "font"
        case .fontWeight: "fontWeight"
        case .bold: "bold"
        case .italic: "italic"
        case .underline: "underline"
        case .foregroundColor: "foregroundColor"
        case .lineLimit, .lineLimitReserving: "lineLimit"
        case .truncationMode: "truncationMode"
        case .multilineTextAlignment: "multilineTextAlignment"
        case .minimumScaleFactor: "minimumScaleFactor"
        case .redacted: "redacted"
        case .unredacted: "unredacted"
        case .privacySensitive: "privacySensitive"
        case .padding: "padding"
        case .frame, .flexibleFrame: "frame"
        case .fixedSize: "fixedSize"
        case .layoutPriority: "layoutPriority"
        case .zIndex: "zIndex"
        case .offset: "offset"
        case .background: "background"
        case .overlay: "overlay"
        case .border: "border"
        case .opacity: "opacity"
        case .hidden: "hidden"
        case .clipped: "clipped"
        case .cornerRadius: "cornerRadius"
        case .clipShape: "clipShape"
        case .widgetURL: "widgetURL"
        case .invalidatableContent: "invalidatableContent"
        case .accessibilityLabel: "accessibilityLabel"
        case .accessibilityValue: "accessibilityValue"
        case .accessibilityHidden: "accessibilityHidden"
        }
    }

    /// The JSON value of a modifier's arguments.
    static func value(_ modifier: ViewNode.Modifier) -> JSONValue {
        switch modifier {
        case .font(let font): return font.map(self.font) ?? .null
        case .fontWeight(let weight): return weight.map { name($0, JSONNames.weights) } ?? .null
        case .bold(let flag), .italic(let flag), .underline(let flag), .privacySensitive(let flag), .accessibilityHidden(let flag):
            return .bool(flag)
        case .accessibilityLabel(let text), .accessibilityValue(let text): return .string(text)
        case .foregroundColor(let color): return color.map(self.color) ?? .null
        case .lineLimit(let limit): return limit.map(cells) ?? .null
        case let .lineLimitReserving(limit, reserved):
            return reserved == limit
                ? .object([("limit", cells(limit)), ("reservesSpace", .bool(true))])
                : .object([("min", cells(reserved)), ("max", cells(limit))])
        case .truncationMode(let mode): return name(mode, JSONNames.truncationModes)
        case .multilineTextAlignment(let alignment): return name(alignment, JSONNames.textAlignments)
        case .minimumScaleFactor(let factor), .layoutPriority(let factor), .zIndex(let factor),
             .opacity(let factor), .cornerRadius(let factor):
            return .number(factor)
        case .redacted(let reasons):
            if let single = JSONNames.redactionReasons.name(of: reasons) { return .string(single) }
            return .array(JSONNames.redactionReasons.entries.filter { reasons.contains($0.value) }.map { .string($0.name) })
        case .unredacted, .hidden, .clipped, .invalidatableContent: return .bool(true)
        case .padding(let insets): return self.insets(insets)
        case let .frame(width, height, alignment):
            return .object(optional("width", width.map(cells)) + optional("height", height.map(cells)) + alignmentField(alignment))
        case .flexibleFrame(let frame):
            let sizes: [(String, Int?)] = [
                ("minWidth", frame.minWidth), ("idealWidth", frame.idealWidth), ("maxWidth", frame.maxWidth),
                ("minHeight", frame.minHeight), ("idealHeight", frame.idealHeight), ("maxHeight", frame.maxHeight),
            ]
            return .object(sizes.flatMap { optional($0.0, $0.1.map(cells)) } + alignmentField(frame.alignment))
        case let .fixedSize(horizontal, vertical):
            return horizontal && vertical ? .bool(true) : .object([("horizontal", .bool(horizontal)), ("vertical", .bool(vertical))])
        case let .offset(x, y): return .object([("x", cells(x)), ("y", cells(y))])
        case let .background(node, alignment), let .overlay(node, alignment):
            let content: JSONValue
            if case .color(let color) = node.view, node.modifiers.isEmpty { content = self.color(color) } else { content = node.jsonValue }
            return alignment == .center ? content : .object([("view", node.jsonValue), ("alignment", name(alignment, JSONNames.alignments))])
        case let .border(color, width):
            return width == 1 ? self.color(color) : .object([("color", self.color(color)), ("width", cells(width))])
        case .clipShape(let kind):
            if case .roundedRectangle(let radius) = kind { return .object([("RoundedRectangle", .object([("cornerRadius", .number(radius))]))]) }
            return .string(shapeName(kind))
        case .widgetURL(let url): return .string(url.absoluteString)
        }
    }

    private static func nodes(_ children: [ViewNode]) -> JSONValue { .array(children.map(\.jsonValue)) }

    private static func optional(_ key: String, _ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        value.map { [(key, $0)] } ?? []
    }

    private static func alignmentField(_ alignment: Alignment) -> [(key: String, value: JSONValue)] {
        alignment == .center ? [] : [("alignment", name(alignment, JSONNames.alignments))]
    }

    private static func name<Value>(_ value: Value, _ table: NameTable<Value>) -> JSONValue {
        .string(table.name(of: value) ?? table.names[0])
    }

    private static func cells(_ count: Int) -> JSONValue {
        count == .infinity ? .string("infinity") : .number(Double(count))
    }

    private static func shapeName(_ kind: ViewNode.ShapeKind) -> String {
        switch kind {
        case .rectangle: "Rectangle"
        case .roundedRectangle: "RoundedRectangle"
        case .capsule: "Capsule"
        }
    }

    private static func date(_ date: Date) -> JSONValue {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return .string(InternetDate.string(from: date, fractionalSeconds: !whole))
    }

    private static func text(_ content: ViewNode.TextContent) -> JSONValue {
        switch content {
        case .verbatim(let string):
            return .string(string)
        case let .date(date, style):
            return .object([("date", self.date(date)), ("style", name(style, JSONNames.dateStyles))])
        case .interval(let range):
            return .object([("interval", .array([self.date(range.lowerBound), self.date(range.upperBound)]))])
        case let .timer(range, pauseTime, countsDown, showsHours):
            return .object([("timerInterval", .array([self.date(range.lowerBound), self.date(range.upperBound)]))]
                + optional("pauseTime", pauseTime.map(self.date))
                + optional("countsDown", countsDown ? nil : .bool(false))
                + optional("showsHours", showsHours ? nil : .bool(false)))
        }
    }

    /// A colour in the shortest form that reads back equal.
    static func color(_ color: Color) -> JSONValue {
        if let system = JSONNames.systemColors.name(of: color) { return .string(system) }
        let base: JSONValue
        switch color.storage {
        case .rgb(let rgb):
            let byte = (color.alpha * 255).rounded()
            if color.alpha < 1, Double(byte) / 255 == color.alpha {
                return .string(rgb.description + hexByte(UInt8(byte)))
            }
            base = .string(rgb.description)
        case let .appearance(light, dark):
            base = .object([("light", .string(light.description)), ("dark", .string(dark.description))])
        case .named(let name):
            base = .string(name)
        case .primary: base = .string("primary")
        case .secondary: base = .string("secondary")
        case .clear: base = .string("clear")
        }
        return color.alpha == 1 ? base : .object([("color", base), ("opacity", .number(color.alpha))])
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    private static func gradient(_ gradient: LinearGradient) -> JSONValue {
        .object([
            ("colors", .array(gradient.colors.map(color))),
            ("startPoint", unitPoint(gradient.startPoint)), ("endPoint", unitPoint(gradient.endPoint)),
        ])
    }

    private static func unitPoint(_ point: UnitPoint) -> JSONValue {
        if let name = JSONNames.unitPoints.name(of: point) { return .string(name) }
        return .object([("x", .number(point.x)), ("y", .number(point.y))])
    }

    private static func font(_ font: Font) -> JSONValue {
        if let name = JSONNames.fonts.name(of: font) { return .string(name) }
        var fields: [(key: String, value: JSONValue)]
        if let style = JSONNames.fonts.entries.first(where: { matches($0.value, font) }) {
            fields = [("style", .string(style.name))]
        } else {
            fields = [("size", .number(font.size))]
        }
        fields.append(("weight", name(font.weight, JSONNames.weights)))
        if font.isItalic { fields.append(("italic", .bool(true))) }
        return .object(fields)
    }

    /// Whether `font` is the text style `style` with another weight or slant.
    private static func matches(_ style: Font, _ font: Font) -> Bool {
        var candidate = style.weight(font.weight)
        if font.isItalic { candidate = candidate.italic() }
        return candidate == font && Font.system(size: font.size, weight: font.weight) != style.weight(font.weight)
    }

    private static func insets(_ insets: EdgeInsets) -> JSONValue {
        let all = [insets.top, insets.leading, insets.bottom, insets.trailing]
        if Set(all).count == 1 { return cells(insets.top) }
        let edges: [(String, Int)] = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        return .object(edges.filter { $0.1 != 0 }.map { ($0.0, cells($0.1)) })
    }

    private static func gridItem(_ item: GridItem) -> JSONValue {
        var fields: [(key: String, value: JSONValue)]
        switch item.size {
        case .fixed(let width):
            fields = [("fixed", cells(width))]
        case let .flexible(minimum, maximum):
            fields = [("flexible", .object([("minimum", cells(minimum))] + optional("maximum", maximum == .infinity ? nil : cells(maximum))))]
        case let .adaptive(minimum, maximum):
            fields = [("adaptive", .object([("minimum", cells(minimum))] + optional("maximum", maximum == .infinity ? nil : cells(maximum))))]
        }
        fields += optional("spacing", item.spacing.map(cells))
        fields += optional("alignment", item.alignment.map { name($0, JSONNames.alignments) })
        return .object(fields)
    }
}
