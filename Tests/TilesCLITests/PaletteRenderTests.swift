import Foundation
import Testing

/// Every built-in widget drawn in 256 and in 16 colours, light and dark (issue 13): ANSI golden
/// files under Goldens/palette, so a change in how colours are matched is seen and reviewed.
@Suite struct PaletteRenderTests {
    static let goldens = RenderTests.goldens.appendingPathComponent("palette")

    /// Async, yielding between renders, as `SizeClassRenderTests` does.
    @Test func everyWidgetIn256And16ColoursMatchesItsGoldenFile() async throws {
        let widgets = try SizeClassRenderTests.builtins()
        #expect(widgets.count >= 4)
        for (kind, families) in widgets {
            let family = families.contains("medium") ? "medium" : families[0]
            for (term, colours) in [("xterm-256color", "256"), ("xterm", "16")] {
                for scheme in ["light", "dark"] {
                    await Task.yield()
                    let result = try runTiles(
                        ["render", "--widget", kind, "--family", family, "--scheme", scheme, "--at", RenderTests.at, "--offline", "--format", "ansi", "--language", RenderTests.goldenLanguage(of: kind)],
                        environment: ["TZ": "UTC", "TERM": term])
                    #expect(result.status == 0, "\(kind) \(colours) \(scheme): \(result.stderr)")
                    #expect(!result.stdout.contains("38;2;") && !result.stdout.contains("48;2;"), "\(kind) \(colours): no truecolor sequences")
                    let file = Self.goldens.appendingPathComponent("\(kind)-\(colours)-\(scheme).ansi")
                    try GoldenFile.check(result.stdout, against: file)
                }
            }
        }
    }
}
