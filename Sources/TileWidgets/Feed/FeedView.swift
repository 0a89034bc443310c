import FoundationEssentials
import TileKit
import TileUI

/// A feed tile: the unread count in the small and accessory families, then rows of headlines
/// (a dot for unread, the title as a link that marks the item read as it opens, its age; the
/// feed's name where there is room), and ✓ to mark the shown rows read.
struct FeedView: View {
    var entry: FeedEntry
    @Environment(\.widgetFamily) private var family

    private var shown: [FeedRow] { Array(entry.rows.prefix(rowCount)) }

    private var rowCount: Int {
        switch family {
        case .accessoryRectangular: 2
        case .systemSmall: 3
        case .systemMedium: 5
        case .systemLarge: 14
        default: 16
        }
    }

    private var unreadText: String { entry.unread == 0 ? "all read" : "\(entry.unread) unread" }

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("\(entry.title): \(entry.problem ?? unreadText)")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text("\(entry.title) · \(unreadText)").bold().lineLimit(1)
                ForEach(Array(entry.rows.filter { !$0.isRead }.prefix(2).enumerated()), id: \.offset) { _, row in
                    Text(row.title).lineLimit(1)
                }
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold().lineLimit(1)
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.secondary)
                } else {
                    Text("\(entry.unread)").font(.system(size: 24)).minimumScaleFactor(0.4).lineLimit(1)
                    Text("unread").foregroundColor(.secondary)
                    if let first = entry.rows.first(where: { !$0.isRead }) ?? entry.rows.first { headline(first).lineLimit(2) }
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(entry.title).bold().lineLimit(1)
                    Text(unreadText).foregroundColor(.secondary).lineLimit(1)
                    Spacer(minLength: 1)
                    if !entry.isSample, shown.contains(where: { !$0.isRead }) {
                        Button(intent: MarkFeedItemsRead(ids: shown.map(\.id))) { Text("✓").accessibilityLabel(L("speech.mark_read")) }
                    }
                }
                if let problem = entry.problem {
                    Text(problem).foregroundColor(.secondary)
                }
                ForEach(Array(entry.problems.prefix(2).enumerated()), id: \.offset) { _, problem in
                    Text("⚠ \(problem)").foregroundColor(.orange).lineLimit(1)
                }
                ForEach(Array(shown.enumerated()), id: \.offset) { _, row in
                    HStack(spacing: 1) {
                        Text(row.isRead ? " " : "•").foregroundColor(.blue).accessibilityLabel(row.isRead ? "" : L("speech.unread"))
                        headline(row).lineLimit(1)
                        Spacer(minLength: 1)
                        if family == .systemExtraLarge { Text(row.source).foregroundColor(.secondary).lineLimit(1) }
                        if let date = row.date { Text(ShortAge.text(since: date, now: entry.date)).foregroundColor(.secondary) }
                    }
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        }
    }

    /// The title, as a link when the item has one.
    @ViewBuilder private func headline(_ row: FeedRow) -> some View {
        if let link = row.link, let url = URL(string: link) {
            Link(row.title, destination: url).onOpen(MarkFeedItemsRead(ids: [row.id]))
        } else {
            Text(row.title).foregroundColor(row.isRead ? .secondary : .primary)
        }
    }
}
