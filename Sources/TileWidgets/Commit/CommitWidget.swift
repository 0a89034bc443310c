import FoundationEssentials
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// Commit's timeline (seed 003): the head of the branch, refreshed every 5 minutes with ETag
/// revalidation (304s are free); on failure the last good commit stays, stale, and with nothing
/// known the seed's `Failed to load commits` shows the reason.
struct CommitProvider: IntentTimelineProvider {
    let services: WidgetServices

    func placeholder(in context: TimelineContext) -> CommitEntry {
        CommitEntry.sample(date: context.now, timeZone: services.timeZone)
    }

    func snapshot(for configuration: CommitIntent, in context: TimelineContext) async -> CommitEntry {
        CommitEntry.sample(date: context.now, timeZone: services.timeZone, configuration: configuration)
    }

    func timeline(for configuration: CommitIntent, in context: TimelineContext) async throws -> Timeline<CommitEntry> {
        let now = context.now
        let refresh = TimelineReloadPolicy.after(now.addingTimeInterval(5 * 60))
        if services.offline || context.isPreview {
            return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: refresh)
        }
        let memoryKey = "commit.\(configuration.owner)/\(configuration.repo)@\(configuration.branch)"
        do {
            // Boards share one request per 150 s (the ETag makes repeated ones cheap, not free).
            let commit = try await services.shared(memoryKey, freshFor: 150, context: context) {
                try await GitHubService(baseURL: services.endpoints.githubAPI, token: services.githubToken, fetcher: services.fetcher)
                    .latestCommit(owner: configuration.owner, repo: configuration.repo, branch: configuration.branch)
            }
            let entry = CommitEntry(date: now, configuration: configuration, commit: commit, updatedAt: now, timeZone: services.timeZone)
            return Timeline(entries: [entry], policy: refresh)
        } catch {
            let reason = (error as? FetchError)?.description(in: services.timeZone) ?? String(describing: error)
            let fallback: CommitEntry
            if let last = services.recall(CommitInfo.self, as: memoryKey)?.value {
                fallback = CommitEntry(date: now, configuration: configuration, commit: last, failure: reason, updatedAt: now, timeZone: services.timeZone)
            } else {
                fallback = CommitEntry.failed(date: now, timeZone: services.timeZone, configuration: configuration, reason: reason)
            }
            throw TimelineFailure(error, fallback: Timeline(entries: [fallback], policy: refresh))
        }
    }
}

/// The latest commit of a GitHub branch (seed 003).
struct CommitWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "commit", intent: CommitIntent.self, provider: CommitProvider(services: services)) { entry in
            CommitView(entry: entry)
        }
        .configurationDisplayName("Commit")
        .description("The latest commit of a GitHub branch, checked every 5 minutes.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline])
    }
}
