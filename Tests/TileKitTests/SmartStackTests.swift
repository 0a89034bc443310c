import Foundation
import Testing
import TileKit

/// docs/rules.md B6.3: deterministic Smart Stack rotation.
@Suite struct SmartStackTests {
    func entry(_ offset: TimeInterval, score: Float?, duration: TimeInterval = 0) -> AnyTimelineEntry {
        AnyTimelineEntry(LabelEntry(date: t0 + offset, label: "", relevance: score.map { TimelineEntryRelevance(score: $0, duration: duration) }))
    }

    @Test func testRelevanceIsTheActiveScoreOverTheWidgetsMaximum() {
        let entries = [entry(0, score: 10), entry(600, score: 40), entry(1200, score: 20)]
        #expect(SmartStack.normalizedRelevance(of: entries, at: t0 + 60) == 0.25)
        #expect(SmartStack.normalizedRelevance(of: entries, at: t0 + 700) == 1)
        #expect(SmartStack.normalizedRelevance(of: entries, at: t0 - 1) == 0)
    }

    @Test func testADurationEndsTheScoreEarly() {
        let entries = [entry(0, score: 5, duration: 300)]
        #expect(SmartStack.normalizedRelevance(of: entries, at: t0 + 300) == 1)
        #expect(SmartStack.normalizedRelevance(of: entries, at: t0 + 301) == 0)
        #expect(SmartStack.normalizedRelevance(of: [entry(0, score: nil)], at: t0) == 0)
    }

    @Test func testTheMostRelevantMemberRotatesToTheTopAtMostEveryFifteenMinutes() {
        var stack = SmartStack(members: ["a", "b", "c"])
        var scores: [String: [AnyTimelineEntry]] = ["a": [entry(0, score: 1), entry(1, score: 4, duration: 60)], "b": [entry(0, score: 2)], "c": []]
        do { let rotated = stack.rotateIfDue(at: t0, entries: { scores[$0]! }); #expect(rotated) }
        #expect(stack.top == "b")
        // b's current entry is now modest against its own upcoming peak; c is at its peak.
        scores["b"] = [entry(0, score: 2), entry(2000, score: 8)]
        scores["c"] = [entry(0, score: 9)]
        do { let rotated = stack.rotateIfDue(at: t0 + 899, entries: { scores[$0]! }); #expect(!rotated) }
        do { let rotated = stack.rotateIfDue(at: t0 + 900, entries: { scores[$0]! }); #expect(rotated) }
        #expect(stack.top == "c")
    }

    @Test func testTiesFavourTheCurrentTopThenStackOrder() {
        var stack = SmartStack(members: ["a", "b", "c"])
        let same: [AnyTimelineEntry] = [entry(0, score: 3)]
        do { let rotated = stack.rotateIfDue(at: t0, entries: { $0 == "a" ? [] : same }); #expect(rotated) }
        #expect(stack.top == "b")
        do { let rotated = stack.rotateIfDue(at: t0 + 3600, entries: { _ in same }); #expect(!rotated) }
        #expect(stack.top == "b")
    }

    @Test func testNoRotationSoonAfterAScrollOrWithSmartRotateOff() {
        var stack = SmartStack(members: ["a", "b"])
        stack.scroll(by: 1, at: t0)
        #expect(stack.top == "b")
        let scores = { (id: String) in id == "a" ? [self.entry(0, score: 5)] : [] }
        do { let rotated = stack.rotateIfDue(at: t0 + 600, entries: scores); #expect(!rotated) }
        do { let rotated = stack.rotateIfDue(at: t0 + 900, entries: scores); #expect(rotated) }
        var off = SmartStack(members: ["a", "b"], smartRotate: false)
        do { let rotated = off.rotateIfDue(at: t0, entries: { _ in [self.entry(0, score: 1)] }); #expect(!rotated) }
        stack.scroll(by: -3, at: t0)
        #expect(stack.top == "b")
    }

    @Test func testTheNextRotationIsTheEndOfTheQuietIntervalOnlyWhenAnotherMemberIsMoreRelevant() {
        var stack = SmartStack(members: ["a", "b"])
        #expect(stack.nextRotationDate(after: t0, scores: [0, 1]) == nil, "never changed: it may rotate now")
        stack.scroll(by: 1, at: t0)
        #expect(stack.nextRotationDate(after: t0 + 60, scores: [0.5, 0.5]) == nil, "a tie keeps the top: nothing to wait for")
        #expect(stack.nextRotationDate(after: t0 + 60, scores: [0.6, 0.5]) == t0 + 900)
        #expect(stack.nextRotationDate(after: t0 + 900, scores: [0.6, 0.5]) == nil, "due already")
        do { let rotated = stack.rotateIfDue(at: t0 + 899, scores: [0.6, 0.5]); #expect(!rotated) }
        do { let rotated = stack.rotateIfDue(at: t0 + 900, scores: [0.6, 0.5]); #expect(rotated) }
        #expect(stack.top == "a")
        do { let rotated = stack.rotateIfDue(at: t0 + 2000, scores: [0.6]); #expect(!rotated, "scores for another stack's members are ignored") }
    }
}
