import Foundation
import Testing

/// Every built-in widget in every family in every size class (docs/rules.md C5), as text golden
/// files under Goldens/sizes, and the board in the class its terminal size chooses.
@Suite struct SizeClassRenderTests {
    static let goldens = RenderTests.goldens.appendingPathComponent("sizes")

    /// Each built-in widget's kind and families, as `tiles list` prints them (so widgets added
    /// later are covered without touching this test).
    static func builtins() throws -> [(kind: String, families: [String])] {
        let listing = try runTiles(["list"]).stdout.split(separator: "\n").map(String.init)
        var widgets: [(kind: String, families: [String])] = []
        for (index, line) in listing.enumerated() where !line.hasPrefix(" ") && line.contains(" — ") {
            let kind = String(line.prefix { $0 != " " })
            let families = listing[(index + 1)...].first { $0.hasPrefix("  families: ") }
                .map { $0.dropFirst("  families: ".count).components(separatedBy: ", ") } ?? []
            widgets.append((kind, families))
        }
        return widgets
    }

    /// Async, yielding between renders: each waits for a `tiles` process, and a test that holds a
    /// thread of the shared pool for seconds starves the suite's asynchronous tests.
    @Test func everyWidgetInEveryFamilyAndClassMatchesItsGoldenFile() async throws {
        let widgets = try Self.builtins()
        #expect(widgets.count >= 4, "tiles list names the built-in widgets: \(widgets)")
        var compared = 0
        for (kind, families) in widgets {
            for family in families {
                for sizeClass in ["compact", "regular", "large"] {
                    await Task.yield()
                    let result = try runTiles(
                        ["render", "--widget", kind, "--family", family, "--size-class", sizeClass, "--at", RenderTests.at, "--offline", "--language", RenderTests.goldenLanguage(of: kind)],
                        environment: ["TZ": "UTC"])
                    #expect(result.status == 0, "\(kind) \(family) \(sizeClass): \(result.stderr)")
                    let file = Self.goldens.appendingPathComponent("\(kind)-\(family)-\(sizeClass).txt")
                    try GoldenFile.check(result.stdout, against: file)
                    compared += 1
                }
            }
        }
        #expect(compared >= 60)
    }

    @Test func eachClassDrawsItsOwnGridAndRegularIsTheDefault() throws {
        for (sizeClass, size) in [("compact", (34, 8)), ("regular", (42, 10)), ("large", (62, 15))] {
            let result = try runTiles(["render", "--widget", "qqsync", "--size-class", sizeClass, "--at", RenderTests.at, "--offline"])
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == size.1, "\(sizeClass)")
            #expect(lines.allSatisfy { EndToEndTests.columns($0) == size.0 }, "\(sizeClass): \(lines)")
        }
        let plain = try runTiles(["render", "--widget", "qqsync", "--at", RenderTests.at, "--offline"])
        let regular = try runTiles(["render", "--widget", "qqsync", "--size-class", "regular", "--at", RenderTests.at, "--offline"])
        #expect(plain.stdout == regular.stdout)
        let bad = try runTiles(["render", "--widget", "qqsync", "--size-class", "huge"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("auto") && bad.stderr.contains("large"), "\(bad.stderr)")
    }

    @Test func theBoardTakesTheClassItsSizeChooses() throws {
        func board(_ width: Int, _ height: Int, _ extra: [String] = []) throws -> String {
            let result = try runTiles(
                ["render", "--board", "--width", "\(width)", "--height", "\(height)", "--at", RenderTests.at, "--offline", "--language", "zh-Hans"] + extra,
                environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        // 80×24 and 100×30 are unchanged: auto chooses the regular grids they always had.
        #expect(try board(80, 24) == board(80, 24, ["--size-class", "regular"]))
        #expect(try board(100, 30) == board(100, 30, ["--size-class", "regular"]))
        // 160×45 is filled with large tiles: rows in the top and the bottom thirds are used.
        let big = try board(160, 45)
        #expect(big == (try board(160, 45, ["--size-class", "large"])))
        #expect(big != (try board(160, 45, ["--size-class", "regular"])))
        let used = EndToEndTests.usedRows(big, height: 45)
        #expect(used.first! < 15 && used.last! >= 30, "rows \(used.first!)…\(used.last!)\n\(big)")
    }
}
