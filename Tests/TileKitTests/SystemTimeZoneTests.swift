import Foundation
import Testing
@testable import TileKit
import TileUI
import TileBase

/// The board's time zone lookup takes Foundation's steps in Foundation's order.
@Suite struct SystemTimeZoneTests {
    static let berlinLink = "/usr/share/zoneinfo/Europe/Berlin"

    @Test func isTimeZoneCurrentInThisProcess() {
        let zone = SystemTimeZone.current(environment: ProcessEnvironment.current())
        #expect(zone.identifier == TimeZone.current.identifier)
        #expect(Self.sameOffsets(zone, TimeZone.current))
    }

    @Test func tzNamesAnIdentifierOrAnAbbreviation() {
        #expect(SystemTimeZone.zone(environment: ["TZ": "Asia/Tokyo"], localtimeLink: Self.berlinLink)?.identifier == "Asia/Tokyo")
        // Foundation's abbreviations come first: PST is Los Angeles, not a POSIX rule.
        #expect(SystemTimeZone.zone(environment: ["TZ": "PST"], localtimeLink: nil)?.identifier == "America/Los_Angeles")
        #expect(SystemTimeZone.zone(environment: ["TZ": "GMT"], localtimeLink: nil)?.identifier == "GMT")
        #expect(SystemTimeZone.zone(environment: ["TZ": "UTC"], localtimeLink: nil)?.identifier == "UTC")
        #expect(SystemTimeZone.zone(environment: ["TZ": "UTC"], localtimeLink: nil)?.secondsFromGMT(for: Date()) == 0)
    }

    @Test func aTZThatNamesNoZoneIsReadAsAPOSIXRuleAsTheCLibraryReadsIt() throws {
        let china = try #require(SystemTimeZone.zone(environment: ["TZ": "CST-8"], localtimeLink: Self.berlinLink))
        #expect(china.secondsFromGMT(for: Date(timeIntervalSince1970: 1_700_000_000)) == 8 * 3_600)
        let eastern = try #require(SystemTimeZone.zone(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"], localtimeLink: nil))
        #expect(eastern.secondsFromGMT(for: Date(timeIntervalSince1970: 1_750_000_000)) == -4 * 3_600)  // June 2025
        #expect(eastern.secondsFromGMT(for: Date(timeIntervalSince1970: 1_740_000_000)) == -5 * 3_600)  // February 2025
    }

    @Test func tzFileComesFirstAndUnknownNamesFallThrough() {
        let both = ["TZFILE": "Asia/Shanghai", "TZ": "Asia/Tokyo"]
        #expect(SystemTimeZone.zone(environment: both, localtimeLink: nil)?.identifier == "Asia/Shanghai")
        let unknown = ["TZFILE": "Nowhere/Atlantis", "TZ": ":Nowhere"]
        #expect(SystemTimeZone.zone(environment: unknown, localtimeLink: Self.berlinLink)?.identifier == "Europe/Berlin")
        #expect(SystemTimeZone.zone(environment: unknown, localtimeLink: nil) == nil)
    }

    @Test func theLocaltimeLinkIsReadBelowTheZoneDirectory() {
        #expect(SystemTimeZone.zone(environment: [:], localtimeLink: Self.berlinLink)?.identifier == "Europe/Berlin")
        // A relative link, as some systems make it.
        #expect(SystemTimeZone.zone(environment: [:], localtimeLink: "../usr/share/zoneinfo/America/New_York")?.identifier == "America/New_York")
        // Elsewhere, or not a link: left to Foundation's last step.
        #expect(SystemTimeZone.zone(environment: [:], localtimeLink: "/etc/zones/Europe/Berlin") == nil)
        #expect(SystemTimeZone.zone(environment: [:], localtimeLink: nil) == nil)
    }

    @Test func everyKnownZoneIsFoundByEitherRoute() throws {
        let identifiers = TimeZone.knownTimeZoneIdentifiers
        #expect(identifiers.count > 300)
        for identifier in identifiers {
            let expected = try #require(TimeZone(identifier: identifier))
            let byTZ = SystemTimeZone.zone(environment: ["TZ": identifier], localtimeLink: nil)
            let byLink = SystemTimeZone.zone(environment: [:], localtimeLink: "/usr/share/zoneinfo/" + identifier)
            #expect(byTZ?.identifier == identifier && byLink?.identifier == identifier, "\(identifier)")
            #expect(byTZ.map { Self.sameOffsets($0, expected) } == true, "\(identifier)")
            #expect(byLink.map { Self.sameOffsets($0, expected) } == true, "\(identifier)")
        }
    }

    /// Whether `zone` and Foundation's `timeZone` agree in January and July of 2023 (before the
    /// changes of the system's tzdata that ICU's older copy lacks: docs/platform.md).
    static func sameOffsets(_ zone: Zone, _ timeZone: TimeZone) -> Bool {
        [1_673_740_800, 1_689_379_200].allSatisfy { (seconds: TimeInterval) in
            let date = Date(timeIntervalSince1970: seconds)
            return zone.secondsFromGMT(for: date) == timeZone.secondsFromGMT(for: date)
        }
    }

    @Test func theIdentifierIsWhatFollowsTheFirstZoneDirectoryInTheLink() {
        #expect(SystemTimeZone.identifier(inLink: "/usr/share/zoneinfo/Asia/Shanghai") == "Asia/Shanghai")
        #expect(SystemTimeZone.identifier(inLink: "../../usr/share/zoneinfo/Etc/UTC") == "Etc/UTC")
        #expect(SystemTimeZone.identifier(inLink: "/usr/share/zoneinfo/") == "")
        #expect(SystemTimeZone.identifier(inLink: "/x/usr/share/zoneinfo/usr/share/zoneinfo/A") == "usr/share/zoneinfo/A")
        #expect(SystemTimeZone.identifier(inLink: "/usr/share/zoneinf") == nil)
        #expect(SystemTimeZone.identifier(inLink: "") == nil)
        #expect(SystemTimeZone.identifier(inLink: "/usr/share/zoneinfo/时区/é") == "时区/é")
    }
}
