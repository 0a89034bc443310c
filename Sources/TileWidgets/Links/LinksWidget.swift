import FoundationEssentials
import TileKit
import TileUI

/// The links widget's parameters: the bookmarks.
public struct LinksIntent: WidgetIntent {
    /// `Name=https://…` pairs, separated by commas or line breaks.
    public var links = ""
    public var title = "Links"

    public init() {}

    public static var parameters: [WidgetParameter<LinksIntent>] { [
        .string("links", title: L("param.links.links"), \.links, maxLength: 4_000, rule: linksRule),
        .string("title", title: L("param.links.title"), \.title, maxLength: 30),
    ] }

    static var linksRule: ParameterRule {
        ParameterRule(expected: L("rule.links.links")) { text in
            Bookmark.parse(text).rejected.isEmpty
        }
    }
}

/// One bookmark: what it is called and what it opens.
struct Bookmark: Codable, Hashable, Sendable {
    var name: String
    var url: String

    static func parse(_ text: String) -> (bookmarks: [Bookmark], rejected: [String]) {
        var bookmarks: [Bookmark] = []
        var rejected: [String] = []
        for item in ListParameter.items(text) {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
            let (name, url) = parts.count == 2 && URL(string: parts[1])?.scheme != nil ? (parts[0], parts[1]) : (nil, item)
            guard let scheme = URL(string: url)?.scheme, !scheme.isEmpty else {
                rejected.append(item)
                continue
            }
            bookmarks.append(Bookmark(name: name ?? URL(string: url)?.host ?? url, url: url))
        }
        return (bookmarks, rejected)
    }
}

public struct LinksEntry: TimelineEntry, Hashable {
    public var date: Date
    var title: String
    var bookmarks: [Bookmark]
}

/// The bookmarks as the parameters give them: no network, no refresh.
struct LinksProvider: IntentTimelineProvider {
    /// `--offline` and the gallery: the sample links when the tile sets none.
    var offline = false

    func placeholder(in context: TimelineContext) -> LinksEntry { LinksEntry(date: context.now, title: "Links", bookmarks: []) }

    func snapshot(for configuration: LinksIntent, in context: TimelineContext) async -> LinksEntry {
        let bookmarks = Bookmark.parse(configuration.links).bookmarks
        return LinksEntry(date: context.now, title: configuration.title, bookmarks: bookmarks.isEmpty ? Self.sample : bookmarks)
    }

    func timeline(for configuration: LinksIntent, in context: TimelineContext) async throws -> Timeline<LinksEntry> {
        if offline { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        return Timeline(entries: [LinksEntry(date: context.now, title: configuration.title, bookmarks: Bookmark.parse(configuration.links).bookmarks)], policy: .never)
    }

    /// The gallery's preview: a few sites everyone knows (links, not data).
    static let sample = [
        Bookmark(name: "Debian", url: "https://www.debian.org"), Bookmark(name: "Swift", url: "https://www.swift.org"),
        Bookmark(name: "GitHub", url: "https://github.com"),
    ]
}

/// Bookmarks, each a link: `f` and its hint letter, or a click, opens it.
struct LinksView: View {
    var entry: LinksEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(entry.title).bold().lineLimit(1)
            if entry.bookmarks.isEmpty {
                Text("no links: set the tile's links parameter").foregroundColor(.secondary)
            }
            ForEach(Array(entry.bookmarks.prefix(family == .systemLarge ? 20 : 8).enumerated()), id: \.offset) { _, bookmark in
                if let url = URL(string: bookmark.url) {
                    Link(bookmark.name, destination: url).lineLimit(1)
                }
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
    }
}

/// 链接: bookmarks opened by a tap.
struct LinksWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "links", intent: LinksIntent.self, provider: LinksProvider(offline: services.offline)) { entry in
            LinksView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.links.name"))
        .description(L("widget.links.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        .computedLocally()
    }
}
