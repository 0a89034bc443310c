import FoundationEssentials
import TileKit
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// The QQ Sync widget's parameters: which Hitokoto categories to draw quotes from and how long
/// a quote may be.
public struct QQSyncIntent: WidgetIntent {
    /// Hitokoto category letters (a 动画 … l 抖机灵), empty for any; e.g. `dik`.
    public var categories = ""
    /// The longest quote accepted, in characters.
    public var maxLength = 30

    public init() {}

    public static var parameters: [WidgetParameter<QQSyncIntent>] { [
        .string("categories", title: L("param.qqsync.categories"), \.categories, maxLength: 12),
        .integer("maxLength", title: L("param.qqsync.maxLength"), \.maxLength, range: 5...200),
    ] }

    /// The valid category letters in `categories`, in order, without repeats.
    var categoryLetters: [String] {
        var seen: Set<Character> = []
        return categories.filter { "abcdefghijkl".contains($0) && seen.insert($0).inserted }.map(String.init)
    }
}

/// QQ Sync's timeline (seed 000): a quote now and again at local midnight, so the date turns over
/// without the network; a new quote every 2 hours; the default quote when the service fails.
struct QQSyncProvider: IntentTimelineProvider {
    let services: WidgetServices

    func placeholder(in context: TimelineContext) -> QQSyncEntry {
        QQSyncEntry(date: context.now, timeZone: services.timeZone)
    }

    func snapshot(for configuration: QQSyncIntent, in context: TimelineContext) async -> QQSyncEntry {
        QQSyncEntry.sample(date: context.now, timeZone: services.timeZone)
    }

    func timeline(for configuration: QQSyncIntent, in context: TimelineContext) async throws -> Timeline<QQSyncEntry> {
        let now = context.now
        if services.offline || context.isPreview {
            return timeline(QQSyncEntry.sample(date: now, timeZone: services.timeZone), now: now)
        }
        let memoryKey = "qqsync.quote.\(configuration.categoryLetters.joined()).\(configuration.maxLength)"
        do {
            // One fetch per hour is shared by every board of this user.
            let quote = try await services.shared(memoryKey, freshFor: 3600, context: context) {
                try await HitokotoService(baseURL: services.endpoints.hitokoto, fetcher: services.fetcher)
                    .quote(categories: configuration.categoryLetters, maxLength: configuration.maxLength)
            }
            return timeline(QQSyncEntry(date: now, quote: quote.text, quoteURL: quote.pageURL, timeZone: services.timeZone), now: now)
        } catch {
            // A quote never fetched is not made up: the placeholder says why.
            guard let last = services.recall(Quote.self, as: memoryKey)?.value else { throw error }
            let entry = QQSyncEntry(date: now, quote: last.text, quoteURL: last.pageURL, timeZone: services.timeZone)
            throw TimelineFailure(error, fallback: timeline(entry, now: now))
        }
    }

    /// The entry now, the same quote at the next midnight, and a reload in two hours.
    private func timeline(_ entry: QQSyncEntry, now: Date) -> Timeline<QQSyncEntry> {
        var midnight = entry
        midnight.date = Almanac.nextMidnight(after: now, in: services.timeZone)
        return Timeline(entries: [entry, midnight], policy: .after(now.addingTimeInterval(2 * 3600)))
    }
}

/// QQ 同步助手 (seed 000): a daily quote, the date in big digits and a 去分享 button.
struct QQSyncWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "qqsync", intent: QQSyncIntent.self, provider: QQSyncProvider(services: services)) { entry in
            QQSyncView(entry: entry)
        }
        .category(.seeds)
        .configurationDisplayName(L("widget.qqsync.name"))
        .description(L("widget.qqsync.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryInline, .accessoryRectangular, .accessoryCircular])
        .intents(NewQuoteIntent.self)
    }
}
