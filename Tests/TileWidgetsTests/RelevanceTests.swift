import Foundation
import Testing
import TestSupport
import TileKit
@testable import TileWidgets
import TileUI
import TileBase

/// Entry relevance of the built-in widgets, which Smart Stacks rotate by (docs/rules.md B6).
struct RelevanceTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aCountdownBecomesRelevantHalfAnHourBeforeItsMoment() {
        let entry = CountdownEntry(date: Self.now, title: "下班", target: Self.now + 3 * 3600, label: "18:00")
        let entries = CountdownProvider.withRelevance(entry, now: Self.now)
        #expect(entries.map(\.date) == [Self.now, Self.now + 2.5 * 3600])
        #expect(entries[0].relevance == nil)
        #expect(entries[1].relevance == TimelineEntryRelevance(score: 1, duration: 1800))
        #expect(entries[1].target == entry.target, "the same countdown, only scored")
        let anyEntries = entries.map(AnyTimelineEntry.init)
        #expect(SmartStack.normalizedRelevance(of: anyEntries, at: Self.now + 3600) == 0)
        #expect(SmartStack.normalizedRelevance(of: anyEntries, at: Self.now + 2.75 * 3600) == 1)
        #expect(SmartStack.normalizedRelevance(of: anyEntries, at: Self.now + 3 * 3600 + 1) == 0)

        let close = CountdownEntry(date: Self.now, title: "午饭", target: Self.now + 600, label: "12:00")
        #expect(CountdownProvider.withRelevance(close, now: Self.now).map(\.relevance) == [TimelineEntryRelevance(score: 1, duration: 600)])
    }

    @Test(.language(.simplifiedChinese)) func aCountdownAlertsWhenItsMomentComes() async throws {
        var intent = CountdownIntent()
        intent.title = "下班"
        intent.time = "18:00"
        // 17:59:50 in UTC+8.
        let now = try #require(InternetDate.parse("2022-06-06T17:59:50+08:00"))
        let provider = CountdownProvider(timeZone: Zone(secondsFromGMT: 8 * 3600))
        let timeline = try await provider.timeline(for: intent, in: TimelineContext(family: .systemSmall, now: now))
        let moment = now + 10
        #expect(timeline.entries.last?.date == moment)
        #expect(timeline.entries.last?.alert == WidgetAlert(title: "下班 到了", body: "18:00", sound: true))
        #expect(timeline.entries.dropLast().allSatisfy { $0.alert == nil })
        #expect(timeline.policy == .after(moment + CountdownProvider.arrivalShown))
        #expect(AnyTimeline(timeline).entry(at: moment + 1)?.alert != nil, "the moment's entry is current from the moment")
    }

    @Test func aCommitIsRelevantForTheHourAfterItWasMade() {
        var entry = CommitEntry.sample(date: Self.now - 600, timeZone: Zone(secondsFromGMT: 0))
        entry.date = Self.now
        #expect(entry.relevance == TimelineEntryRelevance(score: 10, duration: 3000))
        entry.date = Self.now + 3600
        #expect(entry.relevance == nil, "an old commit is not news")
        let failed = CommitEntry.failed(date: Self.now, timeZone: Zone(secondsFromGMT: 0), reason: "HTTP 404")
        #expect(failed.relevance == nil)
    }
}
