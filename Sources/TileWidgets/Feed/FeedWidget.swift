import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// The feed widget's parameters.
public struct FeedIntent: WidgetIntent {
    /// Feed URLs (RSS, Atom or JSON Feed), separated by commas or line breaks.
    public var feeds = ""
    public var title = "News"

    public init() {}

    public static var parameters: [WidgetParameter<FeedIntent>] { [
        .string("feeds", title: L("param.feed.feeds"), \.feeds, maxLength: 4_000, rule: feedsRule),
        .string("title", title: L("param.feed.title"), \.title, maxLength: 30),
    ] }

    static var feedsRule: ParameterRule {
        ParameterRule(expected: L("rule.feed.feeds")) { parse($0).rejected.isEmpty }
    }

    static func parse(_ text: String) -> (urls: [URL], rejected: [String]) {
        var urls: [URL] = [], rejected: [String] = []
        for item in ListParameter.items(text) {
            if let url = URL(string: item), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil {
                urls.append(url)
            } else {
                rejected.append(item)
            }
        }
        return (urls, rejected)
    }
}

/// One row of a feed tile: an item, which feed it came from and whether it was read.
struct FeedRow: Codable, Hashable, Sendable {
    var id: String
    var title: String
    var link: String?
    var date: Date?
    var source: String
    var isRead: Bool
}

public struct FeedEntry: TimelineEntry, Hashable {
    public var date: Date
    var title: String
    var rows: [FeedRow]
    /// The feeds that failed while others did not, with why (`blog.example: HTTP 500`).
    var problems: [String] = []
    /// Why there are no rows (no feeds set, a feed that is no URL).
    var problem: String?
    var isSample = false

    var unread: Int { rows.filter { !$0.isRead }.count }
}

/// Every feed of the tile, fetched once per 15 minutes for every board of the user, merged
/// newest first, with the user's read marks from the store.
struct FeedProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let interval: TimeInterval = 15 * 60

    func placeholder(in context: TimelineContext) -> FeedEntry { FeedEntry(date: context.now, title: "News", rows: []) }

    /// The gallery's and `--offline`'s picture: made-up headlines under a title that says so.
    func snapshot(for configuration: FeedIntent, in context: TimelineContext) async -> FeedEntry {
        let headlines = [
            "Swift 6.3 released with faster builds", "Debian 13 point release brings security fixes",
            "A terminal home screen in Swift", "How WidgetKit timelines save battery", "ncurses 6.5: what is new",
            "Open-Meteo adds air quality", "Writing a reactor with epoll", "Chinese text in a terminal grid",
        ]
        let rows = headlines.enumerated().map { index, title in
            FeedRow(id: "\(index)", title: title, link: "https://example.org/\(index)", date: context.now.addingTimeInterval(-Double(index * index + 1) * 1_800),
                    source: index % 2 == 0 ? "Example Blog" : "Example News", isRead: index > 2)
        }
        return FeedEntry(date: context.now, title: "\(configuration.title) (sample)", rows: rows, isSample: true)
    }

    func timeline(for configuration: FeedIntent, in context: TimelineContext) async throws -> Timeline<FeedEntry> {
        if services.offline || context.isPreview { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let (urls, rejected) = FeedIntent.parse(configuration.feeds)
        guard rejected.isEmpty, !urls.isEmpty else {
            let problem = rejected.isEmpty ? "no feeds: list their URLs in the tile's feeds parameter" : "not a feed URL: \(rejected.joined(separator: ", "))"
            return Timeline(entries: [FeedEntry(date: context.now, title: configuration.title, rows: [], problem: problem)], policy: .never)
        }
        let source = FeedSource(services: services)
        var feeds: [(url: URL, feed: ParsedFeed)] = [], problems: [String] = [], firstError: (any Error)?
        for url in urls {
            let key = "feed." + StableHash.hex(url.absoluteString)
            do {
                feeds.append((url, try await services.shared(key, freshFor: Self.interval, context: context) { try await source.fetch(url) }))
            } catch {
                firstError = firstError ?? error
                problems.append("\(url.host ?? url.absoluteString): \(error)")
                // A failing feed keeps its last good items while the others go on.
                if let remembered = services.recall(ParsedFeed.self, as: key) { feeds.append((url, remembered.value)) }
            }
        }
        // Every feed failed with nothing remembered: the tile keeps its last entry, marked stale.
        if feeds.isEmpty, let firstError { throw firstError }
        let rows = Self.rows(feeds.map { ($0.feed, $0.url.host ?? "") }, read: FeedReadMarks.marks(in: services.store))
        let entry = FeedEntry(date: context.now, title: configuration.title, rows: rows, problems: problems)
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(Self.interval)))
    }

    /// The feeds' items merged, newest first (undated items after the dated, in feed order),
    /// their text made safe to draw.
    static func rows(_ feeds: [(feed: ParsedFeed, host: String)], read: Set<String>) -> [FeedRow] {
        var rows: [FeedRow] = []
        for (feed, host) in feeds {
            let source = RemoteText.sanitize(feed.title.isEmpty ? host : feed.title, maxLength: 40)
            for item in feed.items {
                let title = RemoteText.sanitize(item.title, maxLength: 300)
                rows.append(FeedRow(id: item.id, title: title.isEmpty ? "(untitled)" : title, link: item.link.flatMap(safeLink),
                                    date: item.date.map(Date.init(timeIntervalSince1970:)), source: source, isRead: read.contains(FeedReadMarks.hash(item.id))))
            }
        }
        let dated = rows.enumerated().sorted { a, b in
            switch (a.element.date, b.element.date) {
            case let (x?, y?): x != y ? x > y : a.offset < b.offset
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): a.offset < b.offset
            }
        }
        return Array(dated.map(\.element).prefix(200))
    }

    /// A link a tap may open: http(s) only, never a `javascript:` or `file:` one from a feed.
    static func safeLink(_ text: String) -> String? {
        guard let url = URL(string: text.trimmingSpacesAndNewlines()), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }
}

/// 订阅: RSS, Atom and JSON Feed items, merged newest first, with unread marks.
struct FeedWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "feed", intent: FeedIntent.self, provider: FeedProvider(services: services)) { entry in
            FeedView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.feed.name"))
        .description(L("widget.feed.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
        .intents(MarkFeedItemsRead.self)
    }
}
