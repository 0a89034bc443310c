import Foundation
import Testing
@testable import TileExtensions
import TileKit

/// Durations, parameter specs, `describe` answers, requests and the trust check on config files.
@Suite struct DeclarationTests {
    @Test func testDurationsAreReadAsConfigFilesWriteThem() {
        #expect(DurationText.seconds("30s") == 30)
        #expect(DurationText.seconds("5m") == 300)
        #expect(DurationText.seconds("1h30m") == 5400)
        #expect(DurationText.seconds("500ms") == 0.5)
        #expect(DurationText.seconds("2") == 2)
        #expect(DurationText.seconds("5 minutes") == nil)
        #expect(DurationText.seconds("m") == nil)
        #expect(DurationText.seconds("5m3") == nil)
        #expect(DurationText.seconds("-1") == nil)
        #expect(DurationText.describe(600) == "10 min")
        #expect(DurationText.describe(10) == "10 s")
    }

    @Test func testParameterSpecsBecomeDescriptionsWithDefaults() throws {
        let choice = try ParameterSpec(name: "style", type: "choice", choices: [.init(value: "a", title: "A"), .init(value: "b", title: "B")]).description()
        #expect(choice.defaultValue == .string("a"))
        #expect(choice.kind == .choice([.init(value: "a", title: "A"), .init(value: "b", title: "B")]))
        let number = try ParameterSpec(name: "n", type: "integer", range: 5...9).description()
        #expect(number.defaultValue == .integer(5))
        #expect(try ParameterSpec(name: "on", type: "bool", defaultValue: .bool(true)).description().defaultValue == .bool(true))
    }

    @Test func testBadParameterSpecsSayWhichField() {
        #expect(throws: ParameterSpecError(field: "type", message: "expected one of bool, integer, string, choice, found \"float\"")) {
            try ParameterSpec(name: "x", type: "float").description()
        }
        #expect(throws: ParameterSpecError(field: "choices", message: "a choice parameter needs a list of choices")) {
            try ParameterSpec(name: "x", type: "choice").description()
        }
        #expect(throws: ParameterSpecError.self) { try ParameterSpec(name: "has space", type: "bool").description() }
        #expect(throws: ParameterSpecError.self) { try ParameterSpec(name: "n", type: "integer", defaultValue: .integer(50), range: 1...9).description() }
    }

    @Test func testADescribeAnswerBecomesOneDeclarationPerKind() throws {
        let answer = """
            {"widgets": [
              {"kind": "uptime", "title": "Uptime", "families": ["systemSmall", "medium"]},
              {"kind": "greeting", "parameters": [{"name": "name", "type": "string", "default": "world"},
                                                   {"name": "mood", "type": "choice", "choices": ["calm", {"value": "loud", "title": "Loud"}]}],
               "refresh": "1h", "format": "timeline"}
            ]}
            """
        let declarations = try ExtensionDescription.declarations(from: Data(answer.utf8), command: ["./w"], directory: "/cfg")
        #expect(declarations.map(\.kind) == ["uptime", "greeting"])
        #expect(declarations[0].families == [.systemSmall, .systemMedium])
        #expect(declarations[0].title == "Uptime")
        #expect(declarations[1].refresh == 3600)
        #expect(declarations[1].parameters.map(\.key) == ["name", "mood"])
        #expect(declarations[1].parameters[1].kind.options.map(\.title) == ["calm", "Loud"])
        #expect(declarations.allSatisfy { $0.command == ["./w"] && $0.resolvedCommand == ["/cfg/w"] })
    }

    @Test func testBadDescribeAnswersNameThePath() {
        func message(_ text: String) -> String {
            do {
                _ = try ExtensionDescription.declarations(from: Data(text.utf8), command: ["w"], directory: nil)
                return "no error"
            } catch { return error.description }
        }
        #expect(message(#"{"widgets": [{"kind": "9lives"}]}"#).hasPrefix("widgets[0].kind: expected a kind"))
        #expect(message(#"{"widgets": [{"kind": "a"}, {"kind": "a"}]}"#) == "widgets[1].kind: two widgets have the kind 'a'")
        #expect(message(#"{"widgets": [{"kind": "a", "families": ["huge"]}]}"#).hasPrefix("widgets[0].families[0]: expected a family"))
        #expect(message(#"{"widgets": [{"kind": "a", "parameters": [{"name": "p", "type": "blob"}]}]}"#)
            == "widgets[0].parameters[0].type: expected one of bool, integer, string, choice, found \"blob\"")
        #expect(message("{}").hasPrefix("widgets: expected a list of widgets"))
    }

    @Test func testTheRequestCarriesTheContextInJSONAndInTheEnvironment() throws {
        let now = try #require(TimelineResponse.parseDate("2026-11-24T08:00:00Z"))
        let request = ExtensionRequest(
            kind: "uptime", family: .systemMedium, colorScheme: .dark,
            parameters: ["host": .string("box"), "max-items": .integer(3), "tags": .list(["a", "b"])],
            now: now, reason: "explicit", isPreview: false, language: .simplifiedChinese)
        let json = String(decoding: request.json, as: UTF8.self)
        #expect(json == #"{"colorScheme":"dark","family":"systemMedium","height":10,"isPreview":false,"kind":"uptime","locale":"zh-Hans","now":"2026-11-24T08:00:00Z","parameters":{"host":"box","max-items":3,"tags":["a","b"]},"reason":"explicit","request":"timeline","sizeClass":"regular","width":42}"#)
        #expect(request.environment["TILES_WIDTH"] == "42")
        #expect(request.environment["TILES_SIZE_CLASS"] == "regular")
        // In the large class the same family is larger, and says so.
        var large = request
        large.sizeClass = .large
        #expect(large.environment["TILES_WIDTH"] == "62" && large.environment["TILES_HEIGHT"] == "15")
        #expect(String(decoding: large.json, as: UTF8.self).contains(#""sizeClass":"large","width":62"#))
        #expect(try ExtensionRequest(json: large.json) == large)
        #expect(request.environment["TILES_REASON"] == "explicit")
        #expect(request.environment["TILES_LANGUAGE"] == "zh-Hans")
        #expect(request.environment["TILES_PARAM_HOST"] == "box")
        #expect(request.environment["TILES_PARAM_MAX_ITEMS"] == "3")
        #expect(request.environment["TILES_PARAM_TAGS"] == "a,b")
        let read = try ExtensionRequest(json: request.json)
        #expect(read == request)
        // A large integer is written as one, not in exponent form.
        var big = request
        big.parameters = ["limit": .integer(1 << 52)]
        #expect(String(decoding: big.json, as: UTF8.self).contains(#""parameters":{"limit":4503599627370496}"#))
    }

    @Test func testReloadReasonsMapToTheThreeRequestReasons() {
        #expect(ExtensionRequest.reason(.policy) == "scheduled")
        #expect(ExtensionRequest.reason(.initial) == "scheduled")
        #expect(ExtensionRequest.reason(.retry) == "scheduled")
        #expect(ExtensionRequest.reason(.user) == "explicit")
        #expect(ExtensionRequest.reason(.widgetCenter) == "explicit")
        #expect(ExtensionRequest.reason(.configuration) == "configuration")
    }

    @Test func testAConfigOthersCanWriteIsNotTrusted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.toml")
        try Data("x = 1\n".utf8).write(to: file)
        chmod(file.path, 0o600)
        #expect(CommandTrust.problem(withFile: file.path) == nil)
        chmod(file.path, 0o664)
        #expect(CommandTrust.problem(withFile: file.path)?.contains("can be written by other users (mode 664)") == true)
        chmod(file.path, 0o644)
        chmod(directory.path, 0o777)
        #expect(CommandTrust.problem(withFile: file.path)?.hasPrefix("the folder '\(directory.path)' can be written by other users (mode 777)") == true)
        chmod(directory.path, 0o700)
        #expect(CommandTrust.problem(withFile: file.path) == nil)
    }
}
