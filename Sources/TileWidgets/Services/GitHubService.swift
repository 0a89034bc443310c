import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Fetches the newest commit on a branch from the GitHub REST API, docs/data-sources.md §3.
///
/// Requests carry the fetcher's ETag, so an unchanged branch costs no rate limit. The token
/// only ever goes into the `Authorization` header; no error or description contains it.
public struct GitHubService: Sendable {
    /// The API root, e.g. `https://api.github.com`.
    public var baseURL: URL
    private let token: String?
    private let fetcher: HTTPFetcher

    /// Creates a client; `token` (a personal access token, or nil for anonymous access at
    /// 60 requests/hour) is sent as `Authorization: Bearer`.
    public init(baseURL: URL = ServiceEndpoints.defaultGitHubAPI, token: String?, fetcher: HTTPFetcher) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.fetcher = fetcher
    }

    /// The newest commit on `branch` of `owner/repo` (`GET /repos/{owner}/{repo}/branches/{branch}`).
    ///
    /// Throws `.http(status: 404, message:)` naming the branch or repository that is missing,
    /// `.http(status: 401, …)` when the token is rejected, and `.rateLimited` when out of quota.
    public func latestCommit(owner: String, repo: String, branch: String) async throws(FetchError) -> Commit {
        let target = RemoteText.sanitize("\(owner)/\(repo)", maxLength: 120)
        let branchName = RemoteText.sanitize(branch, maxLength: 120)
        guard !owner.isEmpty, !repo.isEmpty, !branch.isEmpty else {
            throw .http(status: 404, message: "branch not found: '\(target)' branch '\(branchName)' is incomplete")
        }
        let url = try ServiceURL.make(base: baseURL, segments: ["repos", owner, repo, "branches", branch])
        var headers = [
            ("Accept", "application/vnd.github+json"),
            ("X-GitHub-Api-Version", "2022-11-28"),
        ]
        if let token {
            headers.append(("Authorization", "Bearer \(token)"))
        }
        let response: FetchResponse
        do {
            response = try await fetcher.get(url, headers: headers)
        } catch {
            throw Self.explain(error, target: target, branch: branchName)
        }
        do {
            let payload = try ServiceJSON.decode(Payload.self, from: response.body, service: "GitHub", dates: .iso8601)
            return try Self.commit(from: payload)
        } catch {
            // A 200 with garbage and an ETag (the one already stored, even) must not be what a
            // later 304 confirms: the next request asks for the whole body again.
            fetcher.forgetETag(for: url)
            throw error
        }
    }

    /// Replaces GitHub's terse 404/401 messages with ones naming what is wrong.
    static func explain(_ error: FetchError, target: String, branch: String) -> FetchError {
        guard case .http(let status, let message) = error else {
            return error
        }
        switch status {
        case 404 where message?.lowercased().contains(utf8: "branch") == true:
            return .http(status: 404, message: "branch not found: \(target)@\(branch)")
        case 404:
            return .http(status: 404, message: "repository not found (or private): \(target)")
        case 401:
            return .http(status: 401, message: "GitHub rejected the token (401)")
        default:
            return error
        }
    }

    /// The fields used from a branch response.
    struct Payload: Decodable {
        struct BranchCommit: Decodable {
            var sha: String
            var htmlURL: String
            var commit: GitCommit

            enum CodingKeys: String, CodingKey {
                case sha, commit
                case htmlURL = "html_url"
            }
        }
        struct GitCommit: Decodable {
            var author: Signature
            var message: String
        }
        struct Signature: Decodable {
            var name: String
            var date: Date
        }
        var commit: BranchCommit
    }

    static func commit(from payload: Payload) throws(FetchError) -> Commit {
        let branchCommit = payload.commit
        let firstLine = branchCommit.commit.message
            .split(whereSeparator: \.isNewline)
            .first.map(String.init) ?? ""
        guard let url = URL(string: RemoteText.sanitize(branchCommit.htmlURL, maxLength: 500)) else {
            throw .malformed("GitHub response field 'commit.html_url' is not a URL")
        }
        return Commit(
            sha: RemoteText.sanitize(branchCommit.sha, maxLength: 64),
            message: RemoteText.sanitize(firstLine, maxLength: 200),
            author: RemoteText.sanitize(branchCommit.commit.author.name, maxLength: 100),
            date: branchCommit.commit.author.date,
            url: url
        )
    }
}
