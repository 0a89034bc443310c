import FoundationEssentials
import TileKit

/// What the github widget shows: the user's pull requests and notifications (with a token) and
/// the latest release of each listed repository.
struct GitHubDigest: Codable, Hashable, Sendable {
    /// Open pull requests that ask for the user's review.
    var reviews: [PullRequest] = []
    var reviewCount = 0
    /// The user's own open pull requests, with their checks.
    var mine: [PullRequest] = []
    var mineCount = 0
    /// Unread notifications, newest first.
    var notifications: [Notice] = []
    /// Releases of the listed repositories, newest first; a repository without one says so.
    var releases: [Release] = []
    /// The token is missing, so only releases could be read.
    var needsToken = false

    struct PullRequest: Codable, Hashable, Sendable {
        var repository: String
        var number: Int
        var title: String
        var url: String
        var author: String
        var checks: Checks = .none
    }

    /// The combined state of a pull request's check runs.
    enum Checks: String, Codable, Sendable {
        case passing, failing, pending, none

        var symbol: String {
            switch self {
            case .passing: "✓"
            case .failing: "✗"
            case .pending: "●"
            case .none: " "
            }
        }

        /// The symbol's words for a screen reader.
        var spokenName: String {
            switch self {
            case .passing: L("speech.checks_passed")
            case .failing: L("speech.checks_failed")
            case .pending: L("speech.checks_running")
            case .none: ""
            }
        }
    }

    struct Notice: Codable, Hashable, Sendable {
        var repository: String
        var title: String
        var reason: String
        var url: String
        var updated: Date
    }

    struct Release: Codable, Hashable, Sendable {
        var repository: String
        var tag: String?
        var url: String
        var published: Date?
    }
}
