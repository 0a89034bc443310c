import Foundation
import Testing
import TOML

/// Random mutations of real config and theme files, for a fixed time: every case must end in a
/// document or a `TOMLError` with a position inside the text. The generator is seeded, so a
/// failing case is reproduced by its number.
@Suite struct FuzzTests {
    /// How long the mutation loop runs; the extreme cases come on top.
    static let budget = Duration.milliseconds(2500)

    /// SplitMix64: small, fast and the same on every platform.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The repository's themes and a config using every section, as bytes.
    static func samples() throws -> [[UInt8]] {
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Themes")
        let files = try FileManager.default.contentsOfDirectory(at: themes, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }.sorted { $0.path < $1.path }
        return try files.map { try [UInt8](Data(contentsOf: $0)) } + [Array(sampleConfig.utf8)]
    }

    static let sampleConfig = #"""
        # tiles config
        opener = "/usr/bin/xdg-open"

        [theme]
        name = "nord"
        scheme = "dark"

        [services]
        hitokoto = "https://v1.hitokoto.cn"

        [github]
        token_env = "GITHUB_TOKEN"

        [budget]
        per_day = 30
        min_interval_minutes = 10

        [[page]]
        [[page.tile]]
        widget = "qqsync"
        family = "small"

        [[page.tile]]
        widget = "alipay"
        parameters = { city = "杭州", buttons = ["scan", "pay", 'transit'], showWeather = false }

        [[page]]
        [[page.tile]]
        family = "small"
        [[page.tile.stack]]
        widget = "countdown"
        parameters.title = """下班"""
        parameters.time = 18:00:00
        [[page.tile.stack]]
        widget = "commit"
        [page.tile.stack.parameters]
        owner = "swiftlang"   # the org
        since = 2024-05-01T09:00:00+08:00
        limits = [ 1, 2.5, 0x10, -inf, ]
        """#

    /// Bytes the mutations insert: the ones that open or close something, and broken UTF-8.
    static let insertions: [[UInt8]] = [
        Array("[".utf8), Array("]".utf8), Array("[[".utf8), Array("\"".utf8), Array("'".utf8), Array("\"\"\"".utf8),
        Array("'''".utf8), Array("{".utf8), Array("}".utf8), Array("=".utf8), Array(".".utf8), Array(",".utf8),
        Array("#".utf8), Array("\\".utf8), Array("\n".utf8), Array("\r".utf8), [0], [0xFF], [0xC3], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], Array("é".utf8), Array("主题".utf8), Array("\\u0000".utf8), Array("1979-05-27".utf8),
    ]

    static func mutate(_ sample: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = sample
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes.removeSubrange(at...)
            case 1 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 2: bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: at)
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                bytes.removeSubrange(at..<end)
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...200, using: &random))
                let copy = Array(bytes[at..<end])
                bytes.insert(contentsOf: copy, at: Int.random(in: 0...bytes.count, using: &random))
            default:
                bytes.insert(contentsOf: Array(repeating: insertions.randomElement(using: &random)!, count: Int.random(in: 1...100, using: &random)).flatMap { $0 }, at: at)
            }
        }
        return bytes
    }

    /// A parse that ends well: a document, or an error inside the text with a message.
    static func check(_ bytes: [UInt8]) -> String? {
        do {
            _ = try TOMLDocument.parse(bytes)
            return nil
        } catch {
            let lines = bytes.prefix(TOMLLimits.default.maxBytes + 1).count { $0 == UInt8(ascii: "\n") } + 1
            guard error.line >= 1, error.line <= lines, error.column >= 1, !error.message.isEmpty, error.description.count < 400 else {
                return "bad error \(error.description.prefix(400))"
            }
            return nil
        }
    }

    @Test func extremeInputsEndInAnError() {
        let cases: [(String, [UInt8])] = [
            ("deep header", Array(("[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]").utf8)),
            ("deep dotted key", Array((Array(repeating: "a", count: 20_000).joined(separator: ".") + " = 1").utf8)),
            ("deep arrays", Array(("a = " + String(repeating: "[", count: 200_000)).utf8)),
            ("deep inline tables", Array(("a = " + String(repeating: "{a=", count: 100_000)).utf8)),
            ("10 MB key", Array(repeating: UInt8(ascii: "k"), count: 10_000_000) + Array(" = 1".utf8)),
            ("unclosed string", Array(("a = \"" + String(repeating: "x", count: 500_000)).utf8)),
            ("NULs", Array(repeating: 0, count: 1000)),
        ]
        for (name, bytes) in cases {
            #expect(Self.check(bytes) == nil, "\(name)")
            #expect(throws: TOMLError.self, "\(name)") { try TOMLDocument.parse(bytes) }
        }
    }

    @Test func mutatedConfigsAndThemesEndInADocumentOrAnError() throws {
        let samples = try Self.samples()
        #expect(samples.count == 4)
        var random = Generator(state: 0x7469_6C65_73)
        let clock = ContinuousClock()
        let start = clock.now
        var cases = 0
        var failures: [String] = []
        while clock.now - start < Self.budget {
            let sample = samples[cases % samples.count]
            let mutated = Self.mutate(sample, &random)
            if let failure = Self.check(mutated) { failures.append("case \(cases): \(failure)") }
            cases += 1
        }
        print("FuzzTests: \(cases) mutated documents in \(clock.now - start)")
        #expect(cases > 100)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
