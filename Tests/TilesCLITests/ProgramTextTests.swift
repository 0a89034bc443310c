import Foundation
import TestSupport
import Testing
@testable import tiles
#if canImport(Glibc)
import Glibc
#endif

/// Text a program supplies (its `describe` answer, its errors, its stderr) never reaches a
/// terminal or the log as control characters or bidi controls: one escaping for all of them.
@Suite struct ProgramTextTests {
    /// The scalars that must never come out raw: C0 (ESC), C1, and the bidi controls.
    static func forbidden(in text: String) -> [String] {
        text.unicodeScalars.compactMap { scalar -> String? in
            switch scalar.value {
            case 0x09, 0x0A: nil
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                String(format: "U+%04X", scalar.value)
            default: nil
            }
        }
    }

    static let hostile = "\u{202E}evil\u{1B}[2J\u{9B}31m\u{2066}x\u{2069}\u{200F}"

    /// A program whose `describe` answer carries hostile text in every field a person reads.
    static func write(_ home: ExtensionHome, kind: String) throws {
        let directory = home.file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let answer: [String: Any] = ["widgets": [[
            "kind": kind, "title": "Title \(hostile)", "description": "About \(hostile)", "format": "text",
            "parameters": [["name": "city", "type": "choice", "title": "City \(hostile)", "choices": ["a\(hostile)", "b"]]],
        ]]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
        let program = directory.appendingPathComponent("hostile.py")
        try ExecutableFile.write("""
            #!/usr/bin/env python3
            import json, sys
            request = json.loads(sys.stdin.readline())
            if request.get("request") == "describe":
                print(\(String(reflecting: json)))
            else:
                sys.stderr.write("failed \\u202e\\u001b]52;c;aGk=\\u0007 badly\\n")
                sys.exit(3)
            """, to: program.path)
        try home.write("[[widget]]\nextension = [\"./hostile.py\"]\n")
    }

    @Test func listCheckAndRenderEscapeWhatAProgramDescribes() throws {
        let home = ExtensionHome()
        try Self.write(home, kind: "hostile")
        for arguments in [["list"], ["check"], ["render", "--widget", "hostile", "--family", "small"], ["list", "--json"]] {
            let result = try home.tiles(arguments)
            #expect(Self.forbidden(in: result.stdout).isEmpty, "\(arguments) stdout: \(Self.forbidden(in: result.stdout))")
            #expect(Self.forbidden(in: result.stderr).isEmpty, "\(arguments) stderr: \(Self.forbidden(in: result.stderr))")
        }
        let list = try home.tiles(["list"])
        #expect(list.stdout.contains(#"Title \u202eevil\u001b[2J\u009b31m\u2066x\u2069\u200f"#), "\(list.stdout)")
        let render = try home.tiles(["render", "--widget", "hostile", "--family", "small"])
        #expect(render.status == 1)
        // The program's error line loses its escape sequence and its bidi control, keeps its words.
        #expect(render.stderr.contains("exit 3: failed  badly"), "\(render.stderr)")
        #expect(!render.stderr.contains("?"), "\(render.stderr)")
    }

    @Test func aKindWithControlsIsNamedEscapedInTheError() throws {
        let home = ExtensionHome()
        try Self.write(home, kind: "bad\u{1B}[31m\u{202E}kind")
        let result = try home.tiles(["check"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"\u001b"#), "\(result.stderr)")
        #expect(Self.forbidden(in: result.stderr).isEmpty, "\(Self.forbidden(in: result.stderr))")
    }

    @Test func theLogEscapesWhatItQuotes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = RunDashboard.logger(directory: directory)
        log("hostile: stderr: \(Self.hostile)")
        let text = try String(contentsOf: directory.appendingPathComponent("tiles.log"), encoding: .utf8)
        #expect(text.contains(#"hostile: stderr: \u202eevil\u001b[2J"#), "\(text)")
        #expect(Self.forbidden(in: text).isEmpty, "\(Self.forbidden(in: text))")
    }
}
