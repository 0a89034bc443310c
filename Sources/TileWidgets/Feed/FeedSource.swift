import FoundationEssentials
import TileBase

/// Fetches one feed through the one HTTP client (ETags, proxies, the size limit) and reads it:
/// a JSON Feed here, RSS and Atom through `tiles-parse`.
struct FeedSource {
    let services: WidgetServices

    /// The most bytes of one feed: long feeds with whole articles in them pass, a flood does not.
    static let maxBytes = 4 << 20

    func fetch(_ url: URL) async throws(FetchError) -> ParsedFeed {
        let response = try await services.fetcher.get(url, headers: [("Accept", "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.8")], maxBodyBytes: Self.maxBytes)
        let firstByte = response.body.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        do throws(FetchError) {
            if firstByte == UInt8(ascii: "{") {
                do throws(FetchError) {
                    return try ServiceJSON.decode(JSONFeed.self, from: response.body, service: "JSON Feed").parsed
                } catch {
                    if case .malformed(let reason) = error { throw .unreadable(reason) }
                    throw error
                }
            }
            return try await services.parser.feed(response.body)
        } catch {
            // A 200 that cannot be read must not be what a later 304 confirms.
            services.fetcher.forgetETag(for: url)
            throw error
        }
    }
}

/// JSON Feed 1.1 (jsonfeed.org), the fields a feed tile shows.
struct JSONFeed: Decodable {
    var title: String?
    var home_page_url: String?
    var items: [Item]

    struct Item: Decodable {
        var id: LenientString?
        var url: String?
        var title: String?
        var content_text: String?
        var summary: String?
        var date_published: String?
        var date_modified: String?
    }

    /// A JSON Feed's `id` may be a number in feeds in the wild; it is read as text either way.
    struct LenientString: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { text = String(number) } else { text = try container.decode(String.self) }
        }
    }

    var parsed: ParsedFeed {
        let items = items.prefix(500).map { item in
            let title = item.title ?? item.summary ?? item.content_text.map { String($0.prefix(200)) } ?? ""
            let date = (item.date_published ?? item.date_modified).flatMap(InternetDate.parse)?.timeIntervalSince1970
            return ParsedFeed.Item(id: item.id?.text ?? item.url ?? title, title: title, link: item.url, date: date)
        }
        return ParsedFeed(title: title ?? "", link: home_page_url, items: Array(items))
    }
}
