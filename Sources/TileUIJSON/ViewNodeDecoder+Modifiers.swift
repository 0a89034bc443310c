import TileUI

extension ViewNodeDecoder {
    /// Modifier keys in the order they apply when written as plain keys of a node, innermost first:
    /// layout and drawing around the view first, then the text style and environment for all of it.
    static let modifierOrder = [
        "fixedSize", "frame", "padding", "background", "overlay", "border", "cornerRadius", "clipShape",
        "clipped", "opacity", "hidden", "offset", "zIndex", "layoutPriority",
        "font", "fontWeight", "bold", "italic", "underline", "foregroundColor",
        "lineLimit", "truncationMode", "multilineTextAlignment", "minimumScaleFactor",
        "privacySensitive", "redacted", "unredacted", "widgetURL", "invalidatableContent",
        "accessibilityValue", "accessibilityLabel", "accessibilityHidden",
    ]

    mutating func modifier(_ key: String, _ value: JSONValue, path: String, depth: Int) throws(ViewNodeError) -> ViewNode.Modifier {
        switch key {
        case "fixedSize":
            if case .bool(true) = value { return .fixedSize(horizontal: true, vertical: true) }
            let fields = try Values.fields(value, allowed: ["horizontal", "vertical"], path: path)
            return .fixedSize(
                horizontal: try fields["horizontal"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".horizontal") } ?? false,
                vertical: try fields["vertical"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".vertical") } ?? false)
        case "frame":
            return try frame(value, path: path)
        case "padding":
            return .padding(try Values.insets(value, path: path))
        case "background", "overlay":
            // A colour, a view, or {"view": VIEW, "alignment": …} to place a smaller view.
            var content = value
            var alignment = Alignment.center
            if case .object = value, value["view"] != nil {
                let fields = try Values.fields(value, allowed: ["view", "alignment"], path: path)
                content = fields["view"]!
                alignment = try fields["alignment"].map { v throws(ViewNodeError) in try Values.name(v, JSONNames.alignments, path: path + ".alignment") } ?? .center
            }
            let node = Values.isView(content)
                ? try self.node(content, path: value["view"] == nil ? path : path + ".view", depth: depth + 1)
                : ViewNode(.color(try Values.color(content, path: path)))
            return key == "background" ? .background(node, alignment: alignment) : .overlay(node, alignment: alignment)
        case "border":
            if case .object = value, value["width"] != nil {
                let fields = try Values.fields(value, allowed: ["color", "width"], path: path)
                guard let color = fields["color"] else { throw ViewNodeError(path: path, message: "expected {\"color\": COLOR, \"width\": 1}") }
                return .border(try Values.color(color, path: path + ".color"), width: try Values.cells(fields["width"]!, nonNegative: true, path: path + ".width"))
            }
            return .border(try Values.color(value, path: path), width: 1)
        case "cornerRadius":
            return .cornerRadius(try Values.number(value, in: 0...1_000, path: path))
        case "clipShape":
            return .clipShape(try Values.shapeKind(value, path: path))
        case "clipped":
            try Values.expectTrue(value, path: path)
            return .clipped
        case "opacity":
            return .opacity(try Values.number(value, in: 0...1, path: path))
        case "hidden":
            try Values.expectTrue(value, path: path)
            return .hidden
        case "invalidatableContent":
            try Values.expectTrue(value, path: path)
            return .invalidatableContent
        case "accessibilityLabel":
            return .accessibilityLabel(try Values.text(value, path: path))
        case "accessibilityValue":
            return .accessibilityValue(try Values.text(value, path: path))
        case "accessibilityHidden":
            return .accessibilityHidden(try Values.bool(value, path: path))
        case "offset":
            let fields = try Values.fields(value, allowed: ["x", "y"], path: path)
            return .offset(
                x: try fields["x"].map { v throws(ViewNodeError) in try Values.cells(v, path: path + ".x") } ?? 0,
                y: try fields["y"].map { v throws(ViewNodeError) in try Values.cells(v, path: path + ".y") } ?? 0)
        case "zIndex":
            return .zIndex(try Values.number(value, in: -1_000_000...1_000_000, path: path))
        case "layoutPriority":
            return .layoutPriority(try Values.number(value, in: -1_000_000...1_000_000, path: path))
        case "font":
            return .font(try Values.font(value, path: path))
        case "fontWeight":
            return .fontWeight(try Values.name(value, JSONNames.weights, path: path))
        case "bold":
            return .bold(try Values.bool(value, path: path))
        case "italic":
            return .italic(try Values.bool(value, path: path))
        case "underline":
            return .underline(try Values.bool(value, path: path))
        case "foregroundColor":
            if case .null = value { return .foregroundColor(nil) }
            return .foregroundColor(try Values.color(value, path: path))
        case "lineLimit":
            return try lineLimit(value, path: path)
        case "truncationMode":
            return .truncationMode(try Values.name(value, JSONNames.truncationModes, path: path))
        case "multilineTextAlignment":
            return .multilineTextAlignment(try Values.name(value, JSONNames.textAlignments, path: path))
        case "minimumScaleFactor":
            return .minimumScaleFactor(try Values.number(value, in: 0...1, path: path))
        case "privacySensitive":
            return .privacySensitive(try Values.bool(value, path: path))
        case "redacted":
            // One reason, or several as a list: ["placeholder", "privacy"].
            guard case .array(let names) = value else { return .redacted(try Values.name(value, JSONNames.redactionReasons, path: path)) }
            var reasons: RedactionReasons = []
            for (index, name) in names.enumerated() {
                reasons.formUnion(try Values.name(name, JSONNames.redactionReasons, path: "\(path)[\(index)]"))
            }
            return .redacted(reasons)
        case "unredacted":
            try Values.expectTrue(value, path: path)
            return .unredacted
        default:
            return .widgetURL(try Values.url(value, path: path))
        }
    }

    private func frame(_ value: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.Modifier {
        let fixed: Set<String> = ["width", "height"]
        let flexible: Set<String> = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
        let fields = try Values.fields(value, allowed: fixed.union(flexible).union(["alignment"]), path: path)
        let alignment = try fields["alignment"].map { v throws(ViewNodeError) in try Values.name(v, JSONNames.alignments, path: path + ".alignment") } ?? .center
        func cells(_ key: String) throws(ViewNodeError) -> Int? {
            try fields[key].map { v throws(ViewNodeError) in try Values.cells(v, allowingInfinity: flexible.contains(key), nonNegative: true, path: path + "." + key) }
        }
        let usesFlexible = fields.keys.contains { flexible.contains($0) }
        if usesFlexible {
            if fields.keys.contains(where: { fixed.contains($0) }) {
                throw ViewNodeError(path: path, message: "width and height cannot be combined with min, ideal or max sizes in one frame; use two frames in \"modifiers\"")
            }
            return .flexibleFrame(ViewNode.FlexibleFrame(
                minWidth: try cells("minWidth"), idealWidth: try cells("idealWidth"), maxWidth: try cells("maxWidth"),
                minHeight: try cells("minHeight"), idealHeight: try cells("idealHeight"), maxHeight: try cells("maxHeight"),
                alignment: alignment))
        }
        return .frame(width: try cells("width"), height: try cells("height"), alignment: alignment)
    }

    private func lineLimit(_ value: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.Modifier {
        switch value {
        case .null:
            return .lineLimit(nil)
        case .number:
            return .lineLimit(try Values.integer(value, in: 1...1_000, path: path))
        case .object where value["limit"] != nil:
            let fields = try Values.fields(value, allowed: ["limit", "reservesSpace"], path: path)
            let limit = try Values.integer(fields["limit"]!, in: 1...1_000, path: path + ".limit")
            let reserves = try fields["reservesSpace"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".reservesSpace") } ?? false
            return reserves ? .lineLimitReserving(limit: limit, reserved: limit) : .lineLimit(limit)
        case .object:
            let fields = try Values.fields(value, allowed: ["min", "max"], path: path)
            guard let low = fields["min"], let high = fields["max"] else {
                throw ViewNodeError(path: path, message: "expected a number, null, {\"limit\": N, \"reservesSpace\": true} or {\"min\": A, \"max\": B}")
            }
            let lower = try Values.integer(low, in: 0...1_000, path: path + ".min")
            let upper = try Values.integer(high, in: max(lower, 1)...1_000, path: path + ".max")
            return .lineLimitReserving(limit: upper, reserved: lower)
        default:
            throw ViewNodeError(path: path, message: "expected a number, null or an object, found \(value.quoted)")
        }
    }
}
