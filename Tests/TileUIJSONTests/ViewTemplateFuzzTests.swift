import FoundationEssentials
import Testing
import TileBase
@testable import TileUIJSON

/// Random templates and random data: a template either reads or throws a `TemplateError`; a
/// rendered view is bounded and keeps the template's shape, whatever the data holds.
struct ViewTemplateFuzzTests {
    /// A small deterministic generator (xorshift), so that a failure can be replayed by its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }

    static let fragments = [
        "{{", "}}", " ", ".data", ".data.a", "$.data.list", "[0]", "[-1]", "[\"k\"]", ".", "$", "|", "number", "number 2", "percent",
        "bytes", "relative", "date \"yyyy-MM-dd\"", "truncate 3", "upper", "default \"x\"", "length", "round 1", "if", "else", "end",
        ">", ">=", "==", "!=", "contains", "not", "\"s\"", "42", "-1.5", "true", "null", "\\", "\"", "{{ if .data.a > 1 }}", "{{ end }}",
        "{{ else }}", "🙂", "\u{1B}[2J",
    ]

    func randomTemplate(_ random: inout Generator) -> String {
        let text = (0..<random.next(12)).map { _ in random.pick(Self.fragments) }.joined()
        let textJSON = JSONValue.string(text).jsonText
        switch random.next(4) {
        case 0: return #"{"Text": \#(textJSON)}"#
        case 1: return #"{"VStack": [{"ForEach": ".data.list", "limit": \#(random.next(300) + 1), "content": {"Text": \#(textJSON)}}]}"#
        case 2: return #"{"If": \#(textJSON), "then": {"Text": "a"}, "else": {"Text": \#(textJSON)}}"#
        default: return #"{"Gauge": {"value": \#(textJSON)}, "foregroundColor": \#(textJSON)}"#
        }
    }

    func randomData(_ random: inout Generator, depth: Int = 0) -> JSONValue {
        switch depth > 3 ? random.next(4) : random.next(7) {
        case 0: return .null
        case 1: return .bool(random.next(2) == 0)
        case 2: return .number(Double(random.next(2_000_000)) / 7 - 100_000)
        case 3: return .string(random.pick(Self.fragments) + random.pick(Self.fragments))
        case 4: return .array((0..<random.next(400)).map { _ in .number(Double(random.next(100))) })
        case 5: return .array((0..<random.next(5)).map { _ in randomData(&random, depth: depth + 1) })
        default: return .object(["a", "list", "k"].map { (key: $0, value: randomData(&random, depth: depth + 1)) })
        }
    }

    /// Whether `value` holds an object the template did not write (data turned into structure).
    func keys(_ value: JSONValue) -> Set<String> {
        switch value {
        case .object(let members): return members.reduce(into: Set(members.map(\.key))) { $0.formUnion(keys($1.value)) }
        case .array(let items): return items.reduce(into: []) { $0.formUnion(keys($1)) }
        default: return []
        }
    }

    @Test func randomTemplatesOverRandomDataNeverCrashOrInject() throws {
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var rendered = 0
        for _ in 0..<4_000 {
            let source = randomTemplate(&random)
            let template: ViewTemplate
            do {
                template = try ViewTemplate(source)
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(source): \(error)")
                continue
            }
            let data = randomData(&random)
            let scope = TemplateScope(root: .object([(key: "data", value: data)]), now: Date(timeIntervalSince1970: 1_795_000_000), zone: .utc)
            guard let view = try? template.render(in: scope) else { continue }
            rendered += 1
            let allowed: Set<String> = ["Text", "VStack", "Gauge", "value", "foregroundColor"]
            #expect(keys(view).isSubset(of: allowed), "data became structure: \(source) over \(data.jsonText) gave \(view.jsonText)")
            #expect(view.jsonText.utf8.count < 2_000_000, "bounded")
        }
        #expect(rendered > 1_000, "the generator makes templates that read: \(rendered)")
    }
}
