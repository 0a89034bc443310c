import Foundation
import Testing
import TOML

/// toml-lang/toml-test, the TOML conformance suite, on every file it lists for TOML 1.0.0
/// (`Fixtures/toml-test/README.md` says where the files come from).
@Suite struct ConformanceTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toml-test")

    /// Files the parser deliberately treats otherwise than the suite, with the reason. Empty:
    /// every listed file passes.
    static let exceptions: [String: String] = [:]

    static func listed(_ prefix: String) throws -> [String] {
        let list = try String(contentsOf: suite.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
        return list.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".toml") && exceptions[$0] == nil }
    }

    @Test func everyValidFileParsesToItsJSON() throws {
        let files = try Self.listed("valid/")
        #expect(files.count == 210)
        var failures: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.suite.appendingPathComponent(file)))
            let jsonFile = Self.suite.appendingPathComponent(String(file.dropLast(5)) + ".json")
            guard let expected = TaggedJSON(json: try Data(contentsOf: jsonFile)) else {
                failures.append("\(file): cannot read \(jsonFile.lastPathComponent)")
                continue
            }
            do {
                let parsed = TaggedJSON(try TOMLDocument.parse(bytes))
                if !parsed.matches(expected) {
                    failures.append("\(file): got \(parsed.json)\n  expected \(expected.json)")
                }
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(files.count) valid files fail:\n\(failures.joined(separator: "\n"))")
    }

    @Test func everyInvalidFileIsRejectedWithAPosition() throws {
        let files = try Self.listed("invalid/")
        #expect(files.count == 499)
        var failures: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.suite.appendingPathComponent(file)))
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
            do {
                let parsed = try TOMLDocument.parse(bytes)
                failures.append("\(file): accepted as \(TaggedJSON(parsed).json)")
            } catch {
                if error.line < 1 || error.line > lines || error.column < 1 || error.message.isEmpty {
                    failures.append("\(file): error without a usable position: \(error)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(files.count) invalid files fail:\n\(failures.joined(separator: "\n"))")
    }
}
