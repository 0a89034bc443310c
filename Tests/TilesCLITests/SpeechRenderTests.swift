import Foundation
import Testing

/// `tiles render --format speech`: what a screen reader says for a widget or the board, a line
/// per tile, from the views' texts and accessibility labels, in the chosen language.
@Suite struct SpeechRenderTests {
    static func isolated() throws -> (DashboardHome, [String: String]) {
        let home = try DashboardHome()
        return (home, home.environment(serviceURL: "http://127.0.0.1:9"))
    }

    @Test func aWidgetIsOneLineOfWordsWithItsSymbolsSaidByTheirLabels() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let english = try runTiles(["render", "--widget", "monitor", "--offline", "--format", "speech", "--language", "en"], environment: environment)
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout == "Monitor: Monitor, sample, up, web, 84 ms, up, api, 41 ms, down, db:5432, refused\n")
        let chinese = try runTiles(["render", "--widget", "monitor", "--offline", "--format", "speech", "--language", "zh-Hans"], environment: environment)
        #expect(chinese.stdout.hasPrefix("监控：Monitor, sample, 正常, web"), "\(chinese.stdout)")
    }

    @Test func theBoardIsAHeadingAndALinePerTile() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let result = try runTiles(
            ["render", "--board", "--tiles", "todo,commit", "--at", RenderTests.at, "--offline", "--format", "speech", "--language", "en",
             "--width", "100", "--height", "30"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.first == "tiles, page 1 of 1, 2 tiles. Tab moves between them, ? lists the keys.")
        #expect(lines.dropFirst().first?.hasPrefix("To-do: To-do, ") == true, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("Commit: ") == true && lines.last?.hasSuffix("reload") == true, "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) })
    }

    @Test func aProgramsLabelsAreSaidAndItsControlCharactersNeverPrinted() throws {
        let (home, environment) = try Self.isolated()
        defer { _ = home }
        let config = home.root.appendingPathComponent("speech.toml")
        try #"""
            [[widget]]
            kind = "rain"
            title = "Rain"
            command = ["sh", "-c", "cat >/dev/null; printf '%s' '{\"entries\": [{\"view\": {\"VStack\": [{\"Text\": \"☔ 80%\", \"accessibilityLabel\": \"rain likely\\u001b]52;c;ZXZpbA==\\u0007\", \"accessibilityValue\": \"80 percent\"}, {\"Text\": \"▁▃▅▇\"}]}}], \"policy\": \"never\"}'"]
            """#.write(to: config, atomically: true, encoding: .utf8)
        let result = try runTiles(["render", "--widget", "rain", "--config", config.path, "--format", "speech", "--language", "en"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Rain: rain likely"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(", 80 percent\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}") && !result.stdout.contains("▁"), "\(result.stdout.debugDescription)")
    }
}
