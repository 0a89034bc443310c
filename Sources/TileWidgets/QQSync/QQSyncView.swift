import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// The QQ Sync widget's view for every family (seed 000). Small shows the date and the 去分享
/// button, medium the quote beside them (the seed's look), large and extra large give the quote
/// room; the accessory families show the date and as much of the quote as fits. A tap opens the
/// quote's page; 去分享 copies the quote (`tiles:copy`); 换一句 (medium and larger) fetches a
/// new quote now.
public struct QQSyncView: View {
    /// The entry drawn.
    public var entry: QQSyncEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.sizeClass) private var sizeClass

    /// The view of `entry`, in the family the environment says.
    public init(entry: QQSyncEntry) {
        self.entry = entry
    }

    public var body: some View {
        content.widgetURL(entry.quoteURL)
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemSmall:
            QQSyncWidgetSmall(entry: entry)
        case .systemMedium:
            QQSyncWidgetMedium(entry: entry)
        case .systemLarge, .systemExtraLarge:
            QQSyncWidgetLarge(entry: entry, family: family, sizeClass: sizeClass)
        case .accessoryInline:
            Text("\(LocalDateWords.monthDay(entry.date, in: entry.timeZone)) \(entry.weekday) · \(entry.quote)")
                .lineLimit(1)
                .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text("\(LocalDateWords.monthDay(entry.date, in: entry.timeZone)) \(entry.weekday)")
                    .fontWeight(.semibold)
                    .lineLimit(1)
                Text(entry.quote).lineLimit(3)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        case .accessoryCircular:
            VStack(spacing: 0) {
                Text(entry.day).font(.system(size: 50)).fontWeight(.semibold)
                Text(entry.weekday).lineLimit(1)
            }
        }
    }
}

extension QQSyncEntry {
    /// `06`: the day of the month.
    var day: String { ChineseDate.dayText(date, in: timeZone) }
    /// `周一`, `Mon`.
    var weekday: String { LocalDateWords.weekday(date, in: timeZone) }
    /// `06月 周一`, `Jun Mon`: the line under the day number.
    var monthAndWeekday: String { LocalDateWords.monthWeekday(date, in: timeZone) }
    /// Where the quote comes from, from its page's host (`hitokoto.cn`); nil for the default quote.
    var source: String? { quoteURL?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } }
}

/// The seed's right half: the day in 50 pt block glyphs, `MM月 周X`, and the 去分享 pill.
struct QQSyncDateShareView: View {
    var entry: QQSyncEntry

    var body: some View {
        VStack {
            Spacer()
            // The seed's −10 pt padding tightened the font's line height; block glyphs have no
            // leading, so it is left out (as in the TileUI sample port).
            Text(entry.day)
                .font(.system(size: 50))
                .fontWeight(.semibold)
                .foregroundColor(WidgetPalette.textOnGradient)
                // The date is known before any data arrives: the placeholder shows it too.
                .unredacted()
            Text(entry.monthAndWeekday)
                .lineLimit(1)
                .minimumScaleFactor(0.5)
                .font(.system(size: 14))
                .foregroundColor(WidgetPalette.textOnGradient)
                .unredacted()
            Spacer()
            QQSyncShareButton(entry: entry)
            Spacer()
        }
    }
}

/// The seed's left half: the quote, then 加油,打工人!😄.
struct QQSyncQuoteTextView: View {
    var entry: QQSyncEntry

    var body: some View {
        VStack(alignment: .leading) {
            Spacer()
            Text(entry.quote)
                .font(.system(size: 19))
                .fontWeight(.semibold)
                .minimumScaleFactor(0.5)
                .foregroundColor(WidgetPalette.textOnGradient)
            Spacer()
            Text(QQSyncWidgetMedium.cheer)
                .font(.system(size: 16))
                .minimumScaleFactor(0.5)
                .foregroundColor(WidgetPalette.textOnGradient)
            // 换一句 lies over the space under the cheer line rather than in the column, so the
            // quote and the cheer stay where the seed puts them.
            Spacer().overlay(alignment: .topLeading) { QQSyncNewQuoteButton() }
        }
    }
}

/// 换一句: a pill whose press asks Hitokoto for a new quote now (`NewQuoteIntent`).
struct QQSyncNewQuoteButton: View {
    var body: some View {
        Button(intent: NewQuoteIntent()) {
            PillLabel(title: L("qqsync.new_quote"))
        }
    }
}

/// A new quote now: the intent does nothing itself; the reload after it, which asks for data
/// fetched after the press, fetches one.
struct NewQuoteIntent: AppIntent {
    static let identifier = "qqsync.newQuote"

    func perform(in context: IntentContext) async throws {}
}

/// 去分享: a pill linking to the entry's `tiles:copy` URL.
struct QQSyncShareButton: View {
    var entry: QQSyncEntry

    var body: some View {
        Link(destination: entry.shareURL) {
            PillLabel(title: L("qqsync.share"))
        }
    }
}

/// Small: the date half alone, as the seed's `QQSyncWidgetSmall`.
struct QQSyncWidgetSmall: View {
    var entry: QQSyncEntry

    var body: some View {
        ZStack {
            QQSyncBackground()
            QQSyncDateShareView(entry: entry)
        }
    }
}

/// Medium: quote left, date right, as the seed's `QQSyncWidgetMedium` (20 pt side padding).
struct QQSyncWidgetMedium: View {
    var entry: QQSyncEntry

    /// The line under the quote: 加油,打工人!😄 in the seed.
    static var cheer: String { L("qqsync.cheer") }

    var body: some View {
        ZStack {
            QQSyncBackground()
            HStack {
                QQSyncQuoteTextView(entry: entry)
                Spacer()
                QQSyncDateShareView(entry: entry)
            }
            .padding(EdgeInsets(points: 0, 20, 0, 20))
        }
    }
}
