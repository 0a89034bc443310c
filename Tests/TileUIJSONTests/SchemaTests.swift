import Foundation
import Testing
import TileUI
import TileUIJSON

/// The repository's root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = repositoryRoot.appendingPathComponent("Tests/TileUIJSONTests/Fixtures")

/// Runs `arguments` and returns its exit status and output (stdout and stderr together).
func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// Whether python3 with the jsonschema package is here to run scripts/validate_schema.py.
let hasJSONSchema = (try? run(["python3", "-c", "import jsonschema"]).status) == 0

/// Runs scripts/validate_schema.py with `arguments`; fails the test unless every document came
/// out as expected.
func validateAgainstSchema(_ arguments: [String]) throws {
    let result = try run(["python3", repositoryRoot.appendingPathComponent("scripts/validate_schema.py").path] + arguments)
    #expect(result.status == 0, "\(result.output)")
}

@Suite struct SchemaTests {
    private func fixture(_ name: String) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Decodes every entry's view of a timeline document as the runner does, by path.
    private func decodeViews(_ timeline: JSONValue) throws -> [ViewNode] {
        guard case .array(let entries)? = timeline["entries"] else { throw ViewNodeError(path: "entries", message: "expected an array") }
        return try entries.enumerated().map { index, entry in
            try ViewNode(json: entry["view"] ?? .null, path: "entries[\(index)].view")
        }
    }

    @Test func sampleTimelinesDecode() throws {
        #expect(try decodeViews(fixture("timeline-issue.json")).count == 1)
        #expect(try decodeViews(fixture("timeline-meetings.json")).count == 3)
    }

    @Test func invalidSamplesAreRefusedByTheDecoderWithTheirPath() throws {
        let expected = [
            "invalid-font.json": #"entries[0].view.VStack[2].font: expected one of largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2, found "huge""#,
            "invalid-two-views.json": "entries[0].view: expected one view key, found 2: Text, Color",
            "invalid-unknown-key.json": "entries[0].view.colour: unknown key; expected a modifier",
        ]
        for (name, message) in expected {
            #expect(throws: ViewNodeError.self) { try decodeViews(fixture(name)) }
            do {
                _ = try decodeViews(fixture(name))
            } catch {
                #expect("\(error)".hasPrefix(message), "\(name): \(error)")
            }
        }
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func samplesAreValidAndInvalidSamplesAreNotUnderTheSchema() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        let valid = names.filter { $0.hasPrefix("timeline-") }.map { fixtures.appendingPathComponent($0).path }
        let invalid = names.filter { $0.hasPrefix("invalid-") }.map { fixtures.appendingPathComponent($0).path }
        #expect(valid.count >= 2 && invalid.count >= 4)
        try validateAgainstSchema(valid + ["--invalid"] + invalid)
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func everyViewAndModifierFormIsValidUnderTheSchema() throws {
        let node = try ViewNode(json: Data(ViewNodeEncodingTests.everything.utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-schema-\(getpid())-everything.json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONValue.array([try JSONValue(parsing: ViewNodeEncodingTests.everything), node.jsonValue]).jsonData.write(to: file)
        try validateAgainstSchema(["--views", file.path])
    }
}
