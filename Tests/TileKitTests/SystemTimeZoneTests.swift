import Foundation
import Testing
@testable import TileKit

/// The board's time zone lookup takes Foundation's steps in Foundation's order.
@Suite struct SystemTimeZoneTests {
    static let berlinLink = "/usr/share/zoneinfo/Europe/Berlin"

    @Test func isTimeZoneCurrentInThisProcess() {
        #expect(SystemTimeZone.current(environment: ProcessEnvironment.current()) == TimeZone.current)
    }

    @Test func tzNamesAnIdentifierOrAnAbbreviation() {
        #expect(SystemTimeZone.zone(environment: ["TZ": "Asia/Tokyo"], localtimeLink: Self.berlinLink)?.identifier == "Asia/Tokyo")
        // Foundation's abbreviations come first: PST is Los Angeles, not a POSIX rule.
        #expect(SystemTimeZone.zone(environment: ["TZ": "PST"], localtimeLink: nil)?.identifier == "America/Los_Angeles")
        #expect(SystemTimeZone.zone(environment: ["TZ": "GMT"], localtimeLink: nil) == TimeZone(identifier: "GMT"))
        #expect(SystemTimeZone.zone(environment: ["TZ": "UTC"], localtimeLink: nil) == TimeZone(identifier: "UTC"))
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

    @Test func everyKnownZoneIsFoundByEitherRoute() {
        let identifiers = TimeZone.knownTimeZoneIdentifiers
        #expect(identifiers.count > 300)
        for identifier in identifiers {
            let zone = TimeZone(identifier: identifier)
            #expect(SystemTimeZone.zone(environment: ["TZ": identifier], localtimeLink: nil) == zone, "\(identifier)")
            #expect(SystemTimeZone.zone(environment: [:], localtimeLink: "/usr/share/zoneinfo/" + identifier) == zone, "\(identifier)")
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
