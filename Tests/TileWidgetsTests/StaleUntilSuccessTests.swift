import Foundation
import Synchronization
import Testing
import TileKit
@testable import TileWidgets
import TileUI
import TileBase

extension NetworkSuite {
    /// A failing tile stays stale, with its reason, until its service answers (issue 11): a retry
    /// must not take the data boards shared before the failure for a success, and an unusable
    /// answer must not be what a later 304 confirms.
    @Suite struct StaleUntilSuccessTests {
        static let path = "/repos/apple/swift/branches/main"
        static let branch = """
            {"name":"main","commit":{"sha":"abc123","html_url":"https://github.com/apple/swift/commit/abc123",
            "commit":{"author":{"name":"Ada","date":"2024-05-01T06:00:00Z"},"message":"Fix the thing"}}}
            """

        /// What the test's GitHub answers, switched by the test.
        final class Behaviour: Sendable {
            let phase = Mutex(0)
        }

        /// A Commit tile on a scheduler with a manual clock, its services on `server`, files in a
        /// temporary home, retries after 15 s, then 30 s (no jitter).
        final class CommitBoard {
            let clock = ManualClock(testNow)
            let scheduler: TimelineScheduler
            private let services: WidgetServices
            private let home = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-stale-\(UUID().uuidString)")

            init(server: LocalHTTPServer) throws {
                var environment = ["HOME": home.path]
                for name in ["CACHE", "DATA", "STATE", "CONFIG"] { environment["XDG_\(name)_HOME"] = home.appendingPathComponent(name).path }
                services = WidgetServices(
                    settings: ServiceSettings(githubAPI: server.baseURL.absoluteString), environment: environment, directories: TilesDirectories(environment: environment), version: "9.9.9",
                    timeZone: Zone(identifier: "UTC")!)
                let commit = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "commit" })
                scheduler = TimelineScheduler(clock: clock, configuration: .init(retry: RetryPolicy(random: { 0 })), center: WidgetCenter())
                scheduler.add(WidgetInstance(id: "commit", widget: commit, family: .systemMedium))
            }

            var status: InstanceStatus? { scheduler.status(for: "commit") }

            /// Starts what is due, waits for it, and applies it.
            func settle() async {
                scheduler.processDue()
                await scheduler.waitForProviders()
                scheduler.processDue()
            }

            /// Shows the service's first answer, then (10 s later) an explicit reload meets phase 1
            /// of `behaviour` and fails.
            func answerThenFailAnExplicitReload(_ behaviour: Behaviour) async {
                await settle()
                #expect(status?.isStale == false)
                behaviour.phase.withLock { $0 = 1 }
                clock.advance(by: 10)
                scheduler.reload(id: "commit")
                await settle()
                #expect(status?.isStale == true)
            }

            /// Moves the clock to the next thing due and settles.
            func next() async throws {
                clock.set(to: try #require(scheduler.nextWakeDate()))
                await settle()
            }

            func close() async {
                try? FileManager.default.removeItem(at: home)
            }
        }

        @Test func theStaleMarkHoldsThroughRetriesUntilTheServiceAnswers() async throws {
            let behaviour = Behaviour()
            try await LocalHTTPServer.with(routes: [
                Self.path: { _ in behaviour.phase.withLock { $0 } == 1 ? .json(#"{"message":"down"}"#, status: 503) : .json(Self.branch) },
            ]) { server in
                let board = try CommitBoard(server: server)
                await board.answerThenFailAnExplicitReload(behaviour)
                #expect(server.requests(to: Self.path).count == 2)

                // The retry (15 s later) finds the first answer, 25 s old, in the boards' memory:
                // fresh for a scheduled call, but known before the failure, so it asks again.
                try await board.next()
                #expect(board.clock.now() == testNow + 25)
                #expect(server.requests(to: Self.path).count == 3, "the retry asked the service")
                #expect(board.status?.isStale == true)
                #expect(board.status?.reason == "HTTP 503")

                // Only an answer clears the mark.
                behaviour.phase.withLock { $0 = 2 }
                try await board.next()
                #expect(server.requests(to: Self.path).count == 4)
                #expect(board.status?.isStale == false)
                await board.close()
            }
        }

        @Test func garbageUnderTheCachedETagIsStaleWithItsReasonAndNotRevalidatedLater() async throws {
            let behaviour = Behaviour()
            let etag = #""E1""#
            try await LocalHTTPServer.with(routes: [
                Self.path: { request in
                    switch behaviour.phase.withLock({ $0 }) {
                    case 1: return .respond(status: 200, headers: [("ETag", etag)], body: Array("<html>not json".utf8))
                    default:
                        if request.header("If-None-Match") == etag { return .respond(status: 304, headers: [("ETag", etag)], body: []) }
                        return .json(Self.branch, headers: [("ETag", etag)])
                    }
                },
            ]) { server in
                // A warm cache (the good body under E1), then the service answers 200, garbage, E1.
                let board = try CommitBoard(server: server)
                await board.answerThenFailAnExplicitReload(behaviour)
                #expect(board.status?.reason == "bad response")
                try await board.next()
                #expect(board.status?.isStale == true, "the retry sees the garbage again")
                #expect(board.status?.reason == "bad response")

                // The service is well again and, its branch unchanged, would answer 304 to E1:
                // the tile asks for the whole body (the garbage was not kept) and recovers.
                behaviour.phase.withLock { $0 = 2 }
                try await board.next()
                #expect(server.requests(to: Self.path).last?.header("If-None-Match") == nil)
                #expect(board.status?.isStale == false)
                await board.close()
            }
        }
    }
}
