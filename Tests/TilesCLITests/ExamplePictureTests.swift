import Foundation
import Testing

/// examples/moon: a program widget that draws a picture (a PNG it makes, sent as an `Image`
/// node in base64), rendered by the real binary offline in each of its families.
@Suite struct ExamplePictureTests {
    static let config = """
        [[widget]]
        kind = "moon"
        command = ["python3", "\(ExtensionHome.example("moon/moon_widget.py"))"]
        families = ["small", "medium", "inline"]

        """

    @Test(arguments: [("small", "Waxing crescent"), ("medium", "17% lit"), ("inline", "Waxing crescent · 17% lit")])
    func testTheMoonIsDrawnWhereThereIsColour(family: String, expected: String) throws {
        let home = ExtensionHome()
        try home.write(Self.config)
        let arguments = ["render", "--widget", "moon", "--family", family, "--at", "2026-12-13T20:00:00+08:00"]
        let text = try home.tiles(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(expected), "\(text.stdout)")
        #expect(!text.stdout.contains("▀"), "plain text has no colour, so no picture")
        let ansi = try runTiles(arguments + ["--format", "ansi"], environment: home.environment.merging(["COLORTERM": "truecolor"]) { $1 })
        #expect(ansi.status == 0, "\(ansi.stderr)")
        if family != "inline" {
            // The dark side of the disc (#3a3e52) in half blocks.
            #expect(ansi.stdout.contains("▀") && ansi.stdout.contains("58;62;82"), "\(ansi.stdout)")
        }
    }

    @Test func testItsAnswerMatchesTheSchema() throws {
        let home = try DashboardHome()
        var files: [String] = []
        for (family, size) in [("systemSmall", (20, 10)), ("systemMedium", (42, 10)), ("accessoryInline", (29, 1))] {
            let request = #"{"kind":"moon","family":"\#(family)","width":\#(size.0),"height":\#(size.1),"colorScheme":"dark","parameters":{},"now":"2026-12-13T12:00:00Z","reason":"scheduled","isPreview":false}"#
            let output = try ExampleSchemaTests().runProgram(["python3", ExtensionHome.example("moon/moon_widget.py")], input: request + "\n")
            let file = home.root.appendingPathComponent("\(family).json")
            try output.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let result = try ExampleSchemaTests().runProgram(
            ["python3", repositoryRoot.appendingPathComponent("scripts/validate_schema.py").path] + files, input: "")
        #expect(result == "3 documents checked, 0 not as expected\n", "\(result)")
    }
}
