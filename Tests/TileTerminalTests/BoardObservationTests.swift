import Foundation
import Testing
import TileKit
@testable import TileTerminal
import TileUI

/// The rules the state applies to what the shell observed before a frame: which alerts are
/// given, which the banner shows and for how long, when a form holds them back, and the alert
/// history's overlay.
@Suite struct BoardObservationTests {
    typealias F = DashboardFixtures
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func sighting(_ title: String, tile: String = "quote", becameCurrent ago: TimeInterval = 0) -> PendingAlert {
        PendingAlert(key: "key-\(title)", alert: WidgetAlert(title: title, body: "main is red"), widget: "Commit", tileID: tile, date: now - ago)
    }

    func lines(_ state: DashboardState, at date: Date) -> [Substring] {
        DashboardView.screen(state, now: date).text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func aNewAlertIsGivenAndShownInTheBannerForAMinute() throws {
        var state = F.board()
        let alert = sighting("build failed")
        let effects = state.update(.observed(BoardObservation(now: now, alerts: [alert])))
        #expect(effects == [.giveAlerts([alert])])
        #expect(state.layout.bannerRows == 1)
        let top = lines(state, at: now)[0]
        #expect(top.contains("🔔 Commit: build failed  main is red"), "\(top)")
        #expect(top.contains("a lists alerts"), "\(top)")
        #expect(state.alertBannerUntil == now + DashboardState.alertBannerTime)

        // Seen again in the next frames: still given to the center (which settles it), not shown again.
        _ = state.update(.observed(BoardObservation(now: now + 30, alerts: [alert])))
        #expect(state.bannerAlerts == [alert])
        _ = state.update(.observed(BoardObservation(now: now + 60, alerts: [alert])))
        #expect(state.bannerAlerts.isEmpty && state.alertBannerUntil == nil)
        #expect(state.layout.bannerRows == 0, "the row is given back")
        _ = state.update(.observed(BoardObservation(now: now + 90, alerts: [alert])))
        #expect(state.bannerAlerts.isEmpty, "an alert shows in the banner once")
    }

    @Test func severalAlertsTakeOneRowThatCountsTheRest() {
        var state = F.board()
        let alerts = [sighting("one", becameCurrent: 3), sighting("two", becameCurrent: 2), sighting("three", becameCurrent: 1)]
        _ = state.update(.observed(BoardObservation(now: now, alerts: alerts)))
        #expect(state.layout.bannerRows == 1)
        let top = lines(state, at: now)[0]
        #expect(top.contains("Commit: three") && top.contains("+2 more"), "the newest, and how many more: \(top)")
    }

    @Test func anOldEntrysAlertGoesToTheCenterButNotTheBanner() {
        var state = F.board()
        let stale = sighting("old news", becameCurrent: DashboardState.alertBannerFreshness + 1)
        let ancient = sighting("ancient", becameCurrent: AlertCenter.maximumAge + 1)
        #expect(state.update(.observed(BoardObservation(now: now, alerts: [stale, ancient]))) == [.giveAlerts([stale])])
        #expect(state.bannerAlerts.isEmpty)
    }

    @Test func aFormHoldsAlertsBackUntilItCloses() {
        var state = F.board()
        _ = state.update(F.key(.tab))
        _ = state.update(F.key("E"))
        guard case .arrange = state.mode else { Issue.record("edit mode did not open"); return }
        let alert = sighting("deploy done")
        #expect(state.update(.observed(BoardObservation(now: now, alerts: [alert]))) == [])
        #expect(state.bannerAlerts.isEmpty)
        _ = state.update(F.key(.escape))
        _ = state.update(.boardSaved("saved"))
        #expect(state.update(.observed(BoardObservation(now: now + 5, alerts: [alert]))) == [.giveAlerts([alert])])
        #expect(state.bannerAlerts == [alert], "shown once the form closed")
    }

    @Test func anActivityThatJustEndedAlertsAndAnOldEndDoesNot() {
        var state = F.board()
        var ended = LiveActivity(id: "a1", title: "deploy", startedAt: now - 70)
        ended.end = LiveActivity.Ending(at: now - 5, status: 0)
        var old = LiveActivity(id: "a2", title: "backup", startedAt: now - 700)
        old.end = LiveActivity.Ending(at: now - PendingAlert.activityNewsAge - 1, status: 0)
        let effects = state.update(.observed(BoardObservation(now: now, activities: [ended, old])))
        #expect(state.activities.count == 2)
        guard case .giveAlerts(let given) = effects.first else { Issue.record("no alerts: \(effects)"); return }
        #expect(given.map(\.widget) == ["deploy"])
        #expect(given.first?.tileID == nil)
        #expect(state.bannerAlerts.isEmpty, "an activity's end shows in its own row, not again as an alert")
    }

    @Test func aOpensTheHistoryClearsTheBannerAndAnyKeyClosesIt() {
        var state = F.board()
        _ = state.update(.observed(BoardObservation(now: now, alerts: [sighting("build failed")])))
        #expect(state.update(F.key("a")) == [.showAlertHistory])
        #expect(state.bannerAlerts.isEmpty && state.layout.bannerRows == 0)
        let older = AlertHistory.Record(date: now - 3600, widget: "Countdown", tileID: "c", title: "新年", body: "")
        let newer = AlertHistory.Record(date: now - 30, widget: "Commit", tileID: "quote", title: "build failed", body: "main is red")
        _ = state.update(.alertHistory(AlertHistory.Contents(readUntil: now - 1800, alerts: [older, newer])))
        let screen = lines(state, at: now)
        let first = screen.firstIndex { $0.contains("Commit  build failed: main is red") }
        let second = screen.firstIndex { $0.contains("Countdown  新年") }
        #expect(screen.contains { $0.contains("tiles — alerts (1 unread)") })
        #expect(first != nil && second != nil && first! < second!, "the newest first")
        #expect(screen[first!].contains("● just now"), "unread: \(screen[first!])")
        #expect(!screen[second!].contains("●") && screen[second!].contains("1h ago"), "read: \(screen[second!])")
        _ = state.update(F.key("q"))
        #expect(state.mode == .board && !state.isQuitting, "any key closes it, q too")
    }

    @Test func dDismissesTheBannersAlertsAndEndedActivities() {
        var state = F.board()
        #expect(state.update(F.key("d")) == [])
        #expect(state.message?.text.hasPrefix("nothing to dismiss") == true)
        let running = LiveActivity(id: "r", title: "build", startedAt: now - 5)
        var ended = LiveActivity(id: "e", title: "deploy", startedAt: now - 70)
        ended.end = LiveActivity.Ending(at: now - 5, status: 0)
        _ = state.update(.observed(BoardObservation(now: now, alerts: [sighting("build failed")], activities: [running, ended])))
        #expect(state.layout.bannerRows == 3)
        #expect(state.update(F.key("d")) == [.dismissEndedActivities])
        #expect(state.bannerAlerts.isEmpty && state.activities.map(\.id) == ["r"], "the running one stays")
        #expect(state.layout.bannerRows == 1)
    }

    @Test func anEmptyHistorySaysSo() {
        var state = F.board()
        _ = state.update(.alertHistory(AlertHistory.Contents()))
        #expect(lines(state, at: now).contains { $0.contains("no alerts yet") })
    }

    @Test func stackScoresComeFromTheObservedTimelines() {
        var state = DashboardEditTests.board()
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        _ = state.update(.stackScrolled(id: "stack", offset: 1, now: t0))
        // Each member's relevance is its current entry's score over its own highest.
        func entries(_ scores: Int...) -> [AnyTimelineEntry] {
            scores.enumerated().map { AnyTimelineEntry(PlainEntry(date: t0 + Double($0.offset) * 10_000, relevance: TimelineEntryRelevance(score: Float($0.element)))) }
        }
        let observed = { (at: Date) in BoardObservation(now: at, stackEntries: ["stack#1": entries(8), "stack#2": entries(2, 8)]) }
        _ = state.update(.observed(observed(t0 + 60)))
        #expect(state.stackScores == ["stack#1": 1, "stack#2": 0.25])
        #expect(state.nextStackRotation(now: t0 + 60) == t0 + 900)
        #expect(state.tile("stack")?.instanceID == "stack#2", "not within 15 minutes of a scroll")
        _ = state.update(.observed(observed(t0 + 900)))
        #expect(state.tile("stack")?.instanceID == "stack#1")
    }
}

/// A timeline entry with a relevance, for Smart Stack scores.
private struct PlainEntry: TimelineEntry {
    var date: Date
    var relevance: TimelineEntryRelevance?
}
