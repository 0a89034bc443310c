import Foundation
import Testing

/// The weather widget against a local server answering as Open-Meteo does (its geocoding and a
/// forecast with current, hourly and daily blocks, `Fixtures/open-meteo-forecast.json`).
@Suite struct WeatherWidgetTests {
    static let forecast = try! String(contentsOf: repositoryRoot.appendingPathComponent("Tests/TilesCLITests/Fixtures/open-meteo-forecast.json"), encoding: .utf8)

    func render(_ family: String, geocoding: String = EndToEndTests.geocoding, city: String = "上海", language: String = "en") throws -> (status: Int32, stdout: String, stderr: String) {
        let server = try StubHTTPServer(routes: ["/v1/search": .json(geocoding), "/v1/forecast": .json(Self.forecast)])
        defer { server.stop() }
        let home = try DashboardHome()
        return try runTiles(["render", "--widget", "weather", "--family", family, "--param", "city=\(city)", "--language", language],
                            environment: home.environment(serviceURL: server.baseURL))
    }

    @Test func theForecastIsDrawnNowForTheNextHoursAndTheWeek() throws {
        let large = try render("large")
        #expect(large.status == 0, "\(large.stderr)")
        for text in ["上海", "↑06:31 ↓16:52", "Light rain H 16° L 10°", "17:00", "Sat", "Fri", "7° – 15°"] {
            #expect(large.stdout.contains(text), "missing \(text): \(large.stdout)")
        }
        let lines = large.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("Sat") && $0.contains("10° – 16°") }, "today's low and high: \(large.stdout)")
        // In Chinese, the conditions and the weekdays are Chinese.
        let chinese = try render("large", language: "zh-Hans")
        #expect(chinese.stdout.contains("小雨 H 16° L 10°") && chinese.stdout.contains("周六") && !chinese.stdout.contains("Sat"), "\(chinese.stdout)")
        let inline = try render("inline")
        #expect(inline.stdout.contains("15° 上海"), "\(inline.stdout)")
    }

    @Test func aCityTheGeocoderDoesNotKnowIsNamed() throws {
        let result = try render("medium", geocoding: #"{"generationtime_ms":0.3}"#, city: "Atlantis")
        #expect((result.stdout + result.stderr).contains("city not found: Atlantis"), "\(result.stdout)\(result.stderr)")
    }
}
