import FoundationEssentials

/// A view tree in JSON (docs/extensions-views.md) with data bound into it: strings may hold
/// `{{ … }}` (StringTemplate), `{"ForEach": ".data.items", "content": …, "limit": 5}` repeats
/// its content for each item of an array (inside, `.` is the item and `$` the whole document),
/// and `{"If": ".data.up", "then": …, "else": …}` chooses a node. Only strings' text and
/// numbers come from the data; the tree's shape and keys are the template's own.
public struct ViewTemplate: Hashable, Sendable {
    indirect enum Node: Hashable, Sendable {
        case literal(JSONValue)
        case text(StringTemplate)
        case array([Node])
        case object([Member])
        case forEach(TemplatePath, limit: Int, content: Node)
        case choice(TemplateCondition, then: Node, otherwise: Node?)
    }

    struct Member: Hashable, Sendable {
        var key: String
        var node: Node
    }

    /// The most rows one `ForEach` draws, and the most nodes a whole view may have.
    public static let maximumRows = 200
    public static let maximumNodes = 5_000

    let root: Node
    /// The template as written.
    public let source: String

    /// Reads `source`, a view tree in JSON; an error names the line and column in `source`.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        let json: JSONValue
        do {
            json = try JSONValue(parsing: source)
        } catch {
            let (line, column) = Self.position(ofByte: error.offset, in: source)
            throw TemplateError(error.message, line: line, column: column)
        }
        do throws(TemplateError) {
            root = try Self.compile(json)
        } catch {
            throw Self.locate(error, in: source)
        }
    }

    /// The view tree for `scope`; throws when it would be larger than `maximumNodes`.
    public func render(in scope: TemplateScope) throws(TemplateError) -> JSONValue {
        var budget = Self.maximumNodes
        let rendered = try Self.render(root, in: scope, budget: &budget)
        return rendered.count == 1 ? rendered[0] : .object([(key: "VStack", value: .array(rendered))])
    }

    private static func compile(_ value: JSONValue) throws(TemplateError) -> Node {
        switch value {
        case .string(let text):
            guard StringTemplate.isTemplate(text) else { return .literal(value) }
            do throws(TemplateError) {
                return .text(try StringTemplate(text))
            } catch {
                throw TemplateError(error.message, line: error.line, column: error.column, within: text)
            }
        case .array(let items):
            var nodes: [Node] = []
            for item in items { nodes.append(try compile(item)) }
            return .array(nodes)
        case .object(let members):
            if let forEach = value["ForEach"] { return try compileForEach(forEach, members: members) }
            if let condition = value["If"] { return try compileChoice(condition, members: members) }
            var compiled: [Member] = []
            for member in members { compiled.append(Member(key: member.key, node: try compile(member.value))) }
            return .object(compiled)
        default:
            return .literal(value)
        }
    }

    private static func compileForEach(_ value: JSONValue, members: [(key: String, value: JSONValue)]) throws(TemplateError) -> Node {
        guard case .string(let text) = value, let path = TemplatePath(Substring(text.trimmingSpaces())) else {
            throw TemplateError("ForEach: a path to an array, like \".data.items\"", within: "\"ForEach\"")
        }
        var limit = maximumRows
        var content: Node?
        for member in members {
            switch member.key {
            case "ForEach": continue
            case "content": content = try compile(member.value)
            case "limit":
                guard let number = member.value.wholeNumber, number > 0 else { throw TemplateError("ForEach: limit is a whole number of 1 or more", within: "\"limit\"") }
                limit = min(number, maximumRows)
            default:
                throw TemplateError("ForEach takes \"content\" and \"limit\", not \"\(member.key)\"", within: "\"\(member.key)\"")
            }
        }
        guard let content else { throw TemplateError("ForEach needs a \"content\" node", within: "\"ForEach\"") }
        return .forEach(path, limit: limit, content: content)
    }

    private static func compileChoice(_ value: JSONValue, members: [(key: String, value: JSONValue)]) throws(TemplateError) -> Node {
        guard case .string(let text) = value else { throw TemplateError("If: a condition, like \".data.cpu > 90\"", within: "\"If\"") }
        let condition: TemplateCondition
        do throws(TemplateError) {
            condition = try TemplateExpressionParser.condition(Substring(text))
        } catch {
            throw TemplateError("If: \(error.message)", within: text)
        }
        var then: Node?
        var otherwise: Node?
        for member in members {
            switch member.key {
            case "If": continue
            case "then": then = try compile(member.value)
            case "else": otherwise = try compile(member.value)
            default: throw TemplateError("If takes \"then\" and \"else\", not \"\(member.key)\"", within: "\"\(member.key)\"")
            }
        }
        guard let then else { throw TemplateError("If needs a \"then\" node", within: "\"If\"") }
        return .choice(condition, then: then, otherwise: otherwise)
    }

    /// The values `node` makes: one, none (an `If` without its branch), or a `ForEach`'s rows,
    /// which an array takes in place.
    private static func render(_ node: Node, in scope: TemplateScope, budget: inout Int) throws(TemplateError) -> [JSONValue] {
        budget -= 1
        guard budget >= 0 else { throw TemplateError("the view would have more than \(maximumNodes) nodes") }
        switch node {
        case .literal(let value): return [value]
        case .text(let template): return [template.value(in: scope)]
        case .array(let nodes):
            var items: [JSONValue] = []
            for node in nodes { items += try render(node, in: scope, budget: &budget) }
            return [.array(items)]
        case .object(let members):
            var rendered: [(key: String, value: JSONValue)] = []
            for member in members {
                let values = try render(member.node, in: scope, budget: &budget)
                // A ForEach or If in a single child's place: its rows become a column.
                rendered.append((member.key, values.count == 1 ? values[0] : .object([(key: "VStack", value: .array(values))])))
            }
            return [.object(rendered)]
        case .forEach(let path, let limit, let content):
            guard case .array(let items)? = path.value(current: scope.current, root: scope.root) else { return [] }
            var rows: [JSONValue] = []
            var itemScope = scope
            for item in items.prefix(limit) {
                itemScope.current = item
                rows += try render(content, in: itemScope, budget: &budget)
            }
            return rows
        case .choice(let condition, let then, let otherwise):
            if condition.holds(in: scope) { return try render(then, in: scope, budget: &budget) }
            return try otherwise.map { node throws(TemplateError) in try render(node, in: scope, budget: &budget) } ?? []
        }
    }

    /// Places an error found inside one of the template's strings in the whole source.
    private static func locate(_ error: TemplateError, in source: String) -> TemplateError {
        // The string as the source writes it: escaped as JSON, without its quotes.
        guard let within = error.within else { return error }
        let encoded = Array(JSONValue.string(within).jsonText.utf8.dropFirst().dropLast())
        let bytes = Array(source.utf8)
        guard !encoded.isEmpty, bytes.count >= encoded.count,
              let offset = (0...(bytes.count - encoded.count)).first(where: { bytes[$0..<($0 + encoded.count)].elementsEqual(encoded) })
        else { return TemplateError(error.message, line: error.line, column: error.column) }
        let (line, column) = position(ofByte: offset, in: source)
        // The error's own position counts within the string, which starts after its quote.
        let inside = error.line == 1 ? column + error.column - 1 : error.column
        return TemplateError(error.message, line: line + error.line - 1, column: inside)
    }

    private static func position(ofByte offset: Int, in source: String) -> (line: Int, column: Int) {
        let before = source.utf8.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { before.index(after: $0) } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }
}
