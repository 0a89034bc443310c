import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Large: the title, the message in block letters when it is short enough, the byline and the
/// abbreviated SHA, the toggle to the other branch (when set), the link the widget opens, and the
/// update time with ↻ at the bottom.
struct CommitWidgetLarge: View {
    var entry: CommitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(entry.title).font(.title3).lineLimit(2)
            Divider().opacity(0.5)
            Spacer()
            CommitHeadline(entry: entry, lineLimit: 3)
            Spacer()
            if let commit = entry.commit {
                Text("by \(commit.author)").font(.callout).lineLimit(1)
                Text("at \(NumericDate.dateTime(commit.date, in: entry.timeZone))").font(.callout).lineLimit(1)
                Text("commit \(commit.shortSHA)").font(.caption).lineLimit(1)
            } else if let failure = entry.failure {
                Text(failure).font(.callout).lineLimit(4)
            }
            Spacer()
            if let branchSwitch = entry.branchSwitch { CommitBranchToggle(branchSwitch: branchSwitch) }
            if let hint = entry.linkHint {
                Text(hint).font(.caption).underline().lineLimit(1).truncationMode(.middle)
            }
            HStack(spacing: 1) {
                Text(entry.updatedLine).font(.caption2).lineLimit(1).invalidatableContent()
                Spacer(minLength: 0)
                CommitRefreshButton()
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding()
    }
}

/// Extra large: title (and the toggle to the other branch) above, message (in block letters when
/// it fits) on the left, a table of the commit's details on the right, the link, the update time
/// and ↻ along the bottom.
struct CommitWidgetExtraLarge: View {
    var entry: CommitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 2) {
                Text(entry.title).font(.title3).lineLimit(1)
                Spacer(minLength: 0)
                if let branchSwitch = entry.branchSwitch { CommitBranchToggle(branchSwitch: branchSwitch) }
            }
            Divider().opacity(0.5)
            Spacer()
            HStack(alignment: .center, spacing: 4) {
                CommitHeadline(entry: entry, lineLimit: 4)
                    .frame(maxWidth: .infinity, alignment: .leading)
                CommitDetailsTable(entry: entry)
                    .frame(width: 34, alignment: .leading)
            }
            Spacer()
            HStack {
                if let hint = entry.linkHint {
                    Text(hint).font(.caption).underline().lineLimit(1).truncationMode(.middle)
                }
                Spacer()
                Text(entry.updatedLine).font(.caption2).lineLimit(1).invalidatableContent()
                CommitRefreshButton()
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(EdgeInsets(top: 1, leading: 3, bottom: 1, trailing: 3))
    }
}

/// The message (or failure line) as large as it fits: three-row block letters, then two-row,
/// then ordinary bold text wrapped to `lineLimit` lines.
struct CommitHeadline: View {
    var entry: CommitEntry
    var lineLimit: Int

    var body: some View {
        Text(entry.headline)
            .font(.system(size: 34))
            .fontWeight(.semibold)
            .minimumScaleFactor(0.5)
            .lineLimit(lineLimit)
    }
}

/// `Repository  apple/swift` and the other details of the commit, one per row. The update time
/// is not among them: the bottom row shows it once.
struct CommitDetailsTable: View {
    var entry: CommitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            row("Repository", entry.configuration.repositoryName)
            row("Branch", entry.configuration.branch)
            if let commit = entry.commit {
                row("Commit", commit.shortSHA)
                row("Author", commit.author)
                row("Date", NumericDate.dateTime(commit.date, in: entry.timeZone))
            } else if let failure = entry.failure {
                row("Error", failure)
            }
        }
    }

    private func row(_ label: String, _ value: String) -> some View {
        HStack(alignment: .top, spacing: 1) {
            Text(label).font(.caption).frame(width: 10, alignment: .leading)
            Text(value).lineLimit(3)
        }
    }
}

/// Lock Screen families: no background, the theme's text colour.
struct CommitAccessoryView: View {
    var entry: CommitEntry
    var family: WidgetFamily

    var body: some View {
        switch family {
        case .accessoryInline:
            Text(entry.commit.map { "\(entry.shortName): \($0.message) · \($0.author)" }
                ?? "\(entry.shortName): \(entry.headline)")
                .lineLimit(1)
                .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryCircular:
            VStack(spacing: 0) {
                Text(entry.configuration.repo).fontWeight(.semibold).lineLimit(1)
                Text(entry.configuration.branch).lineLimit(1)
                Text(entry.commit?.shortSHA ?? (entry.failure != nil ? "failed" : "…")).lineLimit(1)
                Text(NumericDate.time(entry.commit?.date ?? entry.updatedAt, in: entry.timeZone)).font(.caption).lineLimit(1)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.shortName).fontWeight(.semibold).lineLimit(1).truncationMode(.middle)
                Text(entry.headline).lineLimit(2)
                Spacer(minLength: 0)
                Text(entry.commit.map { "\($0.author) \(NumericDate.time($0.date, in: entry.timeZone))" } ?? entry.failure ?? "")
                    .font(.caption)
                    .lineLimit(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
