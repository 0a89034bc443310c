import FoundationEssentials
import Testing
import TileBase
import TileUI
@testable import TileUIJSON

/// View templates: data bound into a JSON view tree, rows, choices and formatting; data never
/// becomes structure; mistakes are named with their line and column.
struct ViewTemplateTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func render(_ template: String, _ data: String, zone: Zone = .utc) throws -> JSONValue {
        let scope = TemplateScope(root: .object([(key: "data", value: try JSONValue(parsing: data))]), now: now, zone: zone)
        return try ViewTemplate(template).render(in: scope)
    }

    @Test func pathsAndFormattingFillTheStrings() throws {
        let view = try render(
            #"{"VStack": [{"Text": "{{ .data.name | upper }}: {{ .data.price | number 2 }}"}, {"Text": "{{ .data.ratio | percent }} of {{ .data.size | bytes }}"}, {"Text": "{{ .data.list[-1] }} {{ .data.missing | default \"–\" }}"}]}"#,
            #"{"name": "btc", "price": 91234.5, "ratio": 0.425, "size": 1536, "list": [1, 2, 3]}"#)
        #expect(view == (try JSONValue(parsing: #"{"VStack": [{"Text": "BTC: 91,234.50"}, {"Text": "43% of 1.5 KiB"}, {"Text": "3 –"}]}"#)))
    }

    @Test func datesAreShownInTheBoardsZoneAndRelativeToNow() throws {
        let shanghai = try #require(Zone(identifier: "Asia/Shanghai"))
        let view = try render(
            #"{"Text": "{{ .data.at | date \"yyyy-MM-dd HH:mm EEE\" }}, {{ .data.at | relative }}, {{ .data.soon | relative }}"}"#,
            #"{"at": 1794996400, "soon": "2026-11-18T12:00:00Z"}"#, zone: shanghai)
        #expect(view == .object([(key: "Text", value: .string("2026-11-18 18:06 Wed, 1 h ago, in 53 min"))]))
    }

    @Test func rowsRepeatAndChoicesChoose() throws {
        let view = try render(
            #"{"VStack": [{"ForEach": ".data.hosts", "limit": 2, "content": {"Text": "{{ .name }} {{ if .cpu > 90 }}HOT{{ else }}ok{{ end }} of {{ $.data.hosts | length }}", "foregroundColor": "{{ if .cpu > 90 }}red{{ else }}green{{ end }}"}}, {"If": "not .data.hosts", "then": {"Text": "none"}}]}"#,
            #"{"hosts": [{"name": "a", "cpu": 95}, {"name": "b", "cpu": 12}, {"name": "c", "cpu": 50}]}"#)
        #expect(view == (try JSONValue(parsing: #"{"VStack": [{"Text": "a HOT of 3", "foregroundColor": "red"}, {"Text": "b ok of 3", "foregroundColor": "green"}]}"#)))
    }

    @Test func aLoneValueKeepsItsNumberForGaugesAndCharts() throws {
        let view = try render(#"{"Gauge": {"value": "{{ .data.v }}", "values": "{{ .data.series }}"}}"#, #"{"v": 0.5, "series": [1, 2.5]}"#)
        #expect(view == (try JSONValue(parsing: #"{"Gauge": {"value": 0.5, "values": [1, 2.5]}}"#)))
    }

    /// Data is text: an object, markup, a template or an escape sequence from the source stays a
    /// string, and the view's shape is the template's.
    @Test func hostileValuesNeverBecomeViewsOrTemplates() throws {
        let data = #"{"a": {"VStack": [{"Text": "injected"}]}, "b": "{{ .data.c }}", "c": "secret", "d": "\u001b]52;c;AAAA\u0007", "e": [{"Text": "x"}]}"#
        let view = try render(#"{"VStack": [{"Text": "{{ .data.a }}"}, {"Text": "{{ .data.b }}"}, {"Text": "{{ .data.d }}"}, {"HStack": "{{ .data.e }}"}]}"#, data)
        guard case .object(let members) = view, case .array(let children) = members[0].value else { Issue.record("\(view)"); return }
        #expect(children.count == 4)
        #expect(children[0] == .object([(key: "Text", value: .string(#"{"VStack":[{"Text":"injected"}]}"#))]))
        #expect(children[1] == .object([(key: "Text", value: .string("{{ .data.c }}"))]), "a value is not read as a template")
        #expect(children[2] == .object([(key: "Text", value: .string("\u{1B}]52;c;AAAA\u{7}"))]), "left for the Text view's cleaning")
        #expect(children[3] == .object([(key: "HStack", value: .string(#"[{"Text":"x"}]"#))]), "an array of objects stays text")
        // The cleaning every program text gets removes the escape before it reaches a cell.
        let cleaned = try Values.text(JSONValue.string("\u{1B}]52;c;AAAA\u{7}"), path: "Text")
        #expect(!cleaned.contains("\u{1B}") && !cleaned.contains("\u{7}"), "\(cleaned)")
    }

    @Test func aRunawayTemplateIsStoppedAtItsBound() throws {
        let rows = "[" + Array(repeating: "1", count: 300).joined(separator: ",") + "]"
        let nested = #"{"VStack": [{"ForEach": "$.data", "content": {"VStack": [{"ForEach": "$.data", "content": {"Text": "x"}}]}}]}"#
        #expect(throws: TemplateError.self) { try render(nested, rows) }
    }

    @Test func mistakesAreNamedWithLineAndColumn() throws {
        func failure(_ source: String) -> TemplateError? {
            do { _ = try ViewTemplate(source); return nil } catch { return error }
        }
        let unknown = failure("{\"VStack\": [\n  {\"Text\": \"price {{ .data.p | money }}\"}\n]}")
        #expect(unknown?.line == 2 && unknown?.column == 19, "\(String(describing: unknown))")
        #expect(unknown?.message.contains("unknown function 'money'") == true)
        let unclosed = failure(#"{"Text": "{{ if .data.up }}up"}"#)
        #expect(unclosed?.message.contains("no '{{ end }}'") == true, "\(String(describing: unclosed))")
        let json = failure("{\"Text\": \n \"a\",}")
        #expect(json?.line == 2, "\(String(describing: json))")
        #expect(failure(#"{"Text": "{{ .data..x }}"}"#)?.message.contains("not a path") == true)
        #expect(failure(#"{"ForEach": ".data.x"}"#)?.message.contains("content") == true)
    }
}
