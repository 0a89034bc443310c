import Foundation
import Testing

/// The zone dates are shown in comes from `TZ`, a zone's name or a POSIX rule, through the real
/// binary (docs/design.md, "Time zones").
@Suite struct TimeZoneCLITests {
    /// Seconds the countdown to 18:00 shows now with `TZ` set to `zone` (`下班 18:00 2:40:28`).
    private func secondsToSix(_ zone: String) throws -> Int {
        let home = try DashboardHome()
        defer { _ = home }
        var environment = home.environment(serviceURL: "http://127.0.0.1:9")
        environment["TZ"] = zone
        let result = try runTiles(["render", "--widget", "countdown", "--family", "inline", "--offline", "--format", "text"],
                                  environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let timer = try #require(result.stdout.split(whereSeparator: \.isWhitespace).last, "\(result.stdout)")
        let parts = timer.split(separator: ":").compactMap { Int($0) }
        #expect(parts.count >= 2, "\(result.stdout)")
        return parts.reduce(0) { $0 * 60 + $1 }
    }

    /// How far apart two times of day are, either way round the clock.
    private func apart(_ a: Int, _ b: Int) -> Int {
        let difference = ((a - b) % 86_400 + 86_400) % 86_400
        return min(difference, 86_400 - difference)
    }

    @Test func aZonesNameAndItsPOSIXRuleShowTheSameTimeAndZonesDiffer() throws {
        let shanghai = try secondsToSix("Asia/Shanghai"), chinaRule = try secondsToSix("CST-8")
        let newYork = try secondsToSix("America/New_York"), easternRule = try secondsToSix("EST5EDT,M3.2.0,M11.1.0")
        // Runs a moment apart: a second or two of the countdown may pass between them.
        #expect(apart(shanghai, chinaRule) <= 3)
        #expect(apart(newYork, easternRule) <= 3)
        // New York is 13 hours behind Shanghai, 12 while it keeps daylight saving time.
        let behind = ((newYork - shanghai) % 86_400 + 86_400) % 86_400
        #expect(apart(behind, 13 * 3_600) <= 6 || apart(behind, 12 * 3_600) <= 6, "\(shanghai) \(newYork)")
    }
}
