import FoundationEssentials
import TileBase
import TileKit
import TileUI

/// What a web board is made of, and the values it hands the server.
extension WebBoard {
    /// What a board is made of.
    public struct Options: Sendable {
        public var tiles: [ResolvedTile]
        /// The scheme the board fixes; nil follows each browser's.
        public var scheme: ColorScheme?
        public var theme: Theme
        public var timeZone: Zone
        public var clock: any WallClock
        /// Where timelines are cached between runs, shared with terminal boards; nil for none.
        public var cacheDirectory: URL?
        /// The store widgets' intents read and write, shared with terminal boards.
        public var sharedStore: SharedStore?
        public var reloadBudget: ReloadBudget
        /// Saves an edit form's values as widget `member`'s parameters of a tile into the config
        /// file, returning what to tell the user; nil for a `--tiles` board, whose edits apply to
        /// this run only.
        public var saveParameters: ParameterSaver.Save?
        public var log: @Sendable (String) -> Void

        public init(
            tiles: [ResolvedTile], scheme: ColorScheme?, theme: Theme, timeZone: Zone, clock: any WallClock = SystemClock(),
            cacheDirectory: URL? = nil, sharedStore: SharedStore? = nil, reloadBudget: ReloadBudget = ReloadBudget(),
            saveParameters: ParameterSaver.Save? = nil,
            log: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.saveParameters = saveParameters
            self.tiles = tiles
            self.scheme = scheme
            self.theme = theme
            self.timeZone = timeZone
            self.clock = clock
            self.cacheDirectory = cacheDirectory
            self.sharedStore = sharedStore
            self.reloadBudget = reloadBudget
            self.log = log
        }
    }

    /// What saving a tile's edit form did.
    public enum SaveOutcome: Equatable, Sendable {
        /// Saved (or applied to this run only), with what to tell the user; the tile reloads.
        case saved(String)
        /// No such tile or member.
        case noSuchTile
        /// A value the widget does not take; nothing changed.
        case invalid(String)
        /// The config file could not be written (or changed on disk meanwhile); nothing changed.
        case notSaved(String)
    }

    /// What a press of a target did.
    public enum PressOutcome: Equatable, Sendable {
        /// The action started; the tile shows it pending.
        case started
        /// No such tile, or no control at that index in its drawing now.
        case noSuchControl
        /// The widget refused it (still running the last press, no actions).
        case refused(String)
    }

    /// A message for pages: an SSE event's name and its data, encoded once for every page.
    public struct Message: Sendable, Equatable {
        public var event: String
        public var data: String
    }

    /// How a page shows the board: its colour scheme, and the size class its screen chose (a
    /// phone's compact grids draw larger text across its width; a wall screen's large grids hold
    /// more), as a terminal's size chooses one (docs/rules.md C5).
    public struct View: Hashable, Sendable, CustomStringConvertible {
        public var scheme: ColorScheme
        public var sizeClass: SizeClass

        public init(scheme: ColorScheme, sizeClass: SizeClass = .regular) {
            self.scheme = scheme
            self.sizeClass = sizeClass
        }

        public var description: String { "\(scheme), \(sizeClass)" }
    }
}
