import Foundation
import Testing
import TileKit
@testable import TileWidgets

/// Which remembered data answers a provider call without a fetch (boards share one per source).
@Suite struct SharedFetchTests {
    let now = Date(timeIntervalSince1970: 1_714_543_200)

    @Test func aScheduledCallTakesDataFetchedWithinItsFreshness() {
        let context = TimelineContext(family: .systemMedium, now: now, reason: .policy)
        #expect(WidgetServices.isFresh(fetchedAt: now.addingTimeInterval(-149), freshFor: 150, in: context))
        #expect(!WidgetServices.isFresh(fetchedAt: now.addingTimeInterval(-151), freshFor: 150, in: context))
        #expect(!WidgetServices.isFresh(fetchedAt: now.addingTimeInterval(151), freshFor: 150, in: context), "a clock set back")
    }

    @Test func anExplicitReloadTakesOnlyDataFetchedSinceItWasAskedFor() {
        let asked = now.addingTimeInterval(-2)
        let context = TimelineContext(family: .systemMedium, now: now, reason: .widgetCenter, freshSince: asked)
        #expect(!WidgetServices.isFresh(fetchedAt: asked.addingTimeInterval(-0.001), freshFor: 150, in: context))
        #expect(WidgetServices.isFresh(fetchedAt: asked, freshFor: 150, in: context), "another board's fetch for the same request")
        #expect(WidgetServices.isFresh(fetchedAt: now.addingTimeInterval(1), freshFor: 150, in: context))
        let key = TimelineContext(family: .systemMedium, now: now, reason: .user)
        #expect(!WidgetServices.isFresh(fetchedAt: now.addingTimeInterval(-1), freshFor: 150, in: key), "r: nothing from before the key")
    }

    @Test func aRetryTakesOnlyDataFetchedSinceTheAttemptThatFailed() {
        let failed = now.addingTimeInterval(-15)
        let context = TimelineContext(family: .systemMedium, now: now, reason: .retry, freshSince: failed)
        #expect(!WidgetServices.isFresh(fetchedAt: failed.addingTimeInterval(-10), freshFor: 150, in: context), "known before the failure")
        #expect(WidgetServices.isFresh(fetchedAt: failed.addingTimeInterval(5), freshFor: 150, in: context), "another board's success since")
    }
}
