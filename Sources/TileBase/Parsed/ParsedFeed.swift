/// A news feed as `tiles-parse feed` reads it (RSS 2.0, RSS 1.0 or Atom) and as tiles reads a
/// JSON Feed: its title and its items, newest first where the feed dates them.
public struct ParsedFeed: Codable, Hashable, Sendable {
    public var title: String
    public var link: String?
    public var items: [Item]

    public init(title: String, link: String?, items: [Item]) {
        self.title = title
        self.link = link
        self.items = items
    }

    public struct Item: Codable, Hashable, Sendable {
        /// The item's own identifier (guid, Atom id), or its link when it has none.
        public var id: String
        public var title: String
        public var link: String?
        /// When it was published or last updated, in seconds since 1970; nil when the feed says not.
        public var date: Double?

        public init(id: String, title: String, link: String?, date: Double?) {
            self.id = id
            self.title = title
            self.link = link
            self.date = date
        }
    }
}
