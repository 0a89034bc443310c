import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The github widget's parameters: the repositories whose latest release it shows.
public struct GitHubIntent: WidgetIntent {
    /// `owner/name` pairs, separated by commas or spaces.
    public var releases = ""

    public init() {}

    public static var parameters: [WidgetParameter<GitHubIntent>] { [
        .string("releases", title: L("param.github.releases"), \.releases, maxLength: 1_000, rule: releasesRule),
    ] }

    static var releasesRule: ParameterRule {
        ParameterRule(expected: L("rule.github.releases")) { text in
            repositories(text).allSatisfy { $0.split(separator: "/").count == 2 }
        }
    }

    static func repositories(_ text: String) -> [String] {
        ListParameter.words(text)
    }
}

public struct GitHubEntry: TimelineEntry, Hashable {
    public var date: Date
    var digest: GitHubDigest?
    var isSample = false
}

/// The user's pull requests, notifications and the listed releases, once per 5 minutes for
/// every board of the user (each answer revalidated with its ETag); a reload every 10 minutes
/// and on ↻.
struct GitHubProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let interval: TimeInterval = 10 * 60

    func placeholder(in context: TimelineContext) -> GitHubEntry { GitHubEntry(date: context.now, digest: nil) }

    func snapshot(for configuration: GitHubIntent, in context: TimelineContext) async -> GitHubEntry {
        typealias PR = GitHubDigest.PullRequest
        let digest = GitHubDigest(
            reviews: [PR(repository: "example/tiles", number: 412, title: "Agenda: alerts before events", url: "https://github.com/example/tiles/pull/412", author: "ada")],
            reviewCount: 1,
            mine: [PR(repository: "example/tiles", number: 409, title: "Feed: mark read on open", url: "https://github.com/example/tiles/pull/409", author: "me", checks: .passing),
                   PR(repository: "example/site", number: 37, title: "Docs: the daily board", url: "https://github.com/example/site/pull/37", author: "me", checks: .failing)],
            mineCount: 2,
            notifications: [GitHubDigest.Notice(repository: "example/tiles", title: "Release v0.9.0", reason: "subscribed", url: "https://github.com/example/tiles",
                                                updated: context.now.addingTimeInterval(-3_600))],
            releases: [GitHubDigest.Release(repository: "swiftlang/swift", tag: "swift-6.3.1-RELEASE", url: "https://github.com/swiftlang/swift/releases",
                                            published: context.now.addingTimeInterval(-86_400 * 9))])
        return GitHubEntry(date: context.now, digest: digest, isSample: true)
    }

    func timeline(for configuration: GitHubIntent, in context: TimelineContext) async throws -> Timeline<GitHubEntry> {
        if services.offline || context.isPreview { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let repositories = GitHubIntent.repositories(configuration.releases)
        let key = "github.digest." + StableHash.hex(repositories.joined(separator: ",") + (services.githubToken == nil ? "" : "\u{1E}token"))
        let digest = try await services.shared(key, freshFor: 5 * 60, context: context) {
            try await GitHubDigestService(baseURL: services.endpoints.githubAPI, token: services.githubToken, fetcher: services.fetcher)
                .digest(releasesOf: repositories)
        }
        return Timeline(entries: [GitHubEntry(date: context.now, digest: digest)], policy: .after(context.now.addingTimeInterval(Self.interval)))
    }
}

/// ↻: reads GitHub again now.
struct RefreshGitHubIntent: AppIntent {
    static let identifier = "github.refresh"

    func perform(in context: IntentContext) async throws {}
}

/// GitHub: what waits for the user (reviews, their pull requests' checks, notifications) and
/// the latest releases they follow.
struct GitHubWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "github", intent: GitHubIntent.self, provider: GitHubProvider(services: services)) { entry in
            GitHubView(entry: entry)
        }
        .category(.developer)
        .configurationDisplayName(L("widget.github.name"))
        .description(L("widget.github.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
        .intents(RefreshGitHubIntent.self)
    }
}
