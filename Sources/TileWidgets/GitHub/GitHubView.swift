import FoundationEssentials
import TileKit
import TileUI

/// The github tile: counts in the small and accessory families; sections in the larger ones,
/// each row a link (reviews and the user's pull requests in medium; notifications and releases
/// too in large).
struct GitHubView: View {
    var entry: GitHubEntry
    @Environment(\.widgetFamily) private var family

    private static let tokenHint = "set GITHUB_TOKEN or [github] to see pull requests"

    var body: some View {
        if let digest = entry.digest {
            content(digest)
        } else {
            Text("GitHub").foregroundColor(.secondary)
        }
    }

    @ViewBuilder private func content(_ digest: GitHubDigest) -> some View {
        switch family {
        case .accessoryInline:
            Text(digest.needsToken ? "GitHub: no token" : "GitHub \(digest.reviewCount) to review · \(digest.notifications.count) unread")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text("GitHub").bold()
                counts(digest)
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                header
                counts(digest)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        default:
            let rows = family == .systemMedium ? 2 : 4
            VStack(alignment: .leading, spacing: 0) {
                header
                if digest.needsToken {
                    Text(Self.tokenHint).foregroundColor(.secondary).lineLimit(2)
                } else {
                    section("To review", count: digest.reviewCount)
                    ForEach(Array(digest.reviews.prefix(rows).enumerated()), id: \.offset) { _, pull in pullRow(pull, showsChecks: false) }
                    section("Yours", count: digest.mineCount)
                    ForEach(Array(digest.mine.prefix(rows).enumerated()), id: \.offset) { _, pull in pullRow(pull, showsChecks: true) }
                    if family != .systemMedium {
                        section("Unread", count: digest.notifications.count)
                        ForEach(Array(digest.notifications.prefix(rows).enumerated()), id: \.offset) { _, notice in
                            HStack(spacing: 1) {
                                link(notice.title, notice.url)
                                Spacer(minLength: 1)
                                Text(notice.repository).foregroundColor(.secondary).lineLimit(1)
                            }
                        }
                    }
                }
                if family != .systemMedium || digest.needsToken, !digest.releases.isEmpty {
                    section("Releases", count: nil)
                    ForEach(Array(digest.releases.prefix(rows).enumerated()), id: \.offset) { _, release in
                        HStack(spacing: 1) {
                            Text(release.repository).lineLimit(1)
                            Spacer(minLength: 1)
                            link(release.tag ?? "no release", release.url).layoutPriority(1)
                            if let published = release.published { Text(ShortAge.text(since: published, now: entry.date)).foregroundColor(.secondary) }
                        }
                    }
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    private var header: some View {
        HStack(spacing: 1) {
            Text("GitHub").bold()
            if entry.isSample { Text("sample").foregroundColor(.secondary) }
            Spacer(minLength: 1)
            if family != .systemSmall, !entry.isSample { Button(intent: RefreshGitHubIntent()) { Text("↻").accessibilityLabel(L("speech.reload")) } }
        }
    }

    @ViewBuilder private func counts(_ digest: GitHubDigest) -> some View {
        if digest.needsToken {
            Text("no token").foregroundColor(.secondary)
        } else {
            Text("◉ \(digest.reviewCount) to review").lineLimit(1)
            let failing = digest.mine.filter { $0.checks == .failing }.count
            Text("⇡ \(digest.mineCount) yours" + (failing > 0 ? " ✗\(failing)" : "")).lineLimit(1)
            Text("● \(digest.notifications.count) unread").lineLimit(1)
        }
    }

    private func section(_ title: String, count: Int?) -> some View {
        Text(count.map { "\(title) \($0)" } ?? title).foregroundColor(.secondary).lineLimit(1)
    }

    private func pullRow(_ pull: GitHubDigest.PullRequest, showsChecks: Bool) -> some View {
        HStack(spacing: 1) {
            if showsChecks {
                Text(pull.checks.symbol).foregroundColor(pull.checks == .failing ? .red : pull.checks == .passing ? .green : .orange)
                    .accessibilityLabel(pull.checks.spokenName)
            }
            link(pull.title, pull.url)
            Spacer(minLength: 1)
            Text("\(pull.repository.split(separator: "/").last ?? "")#\(pull.number)").foregroundColor(.secondary).lineLimit(1)
        }
    }

    @ViewBuilder private func link(_ title: String, _ url: String) -> some View {
        if let destination = URL(string: url), !url.isEmpty {
            Link(title, destination: destination).lineLimit(1)
        } else {
            Text(title).lineLimit(1)
        }
    }
}
