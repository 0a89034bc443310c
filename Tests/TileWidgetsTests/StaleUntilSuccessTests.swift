import Foundation
import Synchronization
import Testing
import TileKit
@testable import TileWidgets

extension NetworkSuite {
    /// A failing tile stays stale until its service answers (issue 11): a retry must not take the
    /// data boards shared before the failure for a success.
    @Suite struct StaleUntilSuccessTests {
        final class Outage: Sendable {
            let isOn = Mutex(false)
        }

        static let branch = """
            {"name":"main","commit":{"sha":"abc123","html_url":"https://github.com/apple/swift/commit/abc123",
            "commit":{"author":{"name":"Ada","date":"2024-05-01T06:00:00Z"},"message":"Fix the thing"}}}
            """

        @Test func theStaleMarkHoldsThroughRetriesUntilTheServiceAnswers() async throws {
            let outage = Outage()
            let path = "/repos/apple/swift/branches/main"
            try await LocalHTTPServer.with(routes: [
                path: { _ in outage.isOn.withLock { $0 } ? .json(#"{"message":"down"}"#, status: 503) : .json(Self.branch) },
            ]) { server in
                let home = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-stale-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: home) }
                var environment = ["HOME": home.path, "TILES_GITHUB_API_URL": server.baseURL.absoluteString]
                for name in ["CACHE", "DATA", "STATE", "CONFIG"] { environment["XDG_\(name)_HOME"] = home.appendingPathComponent(name).path }
                let services = WidgetServices(
                    environment: environment, directories: TilesDirectories(environment: environment), version: "9.9.9",
                    timeZone: TimeZone(identifier: "UTC")!)
                let commit = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "commit" })
                let clock = ManualClock(testNow)
                let scheduler = TimelineScheduler(
                    clock: clock, configuration: .init(retry: RetryPolicy(random: { 0 })), center: WidgetCenter())
                scheduler.add(WidgetInstance(id: "commit", widget: commit, family: .systemMedium))
                func settle() async {
                    scheduler.processDue()
                    await scheduler.waitForProviders()
                    scheduler.processDue()
                }
                await settle()
                #expect(scheduler.status(for: "commit")?.isStale == false)

                // The service fails an explicit reload 10 s later.
                outage.isOn.withLock { $0 = true }
                clock.advance(by: 10)
                scheduler.reload(id: "commit")
                await settle()
                #expect(scheduler.status(for: "commit")?.isStale == true)
                #expect(server.requests(to: path).count == 2)

                // The retry (15 s later) finds the first answer, 25 s old, in the boards' memory:
                // fresh for a scheduled call, but known before the failure, so it asks again.
                clock.set(to: try #require(scheduler.nextWakeDate()))
                #expect(clock.now() == testNow + 25)
                await settle()
                #expect(server.requests(to: path).count == 3, "the retry asked the service")
                #expect(scheduler.status(for: "commit")?.isStale == true)
                #expect(scheduler.status(for: "commit")?.reason == "HTTP 503")

                // Only an answer clears the mark.
                outage.isOn.withLock { $0 = false }
                clock.set(to: try #require(scheduler.nextWakeDate()))
                await settle()
                #expect(server.requests(to: path).count == 4)
                #expect(scheduler.status(for: "commit")?.isStale == false)
                await services.shutdown()
            }
        }
    }
}
