import FoundationEssentials
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Decoders of the values inside a view tree: numbers, names, colours, fonts, dates, URLs. Each
/// names its path and what it expected when the value is wrong.
enum Values {
    /// The largest cell count accepted anywhere; larger sizes are surely mistakes.
    static let maxCells = 10_000
    /// The longest Text accepted, in characters.
    static let maxTextLength = 10_000

    static func expected(_ what: String, _ value: JSONValue, path: String) -> ViewNodeError {
        ViewNodeError(path: path, message: "expected \(what), found \(value.quoted)")
    }

    /// Whether `value` is a view node: an object with a capitalised key.
    static func isView(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.key.first.map { $0.isASCII && $0.isUppercase } ?? false }
    }

    /// The members of an object whose keys are all in `allowed`.
    static func fields(_ value: JSONValue, allowed: Set<String>, path: String) throws(ViewNodeError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw expected(allowed.isEmpty ? "{}" : "an object with \(allowed.sorted().joined(separator: ", "))", value, path: path)
        }
        var fields: [String: JSONValue] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                let hint = allowed.isEmpty ? "no keys" : "one of \(allowed.sorted().joined(separator: ", "))"
                throw ViewNodeError(path: path + "." + JSONValue.shown(member.key), message: "unknown key; expected \(hint)")
            }
            fields[member.key] = member.value
        }
        return fields
    }

    static func name<Value>(_ value: JSONValue, _ table: NameTable<Value>, path: String) throws(ViewNodeError) -> Value {
        if case .string(let name) = value, let result = table.value(named: name) { return result }
        throw expected("one of \(table.names.joined(separator: ", "))", value, path: path)
    }

    static func bool(_ value: JSONValue, path: String) throws(ViewNodeError) -> Bool {
        guard case .bool(let flag) = value else { throw expected("true or false", value, path: path) }
        return flag
    }

    /// For flags that only switch a modifier on (`"hidden": true`).
    static func expectTrue(_ value: JSONValue, path: String) throws(ViewNodeError) {
        guard case .bool(true) = value else { throw expected("true", value, path: path) }
    }

    static func number(_ value: JSONValue, in range: ClosedRange<Double>, path: String) throws(ViewNodeError) -> Double {
        guard case .number(let number) = value, range.contains(number) else {
            throw expected("a number from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound))", value, path: path)
        }
        return number
    }

    static func integer(_ value: JSONValue, in range: ClosedRange<Int>, path: String) throws(ViewNodeError) -> Int {
        guard case .number(let number) = value, number.rounded() == number,
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw expected("a whole number from \(range.lowerBound) to \(range.upperBound)", value, path: path)
        }
        return Int(number)
    }

    /// A whole number of cells (negative allowed for padding, offsets and spacing, not for
    /// sizes), or `"infinity"` where unbounded sizes make sense.
    static func cells(_ value: JSONValue, allowingInfinity: Bool = false, nonNegative: Bool = false, path: String) throws(ViewNodeError) -> Int {
        if allowingInfinity, case .string("infinity") = value { return .infinity }
        let lowest = nonNegative ? 0 : -maxCells
        guard case .number(let number) = value, number.rounded() == number, number >= Double(lowest), number <= Double(maxCells) else {
            let infinity = allowingInfinity ? " or \"infinity\"" : ""
            throw expected("a whole number of cells from \(lowest) to \(maxCells)\(infinity)", value, path: path)
        }
        return Int(number)
    }

    /// A string for display: controls, escape sequences and bidi overrides removed.
    static func text(_ value: JSONValue, path: String) throws(ViewNodeError) -> String {
        guard case .string(let string) = value else { throw expected("a string", value, path: path) }
        let clean = TerminalText.sanitize(string)
        guard clean.count <= maxTextLength else {
            throw ViewNodeError(path: path, message: "expected at most \(maxTextLength) characters, found \(clean.count)")
        }
        return clean
    }

    /// The longest action name and the most bytes of an action's value, as compact JSON.
    static let maxActionNameLength = 64
    static let maxActionValueLength = 4_096

    /// A control's action from its node's `action` (a name of letters, digits, `.`, `_` and `-`)
    /// and `value` (any JSON, kept as compact text for the request).
    static func action(_ fields: [String: JSONValue], path: String) throws(ViewNodeError) -> WidgetAction {
        guard let name = fields["action"] else {
            throw ViewNodeError(path: path, message: "expected an \"action\": the name the program receives when the control is pressed")
        }
        guard case .string(let text) = name, (1...maxActionNameLength).contains(text.utf8.count),
              text.unicodeScalars.allSatisfy({ $0.isASCIILetterOrDigit || $0 == "." || $0 == "_" || $0 == "-" }) else {
            throw expected("an action name of letters, digits, '.', '_' and '-' (at most \(maxActionNameLength))", name, path: path + ".action")
        }
        var valueText: String?
        if let value = fields["value"] {
            let data = value.jsonData
            guard data.count <= maxActionValueLength else {
                throw ViewNodeError(path: path + ".value", message: "expected at most \(maxActionValueLength) bytes of JSON, found \(data.count)")
            }
            valueText = String(decoding: data, as: UTF8.self)
        }
        return WidgetAction(name: text, value: valueText)
    }

    /// An absolute URL (with a scheme), with no controls or spaces.
    static func url(_ value: JSONValue, path: String) throws(ViewNodeError) -> URL {
        guard case .string(let string) = value, string.count <= 2_048,
              TerminalText.sanitize(string) == string, !string.contains(where: \.isWhitespace),
              let url = URL(string: string), let scheme = url.scheme, !scheme.isEmpty else {
            throw expected("an absolute URL such as \"https://example.com/a\"", value, path: path)
        }
        return url
    }

    static func date(_ value: JSONValue, path: String) throws(ViewNodeError) -> Date {
        if case .string(let string) = value, let date = InternetDate.parse(string) { return date }
        throw expected("an ISO 8601 date such as \"2026-11-24T08:00:00Z\"", value, path: path)
    }

    /// `[FROM, TO]`, FROM not after TO.
    static func dateRange(_ value: JSONValue, path: String) throws(ViewNodeError) -> ClosedRange<Date> {
        guard case .array(let pair) = value, pair.count == 2 else { throw expected("[FROM, TO], two ISO 8601 dates", value, path: path) }
        let from = try date(pair[0], path: path + "[0]"), to = try date(pair[1], path: path + "[1]")
        guard from <= to else { throw ViewNodeError(path: path, message: "expected FROM not after TO") }
        return from...to
    }

    /// `"#rrggbb"`, `"#rrggbbaa"`, a system colour (`red`, `primary`, …), a theme colour
    /// (`widget.background`), `{"light": "#…", "dark": "#…"}` or `{"color": COLOR, "opacity": 0.5}`.
    static func color(_ value: JSONValue, path: String) throws(ViewNodeError) -> Color {
        switch value {
        case .string(let string) where string.hasPrefix("#"):
            guard let (rgb, alpha) = hexColor(string) else { throw expected("a colour as #rrggbb or #rrggbbaa", value, path: path) }
            return alpha == 1 ? Color(rgb) : Color(rgb).opacity(alpha)
        case .string(let name):
            if let system = JSONNames.systemColors.value(named: name) { return system }
            guard isThemeColorName(name) else {
                throw expected("#rrggbb, a colour name (\(JSONNames.systemColors.names.joined(separator: ", "))) or a theme colour such as widget.background", value, path: path)
            }
            return Color(name)
        case .object where value["light"] != nil:
            let fields = try Values.fields(value, allowed: ["light", "dark"], path: path)
            guard let light = fields["light"], let dark = fields["dark"] else { throw expected("{\"light\": \"#rrggbb\", \"dark\": \"#rrggbb\"}", value, path: path) }
            return Color(light: try opaqueHex(light, path: path + ".light"), dark: try opaqueHex(dark, path: path + ".dark"))
        case .object:
            let fields = try Values.fields(value, allowed: ["color", "opacity"], path: path)
            guard let base = fields["color"], let opacity = fields["opacity"] else {
                throw expected("a colour, {\"light\": …, \"dark\": …} or {\"color\": …, \"opacity\": …}", value, path: path)
            }
            return try color(base, path: path + ".color").opacity(try number(opacity, in: 0...1, path: path + ".opacity"))
        default:
            throw expected("a colour such as \"#ff9500\", \"red\" or \"widget.background\"", value, path: path)
        }
    }

    private static func opaqueHex(_ value: JSONValue, path: String) throws(ViewNodeError) -> RGBColor {
        guard case .string(let string) = value, string.count == 7, let (rgb, _) = hexColor(string) else {
            throw expected("a colour as #rrggbb", value, path: path)
        }
        return rgb
    }

    /// `#rrggbb` or `#rrggbbaa`.
    static func hexColor(_ string: String) -> (RGBColor, Double)? {
        let digits = string.dropFirst()
        guard string.hasPrefix("#"), digits.count == 6 || digits.count == 8,
              digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 { return (RGBColor(hex: value), 1) }
        return (RGBColor(hex: value >> 8), Double(value & 0xFF) / 255)
    }

    /// Theme colour names are words joined by dots, dashes or underscores, as `widget.background`.
    static func isThemeColorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
              ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "." || scalar == "-" || scalar == "_"
        }
    }

    /// `{"colors": [COLOR, …], "startPoint": POINT, "endPoint": POINT}`; points default to top
    /// and bottom.
    static func gradient(_ value: JSONValue, path: String) throws(ViewNodeError) -> LinearGradient {
        let fields = try Values.fields(value, allowed: ["colors", "startPoint", "endPoint"], path: path)
        guard case .array(let list)? = fields["colors"], (1...16).contains(list.count) else {
            throw ViewNodeError(path: path + ".colors", message: "expected an array of 1 to 16 colours")
        }
        var colors: [Color] = []
        for (index, element) in list.enumerated() { colors.append(try color(element, path: "\(path).colors[\(index)]")) }
        return LinearGradient(
            colors: colors,
            startPoint: try fields["startPoint"].map { v throws(ViewNodeError) in try unitPoint(v, path: path + ".startPoint") } ?? .top,
            endPoint: try fields["endPoint"].map { v throws(ViewNodeError) in try unitPoint(v, path: path + ".endPoint") } ?? .bottom)
    }

    /// A named point (`topLeading`) or `{"x": 0.2, "y": 1}`.
    static func unitPoint(_ value: JSONValue, path: String) throws(ViewNodeError) -> UnitPoint {
        if case .string = value { return try name(value, JSONNames.unitPoints, path: path) }
        let fields = try Values.fields(value, allowed: ["x", "y"], path: path)
        guard let x = fields["x"], let y = fields["y"] else { throw expected("a point name or {\"x\": 0, \"y\": 1}", value, path: path) }
        return UnitPoint(x: try number(x, in: -10...10, path: path + ".x"), y: try number(y, in: -10...10, path: path + ".y"))
    }

    /// A shape's fill: a colour or `{"LinearGradient": {…}}`.
    static func fill(_ value: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.Fill {
        if case .object = value, let gradient = value["LinearGradient"] {
            _ = try fields(value, allowed: ["LinearGradient"], path: path)
            return .gradient(try self.gradient(gradient, path: path + ".LinearGradient"))
        }
        return .color(try color(value, path: path))
    }

    /// `"Rectangle"`, `"Capsule"` or `{"RoundedRectangle": {"cornerRadius": 8}}`.
    static func shapeKind(_ value: JSONValue, path: String) throws(ViewNodeError) -> ViewNode.ShapeKind {
        switch value {
        case .string("Rectangle"): return .rectangle
        case .string("Capsule"): return .capsule
        case .object where value["RoundedRectangle"] != nil:
            _ = try fields(value, allowed: ["RoundedRectangle"], path: path)
            let radius = try fields(value["RoundedRectangle"]!, allowed: ["cornerRadius"], path: path + ".RoundedRectangle")
            guard let r = radius["cornerRadius"] else { throw ViewNodeError(path: path + ".RoundedRectangle", message: "expected {\"cornerRadius\": 8}") }
            return .roundedRectangle(cornerRadius: try number(r, in: 0...1_000, path: path + ".RoundedRectangle.cornerRadius"))
        default:
            throw expected("\"Rectangle\", \"Capsule\" or {\"RoundedRectangle\": {\"cornerRadius\": 8}}", value, path: path)
        }
    }

    /// A named text style, or `{"size": 19, "weight": "semibold", "italic": true}` (a size in
    /// points), or `{"style": "caption", "weight": …}`.
    static func font(_ value: JSONValue, path: String) throws(ViewNodeError) -> Font {
        if case .string = value { return try name(value, JSONNames.fonts, path: path) }
        let fields = try Values.fields(value, allowed: ["size", "style", "weight", "italic"], path: path)
        var font: Font
        switch (fields["size"], fields["style"]) {
        case (let size?, nil): font = .system(size: try number(size, in: 1...200, path: path + ".size"))
        case (nil, let style?): font = try name(style, JSONNames.fonts, path: path + ".style")
        default: throw expected("a text style name, {\"size\": POINTS} or {\"style\": NAME}", value, path: path)
        }
        if let weight = fields["weight"] { font.weight = try name(weight, JSONNames.weights, path: path + ".weight") }
        if let italic = fields["italic"], try bool(italic, path: path + ".italic") { font = font.italic() }
        return font
    }

    /// A number of cells on every edge, `true` for the default padding (2 columns, 1 row), or
    /// `{"top", "leading", "bottom", "trailing", "horizontal", "vertical"}` (edges win over pairs).
    static func insets(_ value: JSONValue, path: String) throws(ViewNodeError) -> EdgeInsets {
        switch value {
        case .bool(true):
            return EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
        case .number:
            let length = try cells(value, path: path)
            return EdgeInsets(top: length, leading: length, bottom: length, trailing: length)
        case .object:
            let fields = try Values.fields(value, allowed: ["top", "leading", "bottom", "trailing", "horizontal", "vertical"], path: path)
            func edge(_ key: String, _ pair: String) throws(ViewNodeError) -> Int {
                if let own = fields[key] { return try cells(own, path: path + "." + key) }
                if let shared = fields[pair] { return try cells(shared, path: path + "." + pair) }
                return 0
            }
            return EdgeInsets(
                top: try edge("top", "vertical"), leading: try edge("leading", "horizontal"),
                bottom: try edge("bottom", "vertical"), trailing: try edge("trailing", "horizontal"))
        default:
            throw expected("a number of cells, true, or {\"horizontal\": 2, \"vertical\": 1, …}", value, path: path)
        }
    }

    /// `[{"fixed": 8}, {"flexible": {"minimum": 2}}, {"adaptive": {"minimum": 6}, "spacing": 1}]`.
    static func gridItems(_ value: JSONValue, path: String) throws(ViewNodeError) -> [GridItem] {
        guard case .array(let list) = value, (1...32).contains(list.count) else {
            throw expected("an array of 1 to 32 grid columns", value, path: path)
        }
        var items: [GridItem] = []
        for (index, element) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let fields = try Values.fields(element, allowed: ["fixed", "flexible", "adaptive", "spacing", "alignment"], path: itemPath)
            let size: GridItem.Size
            func bounds(_ v: JSONValue, _ p: String, minimum: Int) throws(ViewNodeError) -> (Int, Int) {
                let f = try Values.fields(v, allowed: ["minimum", "maximum"], path: p)
                return (try f["minimum"].map { m throws(ViewNodeError) in try integer(m, in: 0...maxCells, path: p + ".minimum") } ?? minimum,
                        try f["maximum"].map { m throws(ViewNodeError) in try cells(m, allowingInfinity: true, path: p + ".maximum") } ?? .infinity)
            }
            switch (fields["fixed"], fields["flexible"], fields["adaptive"]) {
            case (let fixed?, nil, nil):
                size = .fixed(try integer(fixed, in: 0...maxCells, path: itemPath + ".fixed"))
            case (nil, let flexible?, nil):
                let (low, high) = try bounds(flexible, itemPath + ".flexible", minimum: 1)
                size = .flexible(minimum: low, maximum: high)
            case (nil, nil, let adaptive?):
                let (low, high) = try bounds(adaptive, itemPath + ".adaptive", minimum: 1)
                size = .adaptive(minimum: low, maximum: high)
            default:
                throw ViewNodeError(path: itemPath, message: "expected one of fixed, flexible or adaptive")
            }
            items.append(GridItem(
                size,
                spacing: try fields["spacing"].map { v throws(ViewNodeError) in try integer(v, in: 0...maxCells, path: itemPath + ".spacing") },
                alignment: try fields["alignment"].map { v throws(ViewNodeError) in try name(v, JSONNames.alignments, path: itemPath + ".alignment") }))
        }
        return items
    }
}
