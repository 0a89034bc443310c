import FoundationEssentials
import Testing
import TileKit
@testable import TileWidgets

/// The monitor's rounds: a site that goes down alerts once, staying down alerts no more, coming
/// back alerts once; the history keeps the last checks.
struct MonitorTests {
    let site = MonitorSite(name: "api", check: .http("https://api.example.com/health"))
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func result(up: Bool) -> MonitorRound.Result {
        MonitorRound.Result(site: site, latency: up ? 42 : nil, status: up ? 200 : 503, reason: up ? nil : "HTTP 503", history: [])
    }

    @Test func aSiteAlertsWhenItGoesDownAndWhenItIsBackOnceEach() {
        var rounds: [MonitorRound] = []
        var previous: MonitorRound?
        for (step, up) in [true, true, false, false, true, true].enumerated() {
            let round = MonitorProvider.round([result(up: up)], after: previous, at: start.addingTimeInterval(Double(step) * 60))
            rounds.append(round)
            previous = round
        }
        let alerts = rounds.map(MonitorProvider.alert(for:))
        #expect(alerts.map { $0?.title } == [nil, nil, "api is down", nil, "api is up again", nil])
        #expect(alerts[2]?.body == "api: HTTP 503" && alerts[2]?.sound == true && alerts[2]?.rise != nil)
        #expect(rounds[5].results[0].history == [42, 42, nil, nil, 42], "the checks before, oldest first")
    }

    @Test func aSiteDownAtItsFirstCheckAlertsAndOneUpDoesNot() {
        #expect(MonitorProvider.alert(for: MonitorProvider.round([result(up: false)], after: nil, at: start))?.title == "api is down")
        #expect(MonitorProvider.alert(for: MonitorProvider.round([result(up: true)], after: nil, at: start)) == nil)
    }

    @Test func theSitesListReadsNamesURLsAndPorts() {
        let (sites, rejected) = MonitorSite.parse("https://a.example, web=https://b.example/health\ntcp://db:5432 ftp://x tcp://y")
        #expect(sites.map(\.name) == ["a.example", "web", "db:5432"])
        #expect(sites[2].check == .tcp(host: "db", port: 5432) && sites[2].link == nil)
        #expect(rejected == ["ftp://x", "tcp://y"])
    }
}
