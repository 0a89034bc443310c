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

    /// A directory of its own under the system's temporary one, removed by the caller.
    private static func scratchDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tiles-lease-\(UUID().uuidString)").path
    }

    @Test func aLeaseIsExclusiveAndMakesItsDirectoryOnFirstUse() throws {
        let root = Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/cache/leases"
        #expect(!FetchLease.isHeld(directory: directory, key: "commit.a/b@main"))
        let lease = try #require(FetchLease(directory: directory, key: "commit.a/b@main"), "the directory is made when missing")
        var info = stat()
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(FetchLease.isHeld(directory: directory, key: "commit.a/b@main"))
        #expect(FetchLease(directory: directory, key: "commit.a/b@main") == nil, "another board holds it")
        let other = try #require(FetchLease(directory: directory, key: "commit.a.b@main"), "a key that differs only in punctuation")
        lease.release()
        other.release()
        #expect(!FetchLease.isHeld(directory: directory, key: "commit.a/b@main"))
        #expect(FetchLease(directory: nil, key: "commit.a/b@main") == nil, "without a cache, no lease")
    }

    @Test func aLeaseOlderThanThirtySecondsIsBroken() throws {
        let directory = Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try #require(FetchLease(directory: directory, key: "alipay.weather.上海"))
        let path = FetchLease.path(directory, "alipay.weather.上海")
        var times = [timespec(tv_sec: time(nil) - 31, tv_nsec: 0), timespec(tv_sec: time(nil) - 31, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(!FetchLease.isHeld(directory: directory, key: "alipay.weather.上海"))
        #expect(FetchLease(directory: directory, key: "alipay.weather.上海") != nil, "a dead board's lease is taken over")
    }

    @Test func leaseNamesKeepASCIILettersAndDigitsAndEncodeEveryOtherByte() {
        #expect(FetchLease.path("/d", "commit.a/b@main") == "/d/commit%2Ea%2Fb%40main.lease")
        #expect(FetchLease.path("/d", "alipay.weather.上海") == "/d/alipay%2Eweather%2E%E4%B8%8A%E6%B5%B7.lease")
        let keys = ["commit.a/b@main", "commit.a.b@main", "commit.a_b@main", "qqsync.quote.ab.40", "qqsync.quote.a.b40"]
        #expect(Set(keys.map { FetchLease.path("/d", $0) }).count == keys.count)
    }
}
