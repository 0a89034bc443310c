private struct ListPageKey: EnvironmentKey {
    static let defaultValue = 0
}

extension EnvironmentValues {
    /// Which page of its list a tile shows: the board counts `j` and `k` (and the wheel) on the
    /// focused tile, up or down without bound, and a widget whose list does not fit shows page
    /// `listPage` modulo its page count (`ListPaging`), so that paging wraps around.
    public var listPage: Int {
        get { self[ListPageKey.self] }
        set { self[ListPageKey.self] = newValue }
    }
}

/// A list cut into pages of the rows a tile has for it, the page shown chosen by `listPage`.
public struct ListPaging: Equatable, Sendable {
    /// The first item shown and how many.
    public let range: Range<Int>
    /// The page shown (0-based) and how many there are; one page when everything fits.
    public let page: Int
    public let pages: Int

    /// `count` items in `rows` rows: all of them when they fit; else pages of `rows - 1` items
    /// and a row for the footer (``footer``).
    public init(count: Int, rows: Int, listPage: Int) {
        guard count > rows, rows > 1 else {
            range = 0..<min(count, max(0, rows))
            page = 0
            pages = 1
            return
        }
        let perPage = rows - 1
        pages = (count + perPage - 1) / perPage
        page = ((listPage % pages) + pages) % pages
        range = page * perPage..<min(count, (page + 1) * perPage)
    }

    /// Whether the list takes more than one page (and a footer row).
    public var isPaged: Bool { pages > 1 }
}
