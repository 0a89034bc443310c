import TileKit

/// Large and extra large: a date header (day in block glyphs, `MM月 周X`, the year) over a rule,
/// the whole quote broken at its clauses, the cheer line beside the 换一句 pill, and the source
/// beside the 去分享 pill.
struct QQSyncWidgetLarge: View {
    var entry: QQSyncEntry
    /// Columns of padding on each side: 3 in large, 6 in extra large.
    var sidePadding: Int

    /// The layout for `family`'s grid (large or extra large) in `sizeClass`.
    init(entry: QQSyncEntry, family: WidgetFamily, sizeClass: SizeClass) {
        self.entry = entry
        self.sidePadding = family == .systemExtraLarge ? 6 : 3
        self.quoteWidth = family.gridSize(in: sizeClass).columns - 2 * sidePadding
    }

    private let quoteWidth: Int

    var body: some View {
        ZStack {
            QQSyncBackground()
            VStack(alignment: .leading) {
                QQSyncDateHeader(entry: entry)
                Divider().opacity(0.5)
                Spacer()
                Text(TextFitting.breakingAtClauses(entry.quote, width: quoteWidth))
                    .font(.system(size: 22))
                    .fontWeight(.semibold)
                    .lineLimit(8)
                Spacer()
                HStack {
                    Text(QQSyncWidgetMedium.cheer).lineLimit(1)
                    Spacer()
                    QQSyncNewQuoteButton()
                }
                Spacer()
                HStack {
                    if let source = entry.source {
                        Text(L("qqsync.source", ["source": source])).font(.footnote).opacity(0.8).lineLimit(1)
                    }
                    Spacer()
                    QQSyncShareButton(entry: entry)
                }
            }
            .foregroundColor(WidgetPalette.textOnGradient)
            .padding(EdgeInsets(top: 2, leading: sidePadding, bottom: 1, trailing: sidePadding))
        }
    }
}

/// The day in block glyphs beside `MM月 周X` over the year.
struct QQSyncDateHeader: View {
    var entry: QQSyncEntry

    var body: some View {
        HStack(spacing: 2) {
            Text(entry.day).font(.system(size: 50)).fontWeight(.semibold)
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.monthAndWeekday).lineLimit(1)
                Text(LocalDateWords.year(entry.date, in: entry.timeZone)).lineLimit(1).opacity(0.8)
            }
        }
        // The date is known before any data arrives: the placeholder shows it too.
        .unredacted()
    }
}
