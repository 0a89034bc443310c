import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The Commit widget's view for every family (seed 003): `owner/repo's branch Latest Commit`, the
/// message, `by author at date` and `Updated at …` on the orange-to-yellow gradient. Without a
/// commit it shows the seed's `Failed to load commits` and the reason. A tap opens the commit.
public struct CommitView: View {
    /// The entry drawn.
    public var entry: CommitEntry
    @Environment(\.widgetFamily) private var family

    /// The view of `entry`, in the family the environment says.
    public init(entry: CommitEntry) {
        self.entry = entry
    }

    public var body: some View {
        content.widgetURL(entry.commit?.url ?? entry.configuration.branchURL)
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemSmall:
            CommitBackground { CommitWidgetSmall(entry: entry) }
        case .systemMedium:
            CommitBackground { CommitWidgetMedium(entry: entry) }
        case .systemLarge:
            CommitBackground { CommitWidgetLarge(entry: entry) }
        case .systemExtraLarge:
            CommitBackground { CommitWidgetExtraLarge(entry: entry) }
        case .accessoryInline, .accessoryRectangular, .accessoryCircular:
            CommitAccessoryView(entry: entry, family: family)
        }
    }
}

extension CommitEntry {
    /// `apple/swift's main Latest Commit`, the seed's title.
    var title: String { "\(configuration.repositoryName)'s \(configuration.branch) Latest Commit" }
    /// `swift@main`, the short name of the accessory families.
    var shortName: String { "\(configuration.repo)@\(configuration.branch)" }
    /// The seed's failure line.
    static let failureMessage = "Failed to load commits"
    /// The seed's placeholder text, for an entry that has neither a commit nor a failure.
    static let loadingMessage = "Loading..."

    /// The message, or the failure line, or the loading line.
    var headline: String {
        commit?.message ?? (failure != nil ? Self.failureMessage : Self.loadingMessage)
    }

    /// `by John Appleseed at 2022-06-09 10:00`; for a failure, its reason.
    var byline: String? {
        if let commit { return "by \(commit.author) at \(NumericDate.dateTime(commit.date, in: timeZone))" }
        return failure
    }

    /// `Updated at 06-09-2022 10:05`, in the seed's `MM-dd-yyyy HH:mm`; `Checked at …` for a failure.
    var updatedLine: String {
        let time = NumericDate.monthDayYearTime(updatedAt, in: timeZone)
        return commit == nil ? "Checked at \(time)" : "Updated at \(time)"
    }

    /// `Updated at 10:05` (with the day when it is not the entry's): the small tile's 18 columns
    /// have no room for the year.
    var shortUpdatedLine: String {
        let time = NumericDate.time(updatedAt, relativeTo: date, in: timeZone)
        return commit == nil ? "Checked at \(time)" : "Updated at \(time)"
    }

    /// `github.com/apple/swift/commit/2f1a3c5`: the commit link as a reader sees it.
    var linkHint: String? {
        guard let commit, let host = commit.url.host else { return nil }
        return "\(host)\(commit.url.deletingLastPathComponent().path)/\(commit.shortSHA)"
    }
}

/// The seed's gradient behind a family's content, with its text colour.
struct CommitBackground<Content: View>: View {
    @ViewBuilder var content: Content

    var body: some View {
        ZStack {
            WidgetPalette.commitGradient
            content.foregroundColor(WidgetPalette.commitText)
        }
    }
}

/// Medium, as the seed: the four lines left-aligned and centred vertically, default padding.
struct CommitWidgetMedium: View {
    var entry: CommitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(entry.title)
                .font(.title3)
                .lineLimit(1)
                .truncationMode(.middle)
            Text(entry.headline)
                .font(.callout)
                .bold()
                .lineLimit(entry.byline == nil ? 4 : 3)
                .padding(.vertical, 1)
            if let byline = entry.byline {
                Text(byline).font(.caption).lineLimit(2)
            }
            HStack(spacing: 1) {
                Text(entry.updatedLine).font(.caption2).lineLimit(1).invalidatableContent()
                Spacer(minLength: 0)
                CommitRefreshButton()
            }
        }
        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .leading)
        .padding()
    }
}

/// ↻: checks the branch now.
struct CommitRefreshButton: View {
    var body: some View {
        Button(intent: RefreshCommitIntent()) { Text("↻").accessibilityLabel(L("speech.reload")) }
    }
}

/// The toggle to the tile's other branch, labelled with that branch.
struct CommitBranchToggle: View {
    var branchSwitch: CommitBranchSwitch

    var body: some View {
        Toggle(isOn: branchSwitch.showsOther, intent: SwitchCommitBranchIntent(key: branchSwitch.key)) {
            Text(branchSwitch.otherBranch).lineLimit(1)
        }
    }
}

/// Small: the same lines wrapped to the narrow tile; the date loses its year.
struct CommitWidgetSmall: View {
    var entry: CommitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(entry.title).lineLimit(2)
            Spacer()
            Text(entry.headline).bold().lineLimit(entry.commit == nil ? 2 : 3)
            Spacer()
            if let commit = entry.commit {
                Text("by \(commit.author) at \(NumericDate.monthDayTime(commit.date, in: entry.timeZone))")
                    .font(.caption)
                    .lineLimit(2)
            } else if let failure = entry.failure {
                Text(failure).font(.caption).lineLimit(2)
            }
            Text(entry.shortUpdatedLine).font(.caption2).lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1))
    }
}
