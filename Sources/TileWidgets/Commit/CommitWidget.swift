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

    func timeline(for settings: CommitIntent, in context: TimelineContext) async throws -> Timeline<CommitEntry> {
        let showsOther = !settings.otherBranch.isEmpty && services.store?.value(forKey: settings.otherBranchKey) == "on"
        let configuration = settings.showing(other: showsOther)
        var timeline = try await timeline(showing: configuration, in: context)
        timeline.entries = timeline.entries.map { entry in
            var entry = entry
            entry.branchSwitch = settings.otherBranch.isEmpty ? nil : CommitBranchSwitch(settings: settings, showsOther: showsOther)
            return entry
        }
        return timeline
    }

    private func timeline(showing configuration: CommitIntent, in context: TimelineContext) async throws -> Timeline<CommitEntry> {
        let now = context.now
        let refresh = TimelineReloadPolicy.after(now.addingTimeInterval(5 * 60))
        if services.offline || context.isPreview {
            return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: refresh)
        }
        let memoryKey = "commit.\(configuration.owner)/\(configuration.repo)@\(configuration.branch)"
        do {
            // The head seen before this fetch: a different one now is a new commit.
            let seen = services.recall(CommitInfo.self, as: memoryKey)?.value.sha
            // Boards share one request per 150 s (the ETag makes repeated ones cheap, not free).
            let commit = try await services.shared(memoryKey, freshFor: 150, context: context) {
                try await GitHubService(baseURL: services.endpoints.githubAPI, token: services.githubToken, fetcher: services.fetcher)
                    .latestCommit(owner: configuration.owner, repo: configuration.repo, branch: configuration.branch)
            }
            var entry = CommitEntry(date: now, configuration: configuration, commit: commit, updatedAt: now, timeZone: services.timeZone)
            if configuration.alertOnNewCommit, let seen, seen != commit.sha {
                entry.alert = WidgetAlert(
                    title: "\(configuration.repositoryName) \(configuration.branch)",
                    body: "\(commit.shortSHA) \(commit.message) — \(commit.author)")
            }
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

/// ↻: checks the branch now. The intent does nothing itself; the reload after it asks for data
/// fetched after the press (a revalidation, which GitHub answers with a free 304 when nothing moved).
struct RefreshCommitIntent: AppIntent {
    static let identifier = "commit.refresh"

    func perform(in context: IntentContext) async throws {}
}

/// The toggle between `branch` and `otherBranch`, kept in the shared store.
struct SwitchCommitBranchIntent: SetValueIntent {
    static let identifier = "commit.switchBranch"
    /// The store key of the tile's repository and branch (`CommitIntent.otherBranchKey`).
    var key: String
    var value = false

    func perform(in context: IntentContext) async throws {
        guard let store = context.store else { throw ActionError("no data directory to keep the choice in") }
        try store.set(value ? "on" : nil, forKey: key)
    }
}

/// The latest commit of a GitHub branch (seed 003).
struct CommitWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "commit", intent: CommitIntent.self, provider: CommitProvider(services: services)) { entry in
            CommitView(entry: entry)
        }
        .category(.seeds)
        .configurationDisplayName(L("widget.commit.name"))
        .description(L("widget.commit.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline])
        .intents(RefreshCommitIntent.self, SwitchCommitBranchIntent.self)
        .alerts("on a new commit, when alertOnNewCommit is on (off by default)")
    }
}
