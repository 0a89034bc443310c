import FoundationEssentials
import TileUI
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The Commit widget's configuration, as the seed's `LastCommitIntent`: the GitHub repository
/// and branch to watch.
public struct CommitIntent: WidgetIntent {
    /// The account owning the repository (`apple`).
    public var owner: String
    /// The repository (`swift`).
    public var repo: String
    /// The branch whose head is shown (`main`).
    public var branch: String
    /// A second branch the tile's toggle switches to (`release/6.0`); empty for no toggle.
    public var otherBranch = ""
    /// Whether a new commit on the branch is an alert (off unless asked for).
    public var alertOnNewCommit = false

    /// apple/swift, branch main.
    public init() {
        owner = "apple"
        repo = "swift"
        branch = "main"
    }

    /// A configuration watching `owner/repo` at `branch`.
    public init(owner: String, repo: String, branch: String) {
        self.owner = owner
        self.repo = repo
        self.branch = branch
    }

    /// The form: owner, repository, branch (GitHub's own length limits).
    public static var parameters: [WidgetParameter<CommitIntent>] { [
        .string("owner", title: L("param.commit.owner"), \.owner, maxLength: 39),
        .string("repo", title: L("param.commit.repo"), \.repo, maxLength: 100),
        .string("branch", title: L("param.commit.branch"), \.branch, maxLength: 255),
        .string("otherBranch", title: L("param.commit.otherBranch"), \.otherBranch, maxLength: 255),
        .bool("alertOnNewCommit", title: L("param.commit.alertOnNewCommit"), \.alertOnNewCommit),
    ] }

    /// `apple/swift`.
    public var repositoryName: String { "\(owner)/\(repo)" }

    /// The branch's page on GitHub (`https://github.com/apple/swift/tree/main`), opened when no
    /// commit is known.
    public var branchURL: URL? {
        let parts = [owner, repo, "tree", branch].map { PercentEncoding.encode($0, keeping: PercentEncoding.isPathAllowed) }
        return URL(string: "https://github.com/" + parts.joined(separator: "/"))
    }

    private enum CodingKeys: String, CodingKey {
        case owner, repo, branch, otherBranch, alertOnNewCommit
    }

    /// Decodes a stored configuration; missing keys keep their defaults.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        owner = try container.decodeIfPresent(String.self, forKey: .owner) ?? owner
        repo = try container.decodeIfPresent(String.self, forKey: .repo) ?? repo
        branch = try container.decodeIfPresent(String.self, forKey: .branch) ?? branch
        otherBranch = try container.decodeIfPresent(String.self, forKey: .otherBranch) ?? otherBranch
        alertOnNewCommit = try container.decodeIfPresent(Bool.self, forKey: .alertOnNewCommit) ?? alertOnNewCommit
    }

    /// The store key saying the toggle shows `otherBranch`: one per repository and branch pair,
    /// so every tile of that pair switches together, on every board.
    var otherBranchKey: String { "commit.other.\(repositoryName)@\(branch)" }

    /// What the tile shows with the toggle at `showsOther`: the other branch in place of `branch`.
    func showing(other showsOther: Bool) -> CommitIntent {
        guard showsOther, !otherBranch.isEmpty else { return self }
        var shown = self
        shown.branch = otherBranch
        shown.otherBranch = branch
        return shown
    }
}
