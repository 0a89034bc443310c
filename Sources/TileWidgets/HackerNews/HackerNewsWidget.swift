import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// Which of Hacker News' lists a tile shows.
public enum HackerNewsList: String, ParameterEnum {
    case top, new, best

    public var displayName: String {
        switch self {
        case .top: "Top stories"
        case .new: "New stories"
        case .best: "Best stories"
        }
    }
}

public struct HackerNewsIntent: WidgetIntent {
    public var list = HackerNewsList.top

    public init() {}

    public static var parameters: [WidgetParameter<HackerNewsIntent>] { [
        .choice("list", title: L("param.hackernews.list"), \.list),
    ] }
}

/// A story as the tile shows it.
struct HackerNewsStory: Codable, Hashable, Sendable {
    var id: Int
    var title: String
    /// The story's own link; nil for an Ask HN, whose page is its discussion.
    var url: String?
    var score: Int
    var comments: Int
    var time: Date

    var discussion: String { "https://news.ycombinator.com/item?id=\(id)" }
}

public struct HackerNewsEntry: TimelineEntry, Hashable {
    public var date: Date
    var list: HackerNewsList
    var stories: [HackerNewsStory]
    var isSample = false
}

/// Hacker News' official API (`/v0/topstories.json`, then each story), once per 10 minutes for
/// every board of the user, through the one HTTP client.
struct HackerNewsProvider: IntentTimelineProvider {
    let services: WidgetServices
    static let interval: TimeInterval = 10 * 60
    /// How many stories are fetched: the most any family shows.
    static let storyCount = 15

    func placeholder(in context: TimelineContext) -> HackerNewsEntry { HackerNewsEntry(date: context.now, list: .top, stories: []) }

    func snapshot(for configuration: HackerNewsIntent, in context: TimelineContext) async -> HackerNewsEntry {
        let titles = ["Show HN: A home screen for the terminal", "The design of epoll", "Why tzdata changes every year",
                      "Ask HN: What do you keep on your second monitor?", "Static linking in 2026", "A history of box-drawing characters"]
        let stories = titles.enumerated().map { index, title in
            HackerNewsStory(id: index, title: title, url: index == 3 ? nil : "https://example.org/\(index)", score: 400 - index * 57,
                            comments: 180 - index * 23, time: context.now.addingTimeInterval(-Double(index + 1) * 3_000))
        }
        return HackerNewsEntry(date: context.now, list: configuration.list, stories: stories, isSample: true)
    }

    func timeline(for configuration: HackerNewsIntent, in context: TimelineContext) async throws -> Timeline<HackerNewsEntry> {
        if services.offline || context.isPreview { return Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never) }
        let list = configuration.list
        let stories = try await services.shared("hackernews.\(list.rawValue)", freshFor: Self.interval, context: context) {
            try await fetch(list)
        }
        return Timeline(entries: [HackerNewsEntry(date: context.now, list: list, stories: stories)],
                        policy: .after(context.now.addingTimeInterval(Self.interval)))
    }

    private struct Item: Decodable {
        var id: Int
        var type: String?
        var title: String?
        var url: String?
        var score: Int?
        var descendants: Int?
        var time: Double?
        var dead: Bool?
        var deleted: Bool?
    }

    func fetch(_ list: HackerNewsList) async throws -> [HackerNewsStory] {
        let base = services.endpoints.hackerNews
        let ids = try ServiceJSON.decode([Int].self, from: try await services.fetcher.get(try ServiceURL.make(base: base, segments: ["v0", "\(list.rawValue)stories.json"])).body,
                                         service: "Hacker News")
        let wanted = Array(ids.prefix(Self.storyCount))
        let found = await withTaskGroup(of: (Int, Result<Item, FetchError>).self) { group in
            for (index, id) in wanted.enumerated() {
                group.addTask {
                    do throws(FetchError) {
                        let url = try ServiceURL.make(base: base, segments: ["v0", "item", "\(id).json"])
                        return (index, .success(try ServiceJSON.decode(Item.self, from: try await services.fetcher.get(url).body, service: "Hacker News")))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var found: [(Int, Result<Item, FetchError>)] = []
            for await result in group { found.append(result) }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let stories = found.compactMap { result -> HackerNewsStory? in
            guard case .success(let item) = result, item.dead != true, item.deleted != true, let title = item.title else { return nil }
            return HackerNewsStory(id: item.id, title: RemoteText.sanitize(title, maxLength: 300), url: item.url.flatMap(FeedProvider.safeLink),
                                   score: item.score ?? 0, comments: item.descendants ?? 0, time: Date(timeIntervalSince1970: item.time ?? 0))
        }
        if stories.isEmpty, !wanted.isEmpty, case .failure(let error)? = found.first { throw error }
        return stories
    }
}

/// Stories as rows: the title (opening the story), its score and comments (opening the
/// discussion) where there is room.
struct HackerNewsView: View {
    var entry: HackerNewsEntry
    @Environment(\.widgetFamily) private var family

    private var rowCount: Int {
        switch family {
        case .accessoryRectangular: 2
        case .systemSmall: 3
        case .systemMedium: 5
        case .systemLarge: 13
        default: 15
        }
    }

    private var isAccessory: Bool { family == .accessoryRectangular }

    private var title: String {
        (family == .systemSmall || isAccessory ? "HN · " : "Hacker News · ") + entry.list.rawValue + (entry.isSample ? " (sample)" : "")
    }

    var body: some View {
        switch family {
        case .accessoryInline:
            Text(entry.stories.first.map { "▲\($0.score) \($0.title)" } ?? "Hacker News")
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(title).bold().foregroundColor(.orange).lineLimit(1)
                ForEach(Array(entry.stories.prefix(rowCount).enumerated()), id: \.offset) { _, story in
                    row(story)
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(EdgeInsets(top: 0, leading: isAccessory ? 0 : 1, bottom: 0, trailing: isAccessory ? 0 : 1))
        }
    }

    @ViewBuilder private func row(_ story: HackerNewsStory) -> some View {
        let target = URL(string: story.url ?? story.discussion)!
        if family == .systemSmall || isAccessory {
            Link(story.title, destination: target).lineLimit(1)
        } else {
            HStack(spacing: 1) {
                Text("▲\(story.score)").foregroundColor(.secondary).frame(width: 5, alignment: .trailing)
                    .accessibilityLabel(L("speech.points", ["count": String(story.score)]))
                Link(story.title, destination: target).lineLimit(1)
                Spacer(minLength: 1)
                Link("\(story.comments)c", destination: URL(string: story.discussion)!).foregroundColor(.secondary)
                    .accessibilityLabel(L("speech.comments", ["count": String(story.comments)]))
            }
        }
    }
}

/// Hacker News: the top, new or best stories with their scores and comments.
struct HackerNewsWidget {
    static func configuration(services: WidgetServices) -> some WidgetConfiguration {
        IntentConfiguration(kind: "hackernews", intent: HackerNewsIntent.self, provider: HackerNewsProvider(services: services)) { entry in
            HackerNewsView(entry: entry)
        }
        .category(.information)
        .configurationDisplayName(L("widget.hackernews.name"))
        .description(L("widget.hackernews.description"))
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
    }
}
