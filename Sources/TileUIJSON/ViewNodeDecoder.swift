import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

extension ViewNode {
    /// The deepest nesting of views accepted (stacks, backgrounds, overlays and labels count).
    public static let maxDepth = 64
    /// The most nodes one tree may have.
    public static let maxNodeCount = 5_000
    /// The most characters of text one tree may hold in all: a tile shows a few thousand cells,
    /// and laying out much more on every frame would slow the board.
    public static let maxTextCharacters = 20_000

    /// Decodes a view tree from JSON text. `path` names where the tree sits in the document
    /// (`entries[0].view`) and prefixes every error.
    public init(json data: Data, path: String = "") throws(ViewNodeError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw ViewNodeError(path: path, message: error.description)
        }
        try self.init(json: value, path: path)
    }

    /// Decodes a view tree from a parsed JSON value; `path` prefixes every error.
    public init(json value: JSONValue, path: String = "") throws(ViewNodeError) {
        var decoder = ViewNodeDecoder()
        self = try decoder.node(value, path: path, depth: 1)
    }
}

/// Turns JSON into `ViewNode`s, checking every name, type and range, and counting nodes.
struct ViewNodeDecoder {
    var nodeCount = 0
    var textCount = 0

    /// The arguments each view takes besides its content, as keys of its node.
    static let viewArguments: [String: Set<String>] = [
        "VStack": ["alignment", "spacing"], "HStack": ["alignment", "spacing"], "ZStack": ["alignment"],
        "LazyVGrid": ["columns", "alignment", "spacing"], "Gauge": ["gaugeStyle"], "Chart": ["chartYAxis"],
    ]

    static let viewNames = ["Text", "VStack", "HStack", "ZStack", "LazyVGrid", "Spacer", "Color", "LinearGradient",
                            "Divider", "Rectangle", "RoundedRectangle", "Capsule", "Link", "Button", "Toggle", "Image",
                            "ProgressView", "Gauge", "Chart", "EmptyView"]

    mutating func node(_ value: JSONValue, path: String, depth: Int) throws(ViewNodeError) -> ViewNode {
        guard depth <= ViewNode.maxDepth else {
            throw ViewNodeError(path: path, message: "views nested deeper than \(ViewNode.maxDepth) levels")
        }
        nodeCount += 1
        guard nodeCount <= ViewNode.maxNodeCount else {
            throw ViewNodeError(path: path, message: "more than \(ViewNode.maxNodeCount) views")
        }
        guard case .object(let members) = value else {
            throw ViewNodeError(path: path, message: "expected a view, an object such as {\"Text\": \"Hello\"}, found \(value.quoted)")
        }
        let viewKeys = members.filter { $0.key.first.map { $0.isASCII && $0.isUppercase } ?? false }
        guard let viewMember = viewKeys.first else {
            throw ViewNodeError(path: path, message: "expected one view key (\(Self.viewNames.joined(separator: ", "))), found none")
        }
        guard viewKeys.count == 1 else {
            throw ViewNodeError(path: path, message: "expected one view key, found \(viewKeys.count): \(viewKeys.map { JSONValue.shown($0.key) }.joined(separator: ", "))")
        }
        let name = viewMember.key
        let arguments = Self.viewArguments[name] ?? []
        var argumentValues: [String: JSONValue] = [:]
        var plain: [(rank: Int, key: String, value: JSONValue)] = []
        var listed: JSONValue?
        for member in members where member.key != name {
            if arguments.contains(member.key) {
                argumentValues[member.key] = member.value
            } else if member.key == "modifiers" {
                listed = member.value
            } else if let rank = Self.modifierOrder.firstIndex(of: member.key) {
                plain.append((rank, member.key, member.value))
            } else {
                let argumentHint = arguments.isEmpty ? "" : ", an argument of \(name) (\(arguments.sorted().joined(separator: ", ")))"
                throw ViewNodeError(
                    path: path + "." + JSONValue.shown(member.key),
                    message: "unknown key; expected a modifier (\(Self.modifierOrder.joined(separator: ", ")))\(argumentHint) or modifiers")
            }
        }
        let view = try kind(name, content: viewMember.value, arguments: argumentValues, path: path, depth: depth)
        var modifiers: [ViewNode.Modifier] = []
        for entry in plain.sorted(by: { $0.rank < $1.rank }) {
            modifiers.append(try modifier(entry.key, entry.value, path: path + "." + entry.key, depth: depth))
        }
        if let listed {
            let listPath = path + ".modifiers"
            guard case .array(let elements) = listed else {
                throw ViewNodeError(path: listPath, message: "expected an array of modifiers such as [{\"padding\": 1}], found \(listed.quoted)")
            }
            for (index, element) in elements.enumerated() {
                let elementPath = "\(listPath)[\(index)]"
                guard case .object(let pair) = element, pair.count == 1 else {
                    throw ViewNodeError(path: elementPath, message: "expected an object with one modifier, such as {\"padding\": 1}, found \(element.quoted)")
                }
                guard Self.modifierOrder.contains(pair[0].key) else {
                    throw ViewNodeError(path: elementPath + "." + JSONValue.shown(pair[0].key),
                                        message: "unknown modifier; expected one of \(Self.modifierOrder.joined(separator: ", "))")
                }
                modifiers.append(try modifier(pair[0].key, pair[0].value, path: elementPath + "." + pair[0].key, depth: depth))
            }
        }
        return ViewNode(view, modifiers: modifiers)
    }

    private mutating func kind(
        _ name: String, content: JSONValue, arguments: [String: JSONValue], path: String, depth: Int
    ) throws(ViewNodeError) -> ViewNode.Kind {
        let contentPath = path + "." + JSONValue.shown(name)
        func argument(_ key: String) -> (JSONValue, String)? { arguments[key].map { ($0, path + "." + key) } }
        switch name {
        case "Text":
            let text = try textContent(content, path: contentPath)
            if case .verbatim(let string) = text { textCount += string.count }
            guard textCount <= ViewNode.maxTextCharacters else {
                throw ViewNodeError(path: contentPath, message: "more than \(ViewNode.maxTextCharacters) characters of text in one tree")
            }
            return .text(text)
        case "VStack":
            return .vStack(
                alignment: try argument("alignment").map { v, p throws(ViewNodeError) in try Values.name(v, JSONNames.horizontalAlignments, path: p) } ?? .center,
                spacing: try argument("spacing").map { v, p throws(ViewNodeError) in try Values.cells(v, path: p) },
                children: try children(content, path: contentPath, depth: depth))
        case "HStack":
            return .hStack(
                alignment: try argument("alignment").map { v, p throws(ViewNodeError) in try Values.name(v, JSONNames.verticalAlignments, path: p) } ?? .center,
                spacing: try argument("spacing").map { v, p throws(ViewNodeError) in try Values.cells(v, path: p) },
                children: try children(content, path: contentPath, depth: depth))
        case "ZStack":
            return .zStack(
                alignment: try argument("alignment").map { v, p throws(ViewNodeError) in try Values.name(v, JSONNames.alignments, path: p) } ?? .center,
                children: try children(content, path: contentPath, depth: depth))
        case "LazyVGrid":
            guard let (columns, columnsPath) = argument("columns") else {
                throw ViewNodeError(path: path, message: "LazyVGrid needs columns, such as \"columns\": [{\"flexible\": {}}, {\"flexible\": {}}]")
            }
            return .lazyVGrid(
                columns: try Values.gridItems(columns, path: columnsPath),
                alignment: try argument("alignment").map { v, p throws(ViewNodeError) in try Values.name(v, JSONNames.horizontalAlignments, path: p) } ?? .center,
                spacing: try argument("spacing").map { v, p throws(ViewNodeError) in try Values.cells(v, path: p) },
                children: try children(content, path: contentPath, depth: depth))
        case "Spacer":
            let fields = try Values.fields(content, allowed: ["minLength"], path: contentPath)
            return .spacer(minLength: try fields["minLength"].map { v throws(ViewNodeError) in try Values.cells(v, nonNegative: true, path: contentPath + ".minLength") })
        case "Color":
            return .color(try Values.color(content, path: contentPath))
        case "LinearGradient":
            return .linearGradient(try Values.gradient(content, path: contentPath))
        case "Divider", "EmptyView":
            _ = try Values.fields(content, allowed: [], path: contentPath)
            return name == "Divider" ? .divider : .empty
        case "Rectangle", "RoundedRectangle", "Capsule":
            return try shape(name, content, path: contentPath)
        case "Image":
            return .image(try ImageJSON.image(content, path: contentPath))
        case "ProgressView":
            return try progress(content, path: contentPath, depth: depth)
        case "Gauge":
            return try gauge(content, style: arguments["gaugeStyle"], path: contentPath, stylePath: path + ".gaugeStyle", depth: depth)
        case "Chart":
            return try chart(content, yAxis: arguments["chartYAxis"], path: contentPath, axisPath: path + ".chartYAxis")
        case "Link":
            let fields = try Values.fields(content, allowed: ["destination", "label"], path: contentPath)
            guard let destination = fields["destination"], let label = fields["label"] else {
                throw ViewNodeError(path: contentPath, message: "expected {\"destination\": URL, \"label\": view}")
            }
            return .link(
                destination: try Values.url(destination, path: contentPath + ".destination"),
                label: try node(label, path: contentPath + ".label", depth: depth + 1))
        case "Button":
            let fields = try Values.fields(content, allowed: ["action", "value", "prompt", "label"], path: contentPath)
            guard let label = fields["label"] else {
                throw ViewNodeError(path: contentPath, message: "expected {\"action\": NAME, \"label\": view}, with an optional \"value\" and \"prompt\"")
            }
            var action = try Values.action(fields, path: contentPath)
            if let prompt = fields["prompt"] {
                action.prompt = try Values.text(prompt, path: contentPath + ".prompt")
            }
            return .button(
                action: action,
                label: try node(label, path: contentPath + ".label", depth: depth + 1))
        case "Toggle":
            let fields = try Values.fields(content, allowed: ["action", "value", "isOn", "label"], path: contentPath)
            guard let isOn = fields["isOn"], let label = fields["label"] else {
                throw ViewNodeError(path: contentPath, message: "expected {\"action\": NAME, \"isOn\": true or false, \"label\": view}, with an optional \"value\"")
            }
            return .toggle(
                isOn: try Values.bool(isOn, path: contentPath + ".isOn"),
                action: try Values.action(fields, path: contentPath),
                label: try node(label, path: contentPath + ".label", depth: depth + 1))
        default:
            throw ViewNodeError(path: contentPath, message: "unknown view; expected one of \(Self.viewNames.joined(separator: ", "))")
        }
    }

    private mutating func children(_ content: JSONValue, path: String, depth: Int) throws(ViewNodeError) -> [ViewNode] {
        guard case .array(let elements) = content else {
            throw ViewNodeError(path: path, message: "expected an array of views, found \(content.quoted)")
        }
        var nodes: [ViewNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try node(element, path: "\(path)[\(index)]", depth: depth + 1))
        }
        return nodes
    }

    private func textContent(_ content: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.TextContent {
        if case .string = content { return .verbatim(try Values.text(content, path: path)) }
        guard case .object = content else {
            throw ViewNodeError(path: path, message: "expected a string or an object with date and style, found \(content.quoted)")
        }
        if content["timerInterval"] != nil {
            let fields = try Values.fields(content, allowed: ["timerInterval", "pauseTime", "countsDown", "showsHours"], path: path)
            return .timer(
                try Values.dateRange(fields["timerInterval"]!, path: path + ".timerInterval"),
                pauseTime: try fields["pauseTime"].map { v throws(ViewNodeError) in try Values.date(v, path: path + ".pauseTime") },
                countsDown: try fields["countsDown"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".countsDown") } ?? true,
                showsHours: try fields["showsHours"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".showsHours") } ?? true)
        }
        if content["interval"] != nil {
            let fields = try Values.fields(content, allowed: ["interval"], path: path)
            return .interval(try Values.dateRange(fields["interval"]!, path: path + ".interval"))
        }
        let fields = try Values.fields(content, allowed: ["date", "style"], path: path)
        guard let date = fields["date"], let style = fields["style"] else {
            throw ViewNodeError(path: path, message: "expected {\"date\": DATE, \"style\": …}, {\"interval\": [FROM, TO]} or {\"timerInterval\": [FROM, TO]}")
        }
        return .date(try Values.date(date, path: path + ".date"), try Values.name(style, JSONNames.dateStyles, path: path + ".style"))
    }

    private func shape(_ name: String, _ content: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.Kind {
        let allowed: Set<String> = name == "RoundedRectangle" ? ["cornerRadius", "fill", "stroke"] : ["fill", "stroke"]
        let fields = try Values.fields(content, allowed: allowed, path: path)
        let kind: ViewNode.ShapeKind
        switch name {
        case "RoundedRectangle":
            guard let radius = fields["cornerRadius"] else {
                throw ViewNodeError(path: path, message: "RoundedRectangle needs cornerRadius (points), such as {\"cornerRadius\": 8}")
            }
            kind = .roundedRectangle(cornerRadius: try Values.number(radius, in: 0...1_000, path: path + ".cornerRadius"))
        case "Capsule": kind = .capsule
        default: kind = .rectangle
        }
        switch (fields["fill"], fields["stroke"]) {
        case (nil, nil):
            return .shape(kind, .fill(nil))
        case (let fill?, nil):
            return .shape(kind, .fill(try Values.fill(fill, path: path + ".fill")))
        case (nil, let stroke?):
            return .shape(kind, .stroke(try Values.color(stroke, path: path + ".stroke")))
        case (_?, _?):
            throw ViewNodeError(path: path, message: "expected fill or stroke, not both")
        }
    }
}
