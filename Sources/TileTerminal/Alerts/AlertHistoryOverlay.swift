import FoundationEssentials
import TileKit
import TileUI

/// The `a` overlay: the latest alerts of the user's boards, the newest first, unread ones marked
/// `●`, in a framed box drawn over the board like the help.
struct AlertHistoryOverlay: View {
    let contents: AlertHistory.Contents
    let now: Date
    /// The box's size in cells.
    let size: Size

    /// The box for `contents` on a board of `board` cells: as wide as the longest line allows,
    /// as tall as the alerts need.
    static func size(of contents: AlertHistory.Contents, now: Date, in board: Size) -> Size {
        let alerts = self.lines(contents, now: now)
        let width = min(board.width - 2, max(40, (([title(contents), footer] + alerts).map(\.cellWidth).max() ?? 0) + 6), 110)
        // The title, the alerts and the footer, a row between each part, and the padding.
        let height = min(board.height - 2, alerts.count + 4 + 4)
        return Size(width: max(0, width), height: max(0, height))
    }

    static func title(_ contents: AlertHistory.Contents) -> String {
        let unread = contents.unreadCount
        return unread > 0 ? L("alerts.title_unread", ["count": String(unread)]) : L("alerts.title")
    }

    static var footer: String { L("alerts.footer") }

    /// One line per alert, the newest first: the unread mark, how long ago, the widget, the text.
    static func lines(_ contents: AlertHistory.Contents, now: Date) -> [String] {
        guard !contents.alerts.isEmpty else { return [L("alerts.none")] }
        return contents.alerts.reversed().map { record in
            let text = record.body.isEmpty ? record.title : "\(record.title): \(record.body)"
            let mark = contents.isUnread(record) ? "●" : " "
            let age = StatusLine.shortAge(since: record.date, now: now)
            let when = age == "<1m" ? L("alerts.just_now") : L("alerts.ago", ["age": age])
            return "\(mark) \(when)  \(record.widget)  \(text)"
        }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text(verbatim: Self.title(contents)).bold()
            Text(verbatim: Self.lines(contents, now: now).prefix(max(0, size.height - 8))
                .map { BoardBanner.cut($0, width: size.width - 6) }.joined(separator: "\n"))
            Text(verbatim: Self.footer).foregroundColor(Color("text.secondary"))
        }
        .padding(EdgeInsets(top: 2, leading: 3, bottom: 2, trailing: 3))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .foregroundColor(Color("status.text"))
        .background(Color("status.background"))
        .border(Color("focus.border"))
    }
}
