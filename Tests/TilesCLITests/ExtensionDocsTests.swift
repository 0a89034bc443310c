import Foundation
import TestSupport
import Testing
@testable import TileExtensions
import TileKit
import TileUI
import TileUIJSON
#if canImport(Glibc)
import Glibc
#endif

/// Every example in docs/extensions.md, run: the files it names are written and checked, the
/// commands it shows are run and their output compared, and its JSON is read as tiles reads it.
@Suite struct ExtensionDocsTests {
    /// A fenced block and the `<!-- … -->` marker on the line before it, if any.
    struct Block {
        var marker: String?
        var language: String
        var text: String
    }

    static let blocks: [Block] = {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/extensions.md"), encoding: .utf8)) ?? ""
        var blocks: [Block] = []
        var marker: String?
        var current: Block?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    // Blocks inside list items are indented by three spaces.
                    block.text += String(rawLine.hasPrefix("   ") ? rawLine.dropFirst(3) : rawLine) + "\n"
                    current = block
                }
            } else if line.hasPrefix("```") {
                current = Block(marker: marker, language: String(line.dropFirst(3)), text: "")
                marker = nil
            } else if line.hasPrefix("<!--") {
                marker = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
            } else if !line.isEmpty {
                marker = nil
            }
        }
        return blocks
    }()

    static func block(_ marker: String) -> Block? { blocks.first { $0.marker == marker } }

    @Test func testTheDocumentHasItsExamples() {
        for marker in ["file: hello.sh", "file: config.toml", "request", "timeline", "describe", "file: examples.toml"] {
            #expect(Self.block(marker) != nil, "no block marked \(marker)")
        }
        #expect(Self.blocks.contains { $0.marker?.hasPrefix("run: ") == true })
    }

    @Test func testTheFirstFiveMinutesWorkAsWritten() throws {
        let home = try DashboardHome()
        let directory = home.root.appendingPathComponent("config/tiles")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for block in Self.blocks {
            guard let name = block.marker?.dropFirst("file: ".count), block.marker?.hasPrefix("file: ") == true, name != "examples.toml" else { continue }
            let file = directory.appendingPathComponent(String(name))
            try ExecutableFile.write(block.text, to: file.path, executable: name.hasSuffix(".sh"))
        }
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        let check = try runTiles(["check"], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        for block in Self.blocks where block.marker?.hasPrefix("run: tiles ") == true {
            let arguments = block.marker!.dropFirst("run: tiles ".count).split(separator: " ").map(String.init)
            let result = try runTiles(arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let shown = result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
                .filter { !$0.isEmpty }
            #expect(shown == block.text.split(separator: "\n").map(String.init), "tiles \(arguments.joined(separator: " "))")
        }
    }

    @Test func testTheRequestReadsAsDocumented() throws {
        let block = try #require(Self.block("request"))
        let request = try ExtensionRequest(json: Data(block.text.utf8))
        #expect(request.kind == "uptime" && request.family == .systemMedium && request.colorScheme == .dark)
        #expect(request.parameters == ["host": .string("box")] && request.reason == "scheduled")
        // What tiles writes has the same fields.
        let written = try JSONValue(parsing: request.json)
        let documented = try JSONValue(parsing: block.text)
        #expect(written.members?.keys.sorted() == documented.members?.keys.sorted())
    }

    @Test func theActionRequestReadsAsDocumented() throws {
        let block = try #require(Self.block("action request"))
        let request = try ExtensionRequest(json: Data(block.text.utf8))
        #expect(request.action == WidgetAction(name: "done", value: #""milk""#, isOn: true))
        #expect(request.reloadReason == .action)
        let written = try JSONValue(parsing: request.json)
        let documented = try JSONValue(parsing: block.text)
        #expect(written.members?.keys.sorted() == documented.members?.keys.sorted())
    }

    @Test func testTheTimelineAndTheViewsReadWithoutError() throws {
        let timeline = try TimelineResponse.timeline(
            from: Data(try #require(Self.block("timeline")).text.utf8), now: Date(), refresh: 60, checkView: ExtensionDrawing.checkView)
        #expect(timeline.entries.count == 2)
        #expect(timeline.entries[0].url == "https://ci.example/builds/42")
        for block in Self.blocks where block.language == "json" && block.marker == nil {
            let value = try JSONValue(parsing: block.text)
            #expect(throws: Never.self) { try ViewNode(json: value) }
        }
    }

    @Test func theAlertEntryReadsAsDocumented() throws {
        let block = try #require(Self.block("alert entry"))
        let timeline = try TimelineResponse.timeline(
            from: Data("{\"entries\": [\(block.text)]}".utf8), now: Date(), refresh: 60, checkView: ExtensionDrawing.checkView)
        #expect(timeline.entries.first?.alert == WidgetAlert(title: "deploy web", body: "finished in 4 min", sound: true))
    }

    @Test func testTheDescribeAnswerReadsAsDocumented() throws {
        let block = try #require(Self.block("describe"))
        let declarations = try ExtensionDescription.declarations(from: Data(block.text.utf8), command: ["w"], directory: nil)
        #expect(declarations.map(\.kind) == ["uptime", "greeting"])
        #expect(declarations[1].refresh == 3600)
    }

    @Test func testEveryTOMLExampleIsAcceptedOrRefusedAsTheTextSays() throws {
        let home = try DashboardHome()
        // The examples' paths are relative to the repository's root: the config sits beside a link to it.
        try FileManager.default.createSymbolicLink(
            at: home.root.appendingPathComponent("examples"), withDestinationURL: repositoryRoot.appendingPathComponent("examples"))
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        for (index, block) in Self.blocks.enumerated() where block.language == "toml" {
            let file = home.root.appendingPathComponent("example-\(index).toml")
            try block.text.write(to: file, atomically: true, encoding: .utf8)
            let result = try runTiles(["check", file.path], environment: environment)
            if block.text.contains("extension = [\"~/") {
                // The docs' placeholder path: the program is not there, and check says so.
                #expect(result.status == 2 && result.stderr.contains(": no such file"), "\(result.stderr)")
            } else if result.status == 2, result.stderr.contains(": no such file") {
                // A script the reader writes (`./hello.sh`): everything else in the example holds,
                // and check names the program that is missing.
                #expect(block.text.contains("command = [\"./"), "\(block.text)\n\(result.stderr)")
            } else {
                #expect(result.status == 0, "\(block.text)\n\(result.stderr)")
            }
        }
        let examples = home.root.appendingPathComponent("example-list.toml")
        try Self.block("file: examples.toml")!.text.write(to: examples, atomically: true, encoding: .utf8)
        let list = try runTiles(["list", "--config", examples.path], environment: environment)
        for kind in ["disk", "py-calendar", "pomodoro", "load", "moon", "uptime", "greeting"] {
            #expect(list.stdout.contains("\n\(kind) — "), "\(kind) in tiles list: \(list.stderr)")
        }
    }
}
