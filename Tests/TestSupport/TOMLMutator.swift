import Foundation
import TileUISamples

/// Random but reproducible damage to TOML files, shared by the fuzz tests of the parser and of
/// the loaders that use it: cuts, byte flips, inserted brackets, quotes, NULs and broken UTF-8,
/// deleted and repeated runs.
public struct TOMLMutator {
    /// The same on every platform, so a case number reproduces.
    public var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The repository's theme files and a config that uses every section, as bytes.
    public static func samples() throws -> [(name: String, bytes: [UInt8])] {
        let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Themes")
        let files = try FileManager.default.contentsOfDirectory(at: themes, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }.sorted { $0.path < $1.path }
        return try files.map { ($0.lastPathComponent, try [UInt8](Data(contentsOf: $0))) } + [("config.toml", Array(sampleConfig.utf8))]
    }

    /// A config using every section and every kind of value tiles reads.
    public static let sampleConfig = #"""
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
        id = "pay"
        widget = "alipay"
        parameters = { city = "杭州", buttons = ["scan", "pay", 'transit'], showWeather = false }

        [[page]]
        [[page.tile]]
        family = "small"
        [[page.tile.stack]]
        widget = "countdown"
        parameters.title = """下班"""
        parameters.time = "18:00"
        [[page.tile.stack]]
        widget = "commit"
        [page.tile.stack.parameters]
        owner = "swiftlang"   # the org
        """#

    /// What the mutations insert: what opens or closes something, and broken UTF-8.
    static let insertions: [[UInt8]] = [
        Array("[".utf8), Array("]".utf8), Array("[[".utf8), Array("\"".utf8), Array("'".utf8), Array("\"\"\"".utf8),
        Array("'''".utf8), Array("{".utf8), Array("}".utf8), Array("=".utf8), Array(".".utf8), Array(",".utf8),
        Array("#".utf8), Array("\\".utf8), Array("\n".utf8), Array("\r".utf8), [0], [0xFF], [0xC3], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], Array("é".utf8), Array("主题".utf8), Array("\\u0000".utf8), Array("1979-05-27".utf8),
    ]

    /// `sample` after one to four random mutations.
    public mutating func mutate(_ sample: [UInt8]) -> [UInt8] {
        var bytes = sample
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            let insertion = Self.insertions[Int.random(in: 0..<Self.insertions.count, using: &random)]
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                bytes.removeSubrange(at...)
            case 1 where at < bytes.count:
                bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 2:
                bytes.insert(contentsOf: insertion, at: at)
            case 3:
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 4:
                let copy = Array(bytes[at..<min(bytes.count, at + Int.random(in: 1...200, using: &random))])
                bytes.insert(contentsOf: copy, at: Int.random(in: 0...bytes.count, using: &random))
            default:
                let count = Int.random(in: 1...100, using: &random)
                bytes.insert(contentsOf: Array(repeating: insertion, count: count).joined(), at: at)
            }
        }
        return bytes
    }

    /// Inputs at and far beyond the parser's limits: 20,000-part keys, 200,000 open brackets,
    /// a 10 MB key, an unclosed string, NULs.
    public static let extremes: [(name: String, bytes: [UInt8])] = [
        ("deep header", Array(("[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]").utf8)),
        ("deep dotted key", Array((Array(repeating: "a", count: 20_000).joined(separator: ".") + " = 1").utf8)),
        ("deep arrays", Array(("a = " + String(repeating: "[", count: 200_000)).utf8)),
        ("deep inline tables", Array(("a = " + String(repeating: "{a=", count: 100_000)).utf8)),
        ("10 MB key", Array(repeating: UInt8(ascii: "k"), count: 10_000_000) + Array(" = 1".utf8)),
        ("unclosed string", Array(("a = \"" + String(repeating: "x", count: 500_000)).utf8)),
        ("NULs", Array(repeating: 0, count: 1000)),
    ]
}
