import Foundation
import Synchronization
import Testing
import TileKit
@testable import TileWidgets
import TileBase

extension NetworkSuite {
    /// Commit's alert on a new commit (`alertOnNewCommit`): off unless asked for, never for the
    /// first commit seen, and given for a head that moved since the last fetch.
    @Suite struct CommitAlertTests {
        static let path = "/repos/apple/swift/branches/main"

        static func branch(_ sha: String) -> String {
            #"{"name":"main","commit":{"sha":"\#(sha)","html_url":"https://github.com/apple/swift/commit/\#(sha)","commit":{"author":{"name":"Ada","date":"2024-05-01T06:00:00Z"},"message":"Fix the thing"}}}"#
        }

        @Test func aMovedHeadIsAnAlertOnlyWhenTheTileAsksForIt() async throws {
            let head = Mutex("abc1234")
            try await LocalHTTPServer.with(routes: [Self.path: { _ in .json(Self.branch(head.withLock { $0 })) }]) { server in
                let home = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-commit-alert-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: home) }
                var environment = ["HOME": home.path]
                for name in ["CACHE", "DATA", "STATE", "CONFIG"] { environment["XDG_\(name)_HOME"] = home.appendingPathComponent(name).path }
                let services = WidgetServices(
                    settings: ServiceSettings(githubAPI: server.baseURL.absoluteString), environment: environment, directories: TilesDirectories(environment: environment), version: "9.9.9", timeZone: Zone(identifier: "UTC")!)
                let commit = try #require(BuiltinWidgets.all(services: services).first { $0.kind == "commit" })
                let asking = try commit.resolveParameters(["alertOnNewCommit": .bool(true)])
                let quiet = try commit.resolveParameters([:])
                #expect(quiet["alertOnNewCommit"] == .bool(false), "off unless asked for")

                func alert(at seconds: TimeInterval, _ parameters: [String: ParameterValue]) async throws -> WidgetAlert? {
                    let context = TimelineContext(family: .systemMedium, now: testNow + seconds, reason: .user)
                    return try await commit.timeline(in: context, parameters: parameters).entries.first?.alert
                }
                #expect(try await alert(at: 0, asking) == nil, "the first commit seen is not news")
                #expect(try await alert(at: 10, asking) == nil, "the same head")
                head.withLock { $0 = "def5678" }
                #expect(try await alert(at: 20, quiet) == nil)
                head.withLock { $0 = "9999999" }
                let moved = try await alert(at: 30, asking)
                #expect(moved == WidgetAlert(title: "apple/swift main", body: "9999999 Fix the thing — Ada"))
            }
        }
    }
}
