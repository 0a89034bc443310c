import TileKit

/// The commented starting file `tiles config init` writes: the built-in board, every other
/// setting shown commented out with its default. docs/configuration.md describes each key.
public enum ConfigTemplate {
    /// The whole starting file, with the seed board.
    public static var text: String { settings + board }

    /// The starting boards `tiles config init --board` offers.
    public enum StartingBoard: String, CaseIterable, Sendable {
        /// QQ Sync, Alipay and Commit: the seed tutorials' board, tiles' default.
        case seed
        /// The widgets kept on a screen all day: clock, weather, calendar, to-do, disks, links.
        case daily
    }

    /// The whole starting file with `board`.
    public static func text(board: StartingBoard) -> String {
        settings + (board == .seed ? self.board : dailyBoard)
    }

    /// Everything but the board.
    public static let settings = #"""
        # tiles configuration — see \#(TilesDocumentation.reference("configuration.md")) for every key.
        # Check it with `tiles check`; command-line options win over this file.

        # The executable links open with (run with the URL as its only argument, no shell).
        # Default: $TILES_OPENER, then $BROWSER, then xdg-open.
        # opener = "firefox"

        # The size of the tiles: "auto" chooses from the terminal's size on every resize
        # (compact below 42×11, large from 126×32, regular between), or pin "compact",
        # "regular" or "large" (\#(TilesDocumentation.reference("rules.md")) C5 has each family's cells in each class).
        # size_class = "auto"

        # The look. Left unset, the board keeps what t and T last chose (remembered in state.json);
        # set here, it wins over them at every start.
        # [theme]
        # A built-in theme (default, nord, solarized, …) or a file name under the themes folder.
        # name = "default"
        # "light" or "dark".
        # scheme = "light"

        # The board's language: "en" or "zh-Hans". Unset, it follows LC_ALL, LC_MESSAGES or LANG
        # (zh_* is Chinese); `tiles --language` wins over it.
        # [ui]
        # language = "en"
        # The board as plain lines for a screen reader, as `tiles --screen-reader` draws it.
        # screen_reader = false

        # Service base URLs (the TILES_*_URL environment variables win over these).
        # [services]
        # hitokoto = "https://v1.hitokoto.cn"
        # open_meteo = "https://api.open-meteo.com"
        # geocoding = "https://geocoding-api.open-meteo.com"
        # github_api = "https://api.github.com"
        # hacker_news = "https://hacker-news.firebaseio.com"

        # Where the Commit widget's GitHub token comes from: one of
        # [github]
        # token_env = "GITHUB_TOKEN"
        # token_file = "~/.config/tiles/github-token"   # must be chmod 600

        # How often widgets may reload.
        # [budget]
        # per_day = 60
        # min_interval_minutes = 5


        """#

    /// The built-in board as `[[page]]` tables, with the built-in tiles' ids.
    public static let board = #"""
        # The board: pages of tiles, in order. Each tile is a widget in a family
        # (small, medium, large, extraLarge, rectangular, circular, inline) with its parameters.
        # `id` names a tile's cache and remembered family; `e` on the board edits parameters here.
        [[page]]

        [[page.tile]]
        id = "qqsync"
        widget = "qqsync"
        family = "medium"

        [[page.tile]]
        id = "alipay"
        widget = "alipay"
        family = "medium"
        parameters = { city = "上海", buttons = ["scan", "pay", "healthCode", "transit"] }

        [[page.tile]]
        id = "commit"
        widget = "commit"
        family = "medium"
        parameters = { owner = "apple", repo = "swift", branch = "main" }

        # A Smart Stack: several widgets in one place, one shown at a time; the most relevant
        # comes to the top by itself, and < > on the focused stack scroll through it.
        # [[page.tile]]
        # family = "small"
        # [[page.tile.stack]]
        # widget = "countdown"
        # parameters = { title = "下班", time = "18:00" }
        # [[page.tile.stack]]
        # widget = "qqsync"

        """#

    /// The daily board, for `tiles config init --board daily`.
    public static let dailyBoard = #"""
        # The board: pages of tiles, in order. Each tile is a widget in a family
        # (small, medium, large, extraLarge, rectangular, circular, inline) with its parameters.
        # `id` names a tile's cache and remembered family; `e` on the board edits parameters here.
        # This is the daily board; `tiles config init --board seed --force` writes the seed board.
        [[page]]

        [[page.tile]]
        id = "clock"
        widget = "clock"
        family = "medium"
        parameters = { zones = "" }   # empty: the board's zone; add "Europe/London, America/New_York=NYC"

        [[page.tile]]
        id = "weather"
        widget = "weather"
        family = "medium"
        parameters = { city = "上海" }

        [[page.tile]]
        id = "calendar"
        widget = "calendar"
        family = "medium"

        [[page.tile]]
        id = "todo"
        widget = "todo"
        family = "medium"

        [[page.tile]]
        id = "disks"
        widget = "disks"
        family = "small"
        parameters = { alertPercent = 90 }

        [[page.tile]]
        id = "links"
        widget = "links"
        family = "small"
        parameters = { links = "Debian=https://www.debian.org, Swift=https://www.swift.org, GitHub=https://github.com" }

        [[page]]

        [[page.tile]]
        id = "news"
        widget = "feed"
        family = "large"
        parameters = { feeds = "https://www.debian.org/News/news, https://www.swift.org/atom.xml", title = "News" }

        [[page.tile]]
        id = "hackernews"
        widget = "hackernews"
        family = "large"

        # Your calendars (.ics URLs or files) and GitHub (with a token: docs/configuration.md):
        # [[page.tile]]
        # widget = "agenda"
        # family = "large"
        # parameters = { calendars = "~/calendars/work.ics", days = 3, alertMinutes = 10 }
        # [[page.tile]]
        # widget = "github"
        # family = "large"
        # parameters = { releases = "swiftlang/swift" }

        # A site monitor and a Prometheus server's metrics, when you have them:
        # [[page.tile]]
        # widget = "monitor"
        # family = "medium"
        # parameters = { sites = "web=https://example.com db=tcp://localhost:5432" }
        # [[page.tile]]
        # widget = "prometheus"
        # family = "large"
        # parameters = { url = "http://localhost:9090", query = "node_load1", title = "load" }

        """#
}
