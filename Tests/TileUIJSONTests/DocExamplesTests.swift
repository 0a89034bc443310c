import Foundation
import Testing
import TileUI
import TileUIJSON

/// Runs every example of docs/extensions-views.md: each ```json block is rendered at the size of
/// the ```text WIDTHxHEIGHT block after it and compared with that block, or decoded and its
/// error compared with the ```error block after it; each ```sgr block (a text widget's output,
/// `\e` for ESC, `\a` for BEL, `\t` for a tab, `\u{…}` for a code point) is rendered as a text
/// widget; a ```speech WIDTHxHEIGHT block holds what a screen reader says for the drawing.
/// `TILES_RECORD_DOCS=1` rewrites the outputs.
@Suite struct DocExamplesTests {
    static let document = repositoryRoot.appendingPathComponent("docs/extensions-views.md")

    /// One example: the JSON, what follows it, and where that output sits in the file's lines.
    struct Example {
        var json: String
        /// A text widget's output rather than JSON.
        var isSGR: Bool
        var line: Int
        var kind: Kind
        var expected: String
        /// The lines of the output block's body, for rewriting.
        var outputLines: Range<Int>

        enum Kind {
            case render(width: Int, height: Int)
            case speech(width: Int, height: Int)
            case error
        }
    }

    static func examples(in lines: [String]) throws -> [Example] {
        var examples: [Example] = []
        var index = 0
        func block(from start: Int) -> (body: [String], end: Int)? {
            guard let end = lines[(start + 1)...].firstIndex(of: "```") else { return nil }
            return (Array(lines[(start + 1)..<end]), end)
        }
        while index < lines.count {
            guard lines[index] == "```json" || lines[index] == "```sgr", let json = block(from: index) else {
                index += 1
                continue
            }
            var next = json.end + 1
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
            guard next < lines.count, let output = block(from: next) else {
                throw ViewNodeError(path: "line \(index + 1)", message: "a json example needs a ```text WIDTHxHEIGHT or ```error block after it")
            }
            let fence = lines[next]
            let kind: Example.Kind
            if fence == "```error" {
                kind = .error
            } else if fence.hasPrefix("```text "), case let size = fence.dropFirst(8).split(separator: "x"),
                      size.count == 2, let width = Int(size[0]), let height = Int(size[1]) {
                kind = .render(width: width, height: height)
            } else if fence.hasPrefix("```speech "), case let size = fence.dropFirst(10).split(separator: "x"),
                      size.count == 2, let width = Int(size[0]), let height = Int(size[1]) {
                kind = .speech(width: width, height: height)
            } else {
                throw ViewNodeError(path: "line \(next + 1)", message: "expected ```text WIDTHxHEIGHT or ```error, found \(fence)")
            }
            examples.append(Example(
                json: json.body.joined(separator: "\n"), isSGR: lines[index] == "```sgr", line: index + 1, kind: kind,
                expected: output.body.joined(separator: "\n"), outputLines: (next + 1)..<output.end))
            index = output.end + 1
        }
        return examples
    }

    static var environment: EnvironmentValues {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_795_507_200)
        // The examples are text, as `tiles render --format text` draws: no colour, so no fills,
        // and no quadrant corners that only read as corners in a fill's colour.
        environment.colorMode = .none
        return environment
    }

    /// What the example's block should hold.
    static func output(of example: Example) -> String {
        if example.isSGR, case let .render(width, height) = example.kind {
            let output = unescaped(example.json)
            return CellGrid.render(SGRText.viewNode(output, width: width, height: height).makeView(), width: width, height: height).text
        }
        do {
            let node = try ViewNode(json: Data(example.json.utf8), path: "view")
            switch example.kind {
            case let .render(width, height):
                return CellGrid.render(node.makeView(), width: width, height: height, environment: environment).text
            case let .speech(width, height):
                var speaking = environment
                speaking.speaksContent = true
                return Speech.sentence(RetainedDrawing(node.makeView(), width: width, height: height, environment: speaking).spoken ?? [])
            case .error:
                return "no error"
            }
        } catch {
            return error.description
        }
    }

    /// An sgr block's text with its escapes replaced.
    static func unescaped(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            output += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            switch rest.first {
            case "e": output += "\u{1B}"; rest = rest.dropFirst()
            case "a": output += "\u{07}"; rest = rest.dropFirst()
            case "t": output += "\t"; rest = rest.dropFirst()
            case "u":
                if let close = rest.firstIndex(of: "}"), let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 2)..<close], radix: 16),
                   let scalar = Unicode.Scalar(value) {
                    output.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: close)...]
                } else {
                    output += "\\"
                }
            default: output += "\\"
            }
        }
        return output + rest
    }

    @Test func everyExampleRendersAsShown() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let examples = try Self.examples(in: lines)
        #expect(examples.count >= 30)
        // Recording (make golden) writes the outputs into the document and fails the run with a
        // message, so a stray variable can never pass.
        if let value = ProcessInfo.processInfo.environment["TILES_RECORD_DOCS"] {
            guard value == "1" else {
                Issue.record("TILES_RECORD_DOCS=\(value): set it to 1 to record (make golden), or unset it")
                return
            }
            for example in examples.reversed() {
                lines.replaceSubrange(example.outputLines, with: Self.output(of: example).components(separatedBy: "\n"))
            }
            try lines.joined(separator: "\n").write(to: Self.document, atomically: true, encoding: .utf8)
            Issue.record("recorded the outputs in \(Self.document.path) on purpose; review them with git diff, then run the tests without the variable")
            return
        }
        for example in examples {
            #expect(Self.output(of: example) == example.expected, "docs/extensions-views.md:\(example.line)")
        }
    }

    @Test func everyViewAndModifierHasAnExample() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let examples = try Self.examples(in: text.components(separatedBy: "\n")).filter {
            if case .render = $0.kind { return !$0.isSGR } else { return false }
        }
        let json = examples.map(\.json).joined(separator: "\n")
        let names = ["Text", "VStack", "HStack", "ZStack", "LazyVGrid", "Spacer", "Color", "LinearGradient", "Divider",
                     "Rectangle", "RoundedRectangle", "Capsule", "Link", "EmptyView", "modifiers", "date", "interval", "timerInterval",
                     "fixedSize", "frame", "padding", "background", "overlay", "border", "cornerRadius", "clipShape",
                     "clipped", "opacity", "hidden", "offset", "zIndex", "layoutPriority", "font", "fontWeight",
                     "bold", "italic", "underline", "foregroundColor", "lineLimit", "truncationMode",
                     "multilineTextAlignment", "minimumScaleFactor", "privacySensitive", "redacted", "unredacted", "widgetURL"]
        #expect(names.filter { !json.contains("\"\($0)\"") } == [], "views and modifiers without an example")
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func everyRenderedExampleIsValidUnderTheSchema() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var views: [JSONValue] = []
        for example in try Self.examples(in: text.components(separatedBy: "\n")) {
            if case .render = example.kind, !example.isSGR { views.append(try JSONValue(parsing: example.json)) }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-schema-\(getpid())-docs.json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONValue.array(views).jsonData.write(to: file)
        try validateAgainstSchema(["--views", file.path])
    }
}
