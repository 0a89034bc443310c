import Foundation
import Testing
import TileKit
@testable import TileTerminal
import TileUI

/// The live activities' banner: its rows, when it changes, where it goes on the board, and the
/// board's shell reading the store, alerting once at an end and forgetting what lingered.
@Suite struct BoardBannerTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func activity(_ id: String, startedAgo: TimeInterval, progress: String? = nil, line: String = "", end: LiveActivity.Ending? = nil) -> LiveActivity {
        var activity = LiveActivity(id: id, title: id, startedAt: start.addingTimeInterval(-startedAgo))
        if !line.isEmpty { activity.report(line: line, at: start) }
        if let progress { activity.progress = ActivityProgress(argument: progress) }
        activity.end = end
        return activity
    }

    @Test func eachActivityIsARowAndTheRestAreNamedInTheLast() {
        let banner = BoardBanner([activity("deploy", startedAgo: 7, progress: "50%", line: "uploading")], now: start)
        #expect(banner.rows == [BoardBanner.Row(
            mark: "●", title: "deploy", detail: "uploading", progress: ActivityProgress(argument: "50%"), trailing: "0:07", failed: false)])
        #expect(BoardBanner.trailingText(banner.rows[0]) == "━━━━━───── 50%  0:07 ")

        let many = BoardBanner((1...4).map { activity("a\($0)", startedAgo: Double($0)) }, now: start)
        #expect(many.rows.count == BoardBanner.maximumRows)
        #expect(many.rows.last?.title == "2 more")
        #expect(many.rows.last?.detail == "a3, a4")

        let failed = BoardBanner([activity("build", startedAgo: 65, end: .init(at: start, status: 2))], now: start.addingTimeInterval(30))
        #expect(failed.rows[0].mark == "✗")
        #expect(failed.rows[0].trailing == "exit 2 · 1:05", "the time it ran, not the time since")
        #expect(failed.rows[0].failed)
    }

    /// Issue 48, item 19: `20%` showed twice in a row, in the line and beside the bar.
    @Test func theProgressShowsOnceAsTheBar() {
        let banner = BoardBanner([activity("deploy", startedAgo: 3, line: "step 1/5 20%")], now: start)
        #expect(banner.rows[0].progress == ActivityProgress(argument: "20%"))
        #expect(banner.rows[0].detail == "step 1/5", "the bar's text is not repeated in the line")
        #expect(ActivityRow.detail("66% building", showing: ActivityProgress(argument: "66%")) == "building")
        #expect(ActivityRow.detail("uploading", showing: ActivityProgress(argument: "66%")) == "uploading")
    }

    @Test func theBannerChangesEachSecondWhileARunningActivityShowsAndNeverWithoutOne() {
        #expect(ActivityRow.nextChange([], now: start) == nil, "no activity, no wake-up")
        let running = activity("deploy", startedAgo: 7.25)
        #expect(ActivityRow.nextChange([running], now: start) == start.addingTimeInterval(0.75), "the timer's next second")
        let ended = activity("build", startedAgo: 60, end: .init(at: start, status: 0))
        #expect(ActivityRow.nextChange([ended], now: start.addingTimeInterval(10)) == start.addingTimeInterval(LiveActivity.linger))
    }

    @Test func theBoardMakesRoomAtTheTopAndGivesItBack() {
        var state = DashboardFixtures.board()
        let before = state.layout
        _ = state.update(.activities([activity("deploy", startedAgo: 7, progress: "50%", line: "uploading")]))
        #expect(state.layout.bannerRows == 1)
        #expect(state.layout.area.minY == 1)
        let screen = DashboardView.screen(state, now: start).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen[0].contains("● deploy  uploading"), "\(screen[0])")
        #expect(screen[0].trimmingCharacters(in: .whitespaces).hasSuffix("━━━━━───── 50%  0:07"), "\(screen[0])")
        #expect(state.layout.placement(atX: 50, y: 0, page: 0) == nil, "the banner is not a tile")

        _ = state.update(.activities([]))
        #expect(state.layout == before)
    }

    @Test func aScreenTooSmallForTheBannerKeepsTheTiles() throws {
        let tileHeight = try #require(DashboardFixtures.board().layout.pages.first?.first?.rect.size.height)
        // Exactly one tile's height and the status line: no room for a banner row.
        var state = DashboardFixtures.board(screen: Size(width: 60, height: tileHeight + BoardLayout.statusRows))
        #expect(!state.layout.isTooSmall)
        _ = state.update(.activities([activity("deploy", startedAgo: 1)]))
        #expect(!state.layout.isTooSmall)
        #expect(state.layout.bannerRows == 0)
    }

    @Test func theIncrementalFrameDrawsTheTimersChangeAlone() {
        var state = DashboardFixtures.board()
        _ = state.update(.activities([activity("deploy", startedAgo: 7)]))
        let first = DashboardView.frame(state, now: start, after: nil, changedTiles: [])
        let next = DashboardView.frame(state, now: start.addingTimeInterval(1), after: first, changedTiles: [])
        #expect(next.grid == DashboardView.screen(state, now: start.addingTimeInterval(1)))
        let areas = next.changedAreas ?? []
        #expect(!areas.isEmpty && areas.allSatisfy { $0.minY == 0 && $0.size.height == 1 }, "only the banner's row: \(areas)")
    }
}

/// The board's shell with a store of live activities, on an in-memory terminal.
@Suite(.serialized) struct DashboardActivityTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-activity-shell-\(UUID().uuidString)")

    @Test func anEndedActivityShowsAlertsOnceAndGoesAfterItsLinger() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directories = TilesDirectories(
            config: root.appendingPathComponent("config"), cache: root.appendingPathComponent("cache"),
            state: root.appendingPathComponent("state"), data: root.appendingPathComponent("data"))
        let store = ActivityStore(runtimeDirectory: root.appendingPathComponent("run"), log: { _ in })
        let clock = ManualClock(start)
        var options = DashboardOptions(
            widgets: [], tiles: [], scheme: .light, directories: directories, environment: [:], clock: clock, timeZone: .utc)
        options.notifications = NotificationSettings(terminal: true)
        let setup = try DashboardSetup(options: options, saved: PersistedState(), catalog: ThemeCatalog(directories: directories))
        let terminal = MemoryTerminal(width: 100, height: 30)
        let inbox = MessageInbox()
        let session = DashboardSession(
            options: options, setup: setup, terminal: terminal, loop: try EventLoop(input: terminal),
            stateFile: PersistedState.file(in: directories.state), inbox: inbox, activityStore: store)
        session.start()
        #expect(!terminal.text.contains("deploy"))

        var deploy = LiveActivity(id: "deploy", title: "deploy", startedAt: start.addingTimeInterval(-3))
        deploy.report(line: "99%", at: start)
        deploy.end = LiveActivity.Ending(at: start, status: 0)
        try store.save(deploy)
        inbox.post(.activitiesChanged)
        session.waker.wakeUp()
        _ = session.step()
        let banner = terminal.text.split(separator: "\n").first ?? ""
        #expect(banner.contains("✓ deploy") && banner.contains("━━━━━━━━━━ 99%  done"), "\(terminal.text)")
        #expect(banner.components(separatedBy: "99%").count == 2, "the progress shows once: \(banner)")
        #expect(terminal.rawSequences.joined().filter { $0 == "\u{07}" }.count == 1, "one bell")
        #expect(terminal.rawSequences.joined().contains("\u{1B}]9;deploy finished: 0:03 · 99%\u{1B}\\"))

        clock.set(to: start.addingTimeInterval(10))
        session.waker.wakeUp()
        _ = session.step()
        #expect(terminal.rawSequences.joined().filter { $0 == "\u{07}" }.count == 1, "still one")

        clock.set(to: start.addingTimeInterval(LiveActivity.linger))
        session.waker.wakeUp()
        _ = session.step()
        #expect(!terminal.text.contains("deploy"), "gone after its linger")
        #expect(session.currentState.layout.bannerRows == 0)
    }
}
