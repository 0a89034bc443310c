import FoundationEssentials
import TileBase

/// A string of a view template: text with `{{ value }}` and `{{ if condition }}…{{ else }}…{{ end }}`
/// in it. What it makes is always text (or, for a string that is one value and nothing else, a
/// number, a boolean or a list of numbers): data never becomes a view, a key or markup.
public struct StringTemplate: Hashable, Sendable {
    indirect enum Part: Hashable, Sendable {
        case text(String)
        case value(TemplateExpression)
        case conditional(TemplateCondition, then: [Part], otherwise: [Part])
    }

    var parts: [Part]

    /// Whether `text` holds any `{{`: a string without is kept as it is.
    static func isTemplate(_ text: String) -> Bool { text.contains("{{") }

    /// Reads `text`; an error's line and column are counted within `text`.
    public init(_ text: String) throws(TemplateError) {
        var reader = Reader(text: text)
        let (parts, end) = try reader.parts()
        if let end { throw reader.error("'{{ \(end) }}' without an 'if'", at: reader.lastTagStart) }
        self.parts = parts
    }

    /// The string for `scope`.
    public func render(in scope: TemplateScope) -> String {
        var output = ""
        Self.render(parts, in: scope, into: &output)
        return output
    }

    /// The JSON value for `scope`: a lone value that is a number, a boolean or a list of numbers
    /// stays one (a gauge's `value`, a chart's `values`); everything else is text.
    func value(in scope: TemplateScope) -> JSONValue {
        if parts.count == 1, case .value(let expression) = parts[0], let value = expression.evaluate(in: scope) {
            switch value {
            case .number, .bool: return value
            case .array(let items) where items.allSatisfy({ if case .number = $0 { true } else { false } }): return value
            default: break
            }
        }
        return .string(render(in: scope))
    }

    private static func render(_ parts: [Part], in scope: TemplateScope, into output: inout String) {
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .value(let expression): output += TemplateText.plain(expression.evaluate(in: scope))
            case .conditional(let condition, let then, let otherwise):
                render(condition.holds(in: scope) ? then : otherwise, in: scope, into: &output)
            }
        }
    }

    /// Reads parts up to the end of the text or a `{{ else }}`/`{{ end }}`, which it returns.
    private struct Reader {
        let text: String
        var index: String.Index
        var lastTagStart: String.Index

        init(text: String) {
            self.text = text
            index = text.startIndex
            lastTagStart = text.startIndex
        }

        mutating func parts() throws(TemplateError) -> ([Part], String?) {
            var parts: [Part] = []
            while index < text.endIndex {
                guard let open = find("{{", from: index) else {
                    parts.append(.text(String(text[index...])))
                    index = text.endIndex
                    break
                }
                if open.lowerBound > index { parts.append(.text(String(text[index..<open.lowerBound]))) }
                lastTagStart = open.lowerBound
                guard let close = find("}}", from: open.upperBound) else {
                    throw error("'{{' is not closed with '}}'", at: open.lowerBound)
                }
                let inside = text[open.upperBound..<close.lowerBound].trimmingSpacesAndNewlines()
                let tagStart = open.lowerBound
                index = close.upperBound
                if inside == "else" || inside == "end" { return (parts, String(inside)) }
                do throws(TemplateError) {
                    if inside.hasPrefix("if ") {
                        let condition = try TemplateExpressionParser.condition(Substring(inside.dropFirst(3)))
                        let (then, firstEnd) = try self.parts()
                        var otherwise: [Part] = []
                        switch firstEnd {
                        case "else"?:
                            let (elseParts, secondEnd) = try self.parts()
                            guard secondEnd == "end" else { throw TemplateError("this 'if' has no '{{ end }}'") }
                            otherwise = elseParts
                        case "end"?: break
                        default: throw TemplateError("this 'if' has no '{{ end }}'")
                        }
                        parts.append(.conditional(condition, then: then, otherwise: otherwise))
                    } else {
                        parts.append(.value(try TemplateExpressionParser.expression(Substring(inside))))
                    }
                } catch {
                    throw self.error(error.message, at: tagStart)
                }
            }
            return (parts, nil)
        }

        /// Where `needle` next starts at or after `start`.
        func find(_ needle: String, from start: String.Index) -> Range<String.Index>? {
            var position = start
            while position < text.endIndex {
                if text[position...].hasPrefix(needle) { return position..<text.index(position, offsetBy: needle.count) }
                position = text.index(after: position)
            }
            return nil
        }

        func error(_ message: String, at position: String.Index) -> TemplateError {
            let before = text[..<position]
            let line = before.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
            let column = (before.lastIndex(of: "\n").map { before[before.index(after: $0)...] } ?? before).count + 1
            return TemplateError(message, line: line, column: column)
        }
    }
}
