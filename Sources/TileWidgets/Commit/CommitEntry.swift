import FoundationEssentials
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The toggle between a tile's branch and its other branch: what it is labelled, whether it is
/// on, and where its state is kept.
public struct CommitBranchSwitch: Codable, Hashable, Sendable {
    /// The branch the toggle switches to (`release/6.0`).
    public var otherBranch: String
    public var showsOther: Bool
    /// The shared store's key for the state.
    public var key: String

    init(settings: CommitIntent, showsOther: Bool) {
        otherBranch = settings.otherBranch
        self.showsOther = showsOther
        key = settings.otherBranchKey
    }
}

/// The head commit of a branch, as the Commit widget shows it: the GitHub service's `Commit`.
public typealias CommitInfo = Commit

extension Commit {
    /// The seven-character abbreviation Git shows.
    public var shortSHA: String { String(sha.prefix(7)) }
}

/// One moment of the Commit widget (`commit`, seed 003): the configuration, the latest commit if
/// one was ever loaded, why the last load failed if it did, and when the data was fetched.
public struct CommitEntry: TimelineEntry, Hashable {
    /// When the entry becomes current.
    public var date: Date
    /// The repository and branch the entry is for.
    public var configuration: CommitIntent
    /// The branch's head commit; nil when none could be loaded.
    public var commit: CommitInfo?
    /// Why the last load failed (`HTTP 404: Branch not found`); nil when it succeeded. With a
    /// commit also present the view still shows the commit: marking it stale is the dashboard's job.
    public var failure: String?
    /// When the commit was fetched (the seed's "Updated at").
    public var updatedAt: Date
    /// The zone dates are shown in. Encoded as its identifier.
    public var timeZone: Zone
    /// The toggle to a second branch, when the tile has one.
    public var branchSwitch: CommitBranchSwitch?
    /// Set on the entry of a commit newer than the last one seen, when the tile asks for it.
    public var alert: WidgetAlert?

    /// An entry from its parts; `sample` and `failed` make the seed's two kinds.
    public init(
        date: Date, configuration: CommitIntent, commit: CommitInfo?, failure: String? = nil,
        updatedAt: Date, timeZone: Zone
    ) {
        self.date = date
        self.configuration = configuration
        self.commit = commit
        self.failure = failure
        self.updatedAt = updatedAt
        self.timeZone = timeZone
    }

    /// How long a new commit stays relevant.
    static let relevantWindow: TimeInterval = 60 * 60

    /// Seed 003 scores every entry 10; here a commit is relevant for the hour after it was made,
    /// so a Smart Stack brings Commit to the top when the branch moves (docs/rules.md B6.2).
    public var relevance: TimelineEntryRelevance? {
        guard let commit, failure == nil else { return nil }
        let age = max(0, date.timeIntervalSince(commit.date))
        guard age < Self.relevantWindow else { return nil }
        return TimelineEntryRelevance(score: 10, duration: Self.relevantWindow - age)
    }

    /// The seed's snapshot: `Fixed stuff` by John Appleseed, committed at `date` and fetched five
    /// minutes later, on the configured branch (apple/swift main by default).
    public static func sample(date: Date, timeZone: Zone, configuration: CommitIntent = CommitIntent()) -> CommitEntry {
        let sha = "2f1a3c5e8b9d0f4a6c7e1b3d5f7a9c0e2b4d6f8a"
        let commit = CommitInfo(
            sha: sha, message: "Fixed stuff", author: "John Appleseed", date: date,
            url: URL(string: "https://github.com/\(configuration.owner)/\(configuration.repo)/commit/\(sha)")
                ?? URL(string: "https://github.com/")!)
        return CommitEntry(
            date: date, configuration: configuration, commit: commit, updatedAt: date.addingTimeInterval(5 * 60),
            timeZone: timeZone)
    }

    /// The seed's failure entry: no commit, `reason` saying why.
    public static func failed(
        date: Date, timeZone: Zone, configuration: CommitIntent = CommitIntent(), reason: String
    ) -> CommitEntry {
        CommitEntry(date: date, configuration: configuration, commit: nil, failure: reason, updatedAt: date, timeZone: timeZone)
    }
}
