import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The newest commit on a branch, with its text fields already sanitized for the terminal.
public struct Commit: Codable, Hashable, Sendable {
    /// The full commit hash.
    public var sha: String
    /// The first line of the commit message.
    public var message: String
    /// The git author's name (`commit.commit.author.name`, not the GitHub account).
    public var author: String
    /// When the commit was authored.
    public var date: Date
    /// The commit's page on GitHub (`html_url`).
    public var url: URL

    /// Creates a commit from already-clean values.
    public init(sha: String, message: String, author: String, date: Date, url: URL) {
        self.sha = sha
        self.message = message
        self.author = author
        self.date = date
        self.url = url
    }
}
