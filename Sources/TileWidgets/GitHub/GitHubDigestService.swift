import FoundationEssentials
import TileBase

/// Reads a `GitHubDigest` from the GitHub REST API through the one HTTP client: each request
/// carries the stored ETag (an unchanged answer costs no rate limit), the token only ever in
/// `Authorization`.
struct GitHubDigestService {
    let baseURL: URL
    let token: String?
    let fetcher: HTTPFetcher
    /// The most pull requests whose checks are read (two requests each).
    static let checkedPullRequests = 5

    func digest(releasesOf repositories: [String]) async throws(FetchError) -> GitHubDigest {
        var digest = GitHubDigest()
        if token != nil {
            let reviews = try await search("is:open is:pr review-requested:@me archived:false")
            digest.reviews = reviews.items.map(pullRequest)
            digest.reviewCount = reviews.total_count
            let mine = try await search("is:open is:pr author:@me archived:false")
            digest.mine = mine.items.map(pullRequest)
            digest.mineCount = mine.total_count
            for index in digest.mine.indices.prefix(Self.checkedPullRequests) {
                digest.mine[index].checks = (try? await checks(of: digest.mine[index])) ?? .none
            }
            digest.notifications = try await get([Notification].self, ["notifications"]).filter(\.unread).map(notice)
        } else {
            digest.needsToken = true
        }
        for repository in repositories {
            digest.releases.append(try await latestRelease(of: repository))
        }
        digest.releases.sort { ($0.published ?? .distantPast) > ($1.published ?? .distantPast) }
        return digest
    }

    // MARK: - Requests

    private func get<T: Decodable>(_ type: T.Type, _ segments: [String], query: [(name: String, value: String)] = []) async throws(FetchError) -> T {
        let url = try ServiceURL.make(base: baseURL, segments: segments, query: query)
        var headers = [("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let response: FetchResponse
        do {
            response = try await fetcher.get(url, headers: headers)
        } catch {
            if case .http(401, _) = error { throw .http(status: 401, message: "GitHub rejected the token (401)") }
            throw error
        }
        do {
            return try ServiceJSON.decode(T.self, from: response.body, service: "GitHub", dates: .iso8601)
        } catch {
            fetcher.forgetETag(for: url)
            throw error
        }
    }

    private struct SearchResult: Decodable {
        var total_count: Int
        var items: [Issue]
    }

    private struct Issue: Decodable {
        var number: Int
        var title: String
        var html_url: String
        var repository_url: String
        var user: User?
    }

    private struct User: Decodable { var login: String }

    private func search(_ query: String) async throws(FetchError) -> SearchResult {
        try await get(SearchResult.self, ["search", "issues"], query: [("q", query), ("per_page", "20")])
    }

    private func pullRequest(_ issue: Issue) -> GitHubDigest.PullRequest {
        let repository = issue.repository_url.split(separator: "/").suffix(2).joined(separator: "/")
        return GitHubDigest.PullRequest(repository: RemoteText.sanitize(repository, maxLength: 100), number: issue.number,
                                        title: RemoteText.sanitize(issue.title, maxLength: 300), url: Self.webLink(issue.html_url) ?? "",
                                        author: RemoteText.sanitize(issue.user?.login ?? "", maxLength: 40))
    }

    private struct PullDetail: Decodable {
        struct Head: Decodable { var sha: String }
        var head: Head
    }

    private struct CheckRuns: Decodable {
        struct Run: Decodable {
            var status: String
            var conclusion: String?
        }
        var check_runs: [Run]
    }

    /// The pull request's head commit's check runs, combined: any failure fails, any unfinished
    /// is pending.
    private func checks(of pull: GitHubDigest.PullRequest) async throws(FetchError) -> GitHubDigest.Checks {
        let parts = pull.repository.split(separator: "/").map(String.init)
        guard parts.count == 2 else { return .none }
        let head = try await get(PullDetail.self, ["repos", parts[0], parts[1], "pulls", String(pull.number)]).head.sha
        let runs = try await get(CheckRuns.self, ["repos", parts[0], parts[1], "commits", head, "check-runs"]).check_runs
        if runs.isEmpty { return .none }
        if runs.contains(where: { ["failure", "timed_out", "cancelled", "action_required"].contains($0.conclusion ?? "") }) { return .failing }
        if runs.contains(where: { $0.status != "completed" }) { return .pending }
        return .passing
    }

    private struct Notification: Decodable {
        struct Subject: Decodable {
            var title: String
            var url: String?
            var type: String
        }
        struct Repository: Decodable {
            var full_name: String
            var html_url: String
        }
        var unread: Bool
        var reason: String
        var updated_at: Date
        var subject: Subject
        var repository: Repository
    }

    /// A notification, its link the web page of its pull request or issue (the API names the
    /// API's URL), else its repository's.
    private func notice(_ notification: Notification) -> GitHubDigest.Notice {
        var link = notification.repository.html_url
        if let api = notification.subject.url {
            let parts = api.split(separator: "/")
            if parts.count >= 2, let number = Int(parts[parts.count - 1]) {
                let kind = parts[parts.count - 2] == "pulls" ? "pull" : parts[parts.count - 2] == "issues" ? "issues" : nil
                if let kind { link = notification.repository.html_url + "/\(kind)/\(number)" }
            }
        }
        return GitHubDigest.Notice(repository: RemoteText.sanitize(notification.repository.full_name, maxLength: 100),
                                   title: RemoteText.sanitize(notification.subject.title, maxLength: 300),
                                   reason: RemoteText.sanitize(String(notification.reason.map { $0 == "_" ? " " : $0 }), maxLength: 40),
                                   url: Self.webLink(link) ?? "", updated: notification.updated_at)
    }

    private struct ReleasePayload: Decodable {
        var tag_name: String
        var html_url: String
        var published_at: Date?
    }

    private func latestRelease(of repository: String) async throws(FetchError) -> GitHubDigest.Release {
        let parts = repository.split(separator: "/").map(String.init)
        let name = RemoteText.sanitize(repository, maxLength: 100)
        guard parts.count == 2 else { return GitHubDigest.Release(repository: name, tag: nil, url: "") }
        do {
            let release = try await get(ReleasePayload.self, ["repos", parts[0], parts[1], "releases", "latest"])
            return GitHubDigest.Release(repository: name, tag: RemoteText.sanitize(release.tag_name, maxLength: 60),
                                        url: Self.webLink(release.html_url) ?? "", published: release.published_at)
        } catch {
            // A repository without releases (or out of reach) is a row that says so, not a failure of the rest.
            if case .http(404, _) = error { return GitHubDigest.Release(repository: name, tag: nil, url: "") }
            throw error
        }
    }

    /// `text` when it is an http(s) link, nil otherwise.
    static func webLink(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }
}
