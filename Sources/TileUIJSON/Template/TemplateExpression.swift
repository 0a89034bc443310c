/// What goes between `{{` and `}}`: a value (a path or a literal) through a pipeline of
/// functions, `.data.price | number 2`; or, after `if`, a condition, `.data.cpu > 90`.
struct TemplateExpression: Hashable, Sendable {
    enum Operand: Hashable, Sendable {
        case path(TemplatePath)
        case literal(JSONValue)
    }

    struct Call: Hashable, Sendable {
        var function: TemplateFunction
        var arguments: [JSONValue]
    }

    var operand: Operand
    var calls: [Call]

    /// The value for `scope`, nil when its path finds nothing (and no `default` fills it in).
    func evaluate(in scope: TemplateScope) -> JSONValue? {
        var value: JSONValue?
        switch operand {
        case .path(let path): value = path.value(current: scope.current, root: scope.root)
        case .literal(let literal): value = literal
        }
        for call in calls { value = call.function.apply(to: value, arguments: call.arguments, in: scope) }
        return value
    }
}

/// A condition: an expression's truth (not null, false, 0, "" or empty), or two expressions
/// compared (an `If` node, `{{ if … }}`, a trigger's `when`).
public struct TemplateCondition: Hashable, Sendable {
    enum Comparison: String, Hashable, Sendable, CaseIterable {
        case greaterOrEqual = ">=", lessOrEqual = "<=", equal = "==", notEqual = "!=", greater = ">", less = "<"
        case contains = "contains"
    }

    var negated: Bool
    var left: TemplateExpression
    var comparison: (Comparison, TemplateExpression)?

    /// Reads a condition such as `.data.cpu > 90` or `not .data.up`.
    public init(_ text: String) throws(TemplateError) {
        self = try TemplateExpressionParser.condition(Substring(text))
    }

    init(negated: Bool, left: TemplateExpression, comparison: (Comparison, TemplateExpression)?) {
        self.negated = negated
        self.left = left
        self.comparison = comparison
    }

    public static func == (a: TemplateCondition, b: TemplateCondition) -> Bool {
        a.negated == b.negated && a.left == b.left && a.comparison?.0 == b.comparison?.0 && a.comparison?.1 == b.comparison?.1
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(negated)
        hasher.combine(left)
        hasher.combine(comparison?.0)
        hasher.combine(comparison?.1)
    }

    public func holds(in scope: TemplateScope) -> Bool {
        let value = left.evaluate(in: scope)
        guard let (comparison, rightExpression) = comparison else { return Self.truth(value) != negated }
        let right = rightExpression.evaluate(in: scope)
        let result: Bool
        switch comparison {
        case .contains:
            result = TemplateText.plain(value).contains(TemplateText.plain(right))
        case .equal, .notEqual:
            let same: Bool
            if let x = TemplateText.number(value), let y = TemplateText.number(right) { same = x == y }
            else { same = TemplateText.plain(value) == TemplateText.plain(right) }
            result = (comparison == .equal) == same
        default:
            guard let x = TemplateText.number(value), let y = TemplateText.number(right) else { return negated }
            switch comparison {
            case .greater: result = x > y
            case .greaterOrEqual: result = x >= y
            case .less: result = x < y
            default: result = x <= y
            }
        }
        return result != negated
    }

    static func truth(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case .number(let number)?: return number != 0
        case .string(let text)?: return !text.isEmpty
        case .array(let items)?: return !items.isEmpty
        case .object(let members)?: return !members.isEmpty
        }
    }
}

/// Reads expressions and conditions out of the text between `{{` and `}}`.
struct TemplateExpressionParser {
    private var tokens: [Substring]
    private var position = 0

    init(_ text: Substring) throws(TemplateError) {
        tokens = try Self.tokens(of: text)
    }

    static func expression(_ text: Substring) throws(TemplateError) -> TemplateExpression {
        var parser = try TemplateExpressionParser(text)
        let expression = try parser.expression()
        try parser.expectEnd()
        return expression
    }

    static func condition(_ text: Substring) throws(TemplateError) -> TemplateCondition {
        var parser = try TemplateExpressionParser(text)
        var negated = false
        if parser.peek == "not" {
            negated = true
            parser.position += 1
        }
        let left = try parser.expression()
        var comparison: (TemplateCondition.Comparison, TemplateExpression)?
        if let word = parser.peek, let kind = TemplateCondition.Comparison(rawValue: String(word)) {
            parser.position += 1
            comparison = (kind, try parser.expression())
        }
        try parser.expectEnd()
        return TemplateCondition(negated: negated, left: left, comparison: comparison)
    }

    private var peek: Substring? { position < tokens.count ? tokens[position] : nil }

    private mutating func expectEnd() throws(TemplateError) {
        if let extra = peek { throw TemplateError("unexpected '\(extra)'") }
    }

    private mutating func expression() throws(TemplateError) -> TemplateExpression {
        guard let first = peek else { throw TemplateError("a value is missing (a path like .data.name, or a literal)") }
        position += 1
        var expression = TemplateExpression(operand: try operand(first), calls: [])
        while peek == "|" {
            position += 1
            guard let name = peek else { throw TemplateError("a function name is missing after '|'") }
            guard let function = TemplateFunction(rawValue: String(name)) else {
                throw TemplateError("unknown function '\(name)' (\(TemplateFunction.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            position += 1
            var arguments: [JSONValue] = []
            while let token = peek, token != "|", TemplateCondition.Comparison(rawValue: String(token)) == nil {
                guard case .literal(let value) = try operand(token) else { throw TemplateError("\(name): arguments are literals, not paths") }
                arguments.append(value)
                position += 1
            }
            try function.check(arguments)
            expression.calls.append(.init(function: function, arguments: arguments))
        }
        return expression
    }

    private func operand(_ token: Substring) throws(TemplateError) -> TemplateExpression.Operand {
        if token.first == "." || token.first == "$" {
            guard let path = TemplatePath(token) else { throw TemplateError("'\(token)' is not a path (like .data.items[0].name)") }
            return .path(path)
        }
        if token.first == "\"" { return .literal(.string(Self.unquoted(token))) }
        if token == "true" || token == "false" { return .literal(.bool(token == "true")) }
        if token == "null" { return .literal(.null) }
        if let number = Double(token), number.isFinite { return .literal(.number(number)) }
        throw TemplateError("'\(token)' is neither a path (.data.name), a number nor a \"string\"")
    }

    private static func unquoted(_ token: Substring) -> String {
        var text = ""
        var escaped = false
        for character in token.dropFirst().dropLast() {
            if escaped || character != "\\" {
                text.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return text
    }

    /// Splits `text` at spaces, keeping quoted strings whole and `|` and the comparisons apart.
    private static func tokens(of text: Substring) throws(TemplateError) -> [Substring] {
        var tokens: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " || character == "\t" || character == "\n" {
                index = text.index(after: index)
                continue
            }
            var end = text.index(after: index)
            if character == "\"" {
                var escaped = false
                while end < text.endIndex, escaped || text[end] != "\"" {
                    escaped = !escaped && text[end] == "\\"
                    end = text.index(after: end)
                }
                guard end < text.endIndex else { throw TemplateError("a string is not closed") }
                end = text.index(after: end)
            } else if "|".contains(character) {
                // One character.
            } else if "<>=!".contains(character) {
                if end < text.endIndex, text[end] == "=" { end = text.index(after: end) }
                guard TemplateCondition.Comparison(rawValue: String(text[index..<end])) != nil else {
                    throw TemplateError("'\(text[index..<end])' is not a comparison (>, >=, <, <=, ==, !=, contains)")
                }
            } else {
                var inBrackets = false
                while end < text.endIndex {
                    let next = text[end]
                    if next == "[" { inBrackets = true } else if next == "]" { inBrackets = false }
                    if !inBrackets, next == " " || next == "\t" || next == "\n" || next == "|" || "<>=!".contains(next) { break }
                    end = text.index(after: end)
                }
            }
            tokens.append(text[index..<end])
            index = end
        }
        return tokens
    }
}
