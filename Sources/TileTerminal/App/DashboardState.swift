import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

// One file, longer than most: the state and its small queries; how it takes keys is in
// DashboardState+Input.swift.

/// The whole dashboard as one value (the Elm architecture; docs/design.md, "The board's shell"): the tiles and their
/// families, the screen, page and focus, scheme and theme, the mode and the status message.
///
/// `update(_:)` is the only way it changes; it returns the effects the shell must run. Drawing
/// is a pure function of it (`DashboardView`). Nothing here touches a terminal, a file or a clock.
public struct DashboardState: Sendable {
    /// One tile as the board sees it: one widget, or a Smart Stack showing one of several.
    public struct Tile: Equatable, Sendable {
        /// One widget a tile can show, with what its edit form needs.
        public struct Widget: Equatable, Sendable {
            /// The scheduler's id for this widget (`TileSpec.instanceID(_:)`).
            public var instanceID: String
            /// The widget kind.
            public var kind: String
            /// The widget's display name (`支付宝`), for the edit form.
            public var displayName: String
            /// The widget's parameters in form order; empty for a static widget.
            public var parameters: [ParameterDescription]
            /// Every parameter's current value, by key.
            public var values: [String: ParameterValue]

            /// Widget `kind` scheduled as `instanceID`, with its parameters and their values.
            public init(
                instanceID: String, kind: String, displayName: String? = nil,
                parameters: [ParameterDescription] = [], values: [String: ParameterValue] = [:]
            ) {
                self.instanceID = instanceID
                self.kind = kind
                self.displayName = displayName ?? kind
                self.parameters = parameters
                self.values = values
            }
        }

        /// Stable id (`TileSpec.id`).
        public var id: String
        /// The family the tile is shown in.
        public var family: WidgetFamily
        /// The families the tile can show (for a stack, those every member supports), in order.
        public var supportedFamilies: [WidgetFamily]
        /// The tile's widget, or a Smart Stack's widgets in stack order.
        public internal(set) var widgets: [Widget]
        /// Which member a Smart Stack shows and when it last changed; nil for a single widget.
        public internal(set) var stack: SmartStack?
        /// The last drawing of the tile; nil until the shell renders it (tiles on other pages
        /// are rendered when their page shows).
        public var grid: CellGrid?
        /// What a screen reader says for the tile's drawing (`Speech.sentence`); nil unless the
        /// board is drawn for one.
        public var spoken: String?
        /// The scheduler's last word on the widget shown; nil until known.
        public var status: InstanceStatus?
        /// Whether the tile begins a page of the config: the layout starts a new page there.
        public var startsPage = false

        /// A tile of kind `kind` in `family`, not yet drawn, scheduled under its own id.
        public init(id: String, kind: String, family: WidgetFamily, supportedFamilies: [WidgetFamily]) {
            self.init(id: id, family: family, supportedFamilies: supportedFamilies, widgets: [Widget(instanceID: id, kind: kind)])
        }

        /// A tile in `family` showing `widgets`: one widget, or a Smart Stack of several (which
        /// starts on its first member).
        public init(id: String, family: WidgetFamily, supportedFamilies: [WidgetFamily], widgets: [Widget]) {
            precondition(!widgets.isEmpty, "a tile shows at least one widget")
            self.id = id
            self.family = family
            self.supportedFamilies = supportedFamilies
            self.widgets = widgets
            stack = widgets.count > 1 ? SmartStack(members: widgets.map(\.instanceID)) : nil
        }

        /// The index in `widgets` of the widget shown.
        public var shownIndex: Int { stack?.topIndex ?? 0 }
        /// The widget shown.
        public var shown: Widget { widgets[shownIndex] }
        /// The kind of the widget shown, for messages.
        public var kind: String { shown.kind }
        /// The scheduler's id of the widget shown.
        public var instanceID: String { shown.instanceID }
    }

    /// What the keys do right now.
    public enum Mode: Equatable, Sendable {
        /// The board: the key contract of docs/design.md.
        case board
        /// The help overlay is shown; any key closes it.
        case help
        /// Hint mode: `hints` are drawn; typing a label taps its link; `typed` is what has been typed so far.
        case hints([LinkHint], typed: String)
        /// The edit form of a tile's widget is open (`e`); keys go to it.
        case edit(EditForm)
        /// A control asks for a line of text before its press runs; keys go to the line.
        case prompt(ActionPrompt)
        /// Edit mode (`E`): the board is being arranged.
        case arrange(ArrangeMode)
        /// The alert history is shown (`a`); any key closes it.
        case alerts(AlertHistory.Contents)
    }

    /// A tile's new words and when they came, on the board's clock (`08:05`).
    public struct Announcement: Equatable, Sendable {
        public var text: String
        public var time: String
    }

    /// A line for the status bar; errors are drawn in the stale colour.
    public struct Message: Equatable, Sendable {
        /// The text shown.
        public var text: String
        /// Whether the text reports a failure.
        public var isError: Bool

        /// A message; `isError` marks failures.
        public init(_ text: String, isError: Bool = false) {
            self.text = text
            self.isError = isError
        }
    }

    /// The tiles in board order.
    public internal(set) var tiles: [Tile]
    /// The terminal's size in cells.
    public internal(set) var screen: Size
    /// Where the tiles go on `screen`; recomputed whenever a family or the screen changes.
    public internal(set) var layout: BoardLayout
    /// The page shown (0-based, always a valid page of `layout`).
    public internal(set) var page = 0
    /// The focused tile, if any; focusing a tile marks its alert seen.
    public internal(set) var focusedID: String? {
        didSet { if let focusedID, !alertedTiles.isEmpty { alertedTiles.remove(focusedID) } }
    }
    /// Whether the size class follows the terminal's size or is pinned (`size_class`).
    public internal(set) var sizeClassSetting: SizeClassSetting
    /// The size class tiles are drawn in: the setting's choice for `screen` (docs/rules.md C5).
    public internal(set) var sizeClass: SizeClass = .regular
    /// Light or dark (`t`).
    public internal(set) var scheme: ColorScheme
    /// The theme in use.
    public internal(set) var theme: Theme
    /// The theme's name as the theme catalog knows it (saved in the state file).
    public internal(set) var themeName: String
    /// The theme `T` tried last, so that a broken theme file is skipped by the next `T`.
    public internal(set) var themeCursor: String
    /// Board, help or hint mode.
    public internal(set) var mode: Mode = .board
    /// Whether the board is drawn for a screen reader: the tiles' words as lines
    /// (`SpokenBoardView`), the cursor on the focused tile's.
    public internal(set) var screenReader = false {
        didSet { relayout() }
    }
    /// The last change of a tile's words, which the screen-reader board says as a line of its own.
    public internal(set) var announcement: Announcement?
    /// The status line's message; cleared by the next key or click.
    public internal(set) var message: Message?
    /// Why the edited config file was not applied; shown until a valid file replaces it.
    public internal(set) var configError: String?
    /// Whether a quit was asked for.
    public internal(set) var isQuitting = false
    /// Every widget the board can place, for edit mode's gallery.
    public internal(set) var catalog: [WidgetGallery.Item] = []
    /// Tiles whose alert the user has not seen yet: focusing or tapping one clears its mark.
    public internal(set) var alertedTiles: Set<String> = []
    /// The live activities the banner shows, the latest started first.
    public internal(set) var activities: [LiveActivity] = []
    /// The alerts the banner shows, the newest first, until ``alertBannerUntil``.
    public internal(set) var bannerAlerts: [PendingAlert] = []
    /// When the banner's alerts go; nil while it shows none.
    public internal(set) var alertBannerUntil: Date?
    /// When this board first saw each alert of the last hour, by key: the banner shows each once.
    var alertsSeen: [String: Date] = [:]
    /// Which page of its list each tile shows (`j` `k`), by tile id; the widget wraps it to its
    /// page count (`ListPaging`).
    public internal(set) var listPages: [String: Int] = [:]
    /// Each Smart Stack member's relevance as last observed, by scheduler id (empty without stacks).
    public internal(set) var stackScores: [String: Double] = [:]

    /// A dashboard of `tiles` on a `screen`-sized terminal, in the size class `sizeClassSetting`
    /// chooses for it.
    public init(
        tiles: [Tile], screen: Size, scheme: ColorScheme, theme: Theme, themeName: String,
        sizeClassSetting: SizeClassSetting = .auto
    ) {
        self.tiles = tiles
        self.screen = screen
        self.sizeClassSetting = sizeClassSetting
        self.scheme = scheme
        self.theme = theme
        self.themeName = themeName
        self.themeCursor = themeName
        layout = BoardLayout(tiles: [], screen: screen)
        relayout()
    }

    // MARK: Queries

    /// The tile with `id`.
    public func tile(_ id: String) -> Tile? {
        tiles.first { $0.id == id }
    }

    /// The placements of the page shown; empty when the screen is too small.
    public var visiblePlacements: [BoardLayout.Placement] {
        layout.isTooSmall ? [] : layout.pages[page]
    }

    /// The ids of the tiles on the page shown.
    public var visibleTileIDs: [String] { visiblePlacements.map(\.id) }

    /// What the state file keeps: every tile's family, the scheme and the theme.
    public var persisted: PersistedState {
        PersistedState(
            families: Dictionary(tiles.map { ($0.id, $0.family.shortName) }, uniquingKeysWith: { first, _ in first }),
            scheme: scheme.rawValue, theme: themeName)
    }

    /// The theme after `current` in `names` (wrapping), or the first when `current` is not there.
    public static func themeName(after current: String, in names: [String]) -> String? {
        guard let index = names.firstIndex(of: current) else { return names.first }
        return names[(index + 1) % names.count]
    }

    // MARK: Update

    /// Applies `event` and returns what the shell must do, in order.
    public mutating func update(_ event: DashboardEvent) -> [DashboardEffect] {
        switch event {
        case .input(let input):
            return handle(input)
        case .rendered(let id, let grid):
            if let index = index(of: id) { tiles[index].grid = grid }
            return []
        case .spoken(let id, let words, let time):
            guard let index = index(of: id) else { return [] }
            let before = tiles[index].spoken
            tiles[index].spoken = words
            if let time, let before, before != words {
                announcement = Announcement(text: L("speech.tile", ["title": tiles[index].shown.displayName, "words": words]), time: time)
            }
            return []
        case .gridLent(let id):
            if let index = index(of: id) { tiles[index].grid = nil }
            return []
        case .status(let id, let status):
            if let index = index(of: id) { tiles[index].status = status }
            return []
        case .themeLoaded(let name, let theme):
            self.theme = theme
            themeName = name
            themeCursor = name
            message = Message(L("status.theme", ["name": name]))
            return [.saveState]
        case .themeFailed(let name, let text):
            themeCursor = name
            message = Message(L("status.theme_not_loaded", ["name": name, "reason": text]), isError: true)
            return []
        case .message(let text):
            message = Message(text, isError: true)
            return []
        case .configFileChanged:
            return [.applyConfigFile]
        case .configRead:
            return [.applyReadConfig]
        case .activitiesChanged:
            return [.readActivities]
        case let .actionFinished(id, kind, failure, finishedAt):
            if let failure {
                message = Message("\(id): \(failure)", isError: true)
                return []
            }
            // The press's own line (`quote: 换一句…`), while it shows, says how it ended.
            if let running = message?.text, running.hasPrefix("\(id): "), running.hasSuffix("…") {
                message = Message(running.dropLast() + " " + L("status.done"))
            }
            return [.announceAction(kind: kind, finishedAt: finishedAt)]
        case let .configChanged(newTiles, scheme, themeName, theme, sizeClassSetting):
            replaceTiles(with: newTiles)
            if case .edit(let form) = mode, tile(form.tileID) == nil { mode = .board }
            self.scheme = scheme
            self.theme = theme
            self.themeName = themeName
            self.sizeClassSetting = sizeClassSetting
            themeCursor = themeName
            if let focusedID, tile(focusedID) == nil { self.focusedID = nil }
            configError = nil
            message = Message(L("status.config_reloaded"))
            relayout()
            return [.saveState]
        case .arranged(let newTiles):
            replaceTiles(with: newTiles)
            if let focusedID, tile(focusedID) == nil { self.focusedID = nil }
            relayout()
            return [.saveState]
        case .arrangeFailed(let text):
            message = Message(L("status.cannot_arrange", ["reason": text]), isError: true)
            return []
        case .boardSaved(let report):
            return boardSaved(report)
        case .boardNotSaved(let reason):
            boardNotSaved(reason)
            return []
        case let .galleryPreview(choice, grid):
            galleryPreview(grid, for: choice)
            return []
        case .catalog(let items):
            catalog = items
            return []
        case .alerted(let ids):
            alertedTiles.formUnion(ids.subtracting(focusedID.map { [$0] } ?? []))
            return []
        case .activities(let shown):
            show(activities: shown)
            return []
        case .observed(let observation):
            return observe(observation)
        case .alertHistory(let contents):
            mode = .alerts(contents)
            return []
        case .configFailed(let text):
            configError = text
            message = nil
            return []
        case let .parametersSaved(id, member, values, report):
            if let index = index(of: id), tiles[index].widgets.indices.contains(member) {
                tiles[index].widgets[member].values = values
            }
            if case .edit(let form) = mode, form.tileID == id { mode = .board }
            message = Message(report)
            return []
        case .parametersNotSaved(let text):
            guard case .edit(var form) = mode else {
                message = Message(text, isError: true)
                return []
            }
            form.refuse(text)
            mode = .edit(form)
            return []
        case let .stackScrolled(id, offset, now):
            guard let index = index(of: id), var stack = tiles[index].stack else { return [] }
            stack.scroll(by: offset, at: now)
            showStackMember(of: index, stack: stack)
            message = Message("\(id): \(tiles[index].kind) (\(stack.topIndex + 1) of \(stack.members.count))")
            return []
        }
    }

    /// When a Smart Stack could next rotate by itself, given each widget's relevance now.
    public func nextStackRotation(scores: [String: Double], now: Date) -> Date? {
        tiles.compactMap { tile in
            tile.stack.flatMap { stack in stack.nextRotationDate(after: now, scores: stack.members.map { scores[$0] ?? 0 }) }
        }.min()
    }

    /// Brings each Smart Stack's most relevant member to the top when its quiet interval is over.
    mutating func rotateStacks(scores: [String: Double], now: Date) {
        for index in tiles.indices {
            guard var stack = tiles[index].stack else { continue }
            let memberScores = stack.members.map { scores[$0] ?? 0 }
            if stack.rotateIfDue(at: now, scores: memberScores) { showStackMember(of: index, stack: stack) }
        }
    }

    /// Shows the top member of `stack` in tile `index`; the old drawing and status belong to
    /// the member shown before, so the shell draws the tile again.
    private mutating func showStackMember(of index: Int, stack: SmartStack) {
        let changed = tiles[index].stack?.topIndex != stack.topIndex
        tiles[index].stack = stack
        if changed {
            tiles[index].grid = nil
            tiles[index].status = nil
        }
    }

    // MARK: Changes shared by keys and clicks

    func index(of id: String) -> Int? {
        tiles.firstIndex { $0.id == id }
    }

    /// Takes the board's new tiles: those that stay keep their status, and stacks of the same
    /// widgets their place; every tile is drawn again.
    private mutating func replaceTiles(with newTiles: [Tile]) {
        tiles = newTiles.map { tile in
            var tile = tile
            guard let old = self.tile(tile.id) else { return tile }
            if let stack = old.stack, stack.members == tile.stack?.members { tile.stack = stack }
            if old.instanceID == tile.instanceID { tile.status = old.status }
            return tile
        }
    }

    /// Lays the board out again for the current families, screen and size class (chosen again
    /// for the screen), keeping the focused tile in view.
    mutating func relayout() {
        let chosen = sizeClassSetting.sizeClass(columns: screen.width, rows: screen.height)
        if chosen != sizeClass {
            sizeClass = chosen
            // Every drawing has the old class's size; the shell draws the tiles again.
            for index in tiles.indices { tiles[index].grid = nil }
        }
        let sizes = tiles.map { tile in
            let grid = tile.family.gridSize(in: sizeClass)
            return (tile.id, Size(width: grid.columns, height: grid.rows))
        }
        let pageStarts = Set(tiles.indices.filter { tiles[$0].startsPage })
        // The screen-reader board is lines, not tiles at places: a small terminal still lists
        // every tile, and only the config's own pages divide them.
        let screen = screenReader ? Size(width: max(self.screen.width, 400), height: max(self.screen.height, 200)) : self.screen
        layout = BoardLayout(tiles: sizes, pageStarts: pageStarts, screen: screen, bannerRows: bannerRows)
        if layout.isTooSmall, layout.bannerRows > 0 {
            // The board before the banner: on a screen too small for both, the tiles stay.
            layout = BoardLayout(tiles: sizes, pageStarts: pageStarts, screen: screen)
        }
        if let focusedID, let focusedPage = layout.page(of: focusedID) {
            page = focusedPage
        } else {
            page = min(max(0, page), layout.pages.count - 1)
        }
        if case .hints = mode { mode = .board }
    }

    /// Shows `family` for tile `index` when the widget supports it; returns the effect, or nil.
    mutating func setFamily(_ family: WidgetFamily, ofTileAt index: Int) -> DashboardEffect? {
        guard tiles[index].family != family, tiles[index].supportedFamilies.contains(family) else { return nil }
        tiles[index].family = family
        // The old drawing has the old size; the shell draws the tile again before the next frame.
        tiles[index].grid = nil
        return .setFamily(id: tiles[index].id, family: family)
    }

    /// Every tile to `family` (`s`, `m`, `l`, `x`); tiles that cannot keep theirs and the message says so.
    mutating func setEveryFamily(_ family: WidgetFamily) -> [DashboardEffect] {
        var effects: [DashboardEffect] = []
        var kept: [String] = []
        for index in tiles.indices {
            if tiles[index].supportedFamilies.contains(family) {
                if let effect = setFamily(family, ofTileAt: index) { effects.append(effect) }
            } else {
                kept.append("\(tiles[index].id) stays \(tiles[index].family.shortName)")
            }
        }
        relayout()
        if kept.isEmpty {
            message = Message(L("status.every_tile", ["family": family.displayName]))
        } else {
            message = Message(L("status.family_missing", ["family": family.displayName, "widgets": kept.joined(separator: ", ")]), isError: true)
        }
        return effects.isEmpty ? [] : effects + [.saveState]
    }

    /// The focused tile one family larger (`+`, `step` 1) or smaller (`-`, `step` -1).
    mutating func stepFocusedFamily(by step: Int) -> [DashboardEffect] {
        guard let focusedID, let index = index(of: focusedID) else {
            message = Message(L("status.no_focus"))
            return []
        }
        let tile = tiles[index]
        let sizes = WidgetFamily.systemFamilies.filter(tile.supportedFamilies.contains)
        let target: WidgetFamily?
        if let position = sizes.firstIndex(of: tile.family) {
            target = sizes.indices.contains(position + step) ? sizes[position + step] : nil
        } else {
            target = step > 0 ? sizes.first : nil
        }
        guard let target, let effect = setFamily(target, ofTileAt: index) else {
            message = Message(L(step > 0 ? "status.already_largest" : "status.already_smallest", ["tile": tile.id, "family": tile.family.displayName]))
            return []
        }
        relayout()
        message = Message(L("status.tile_family", ["tile": tile.id, "family": target.displayName]))
        return [effect, .saveState]
    }

    /// Taps tile `id`: its widgetURL, else hint mode for its links.
    mutating func tapTile(_ id: String) -> [DashboardEffect] {
        focusedID = id
        guard let tile = tile(id) else { return [] }
        if let url = tile.grid?.widgetURL { return tap(url) }
        return showHints(onlyTile: id)
    }

    /// Taps a link or a control of tile `id`: a control's press runs in the widget (the scheduler
    /// refuses a second while one runs), a link opens.
    mutating func tap(_ target: TapTarget, onTile id: String) -> [DashboardEffect] {
        switch target {
        case .link(let url):
            return tap(url)
        case .linkOpening(let url, let press):
            let effects = tap(url)
            // The widget hears of the opening only when the link did open.
            return effects.contains(.open(url)) ? effects + [.perform(id: id, action: press)] : effects
        case .action(let press):
            if press.prompt != nil, press.input == nil {
                mode = .prompt(ActionPrompt(tileID: id, action: press))
                return []
            }
            mode = .board
            message = Message("\(id): \(Self.label(of: press, in: tile(id)?.grid))…")
            return [.perform(id: id, action: press)]
        }
    }

    /// A press as the status line names it: its control's label as drawn, without a toggle's
    /// box (`换一句`, `lamp`), else the action's name.
    static func label(of press: WidgetAction, in grid: CellGrid?) -> String {
        var text = grid?.text(of: .action(press)) ?? ""
        for box in ["[✓] ", "[ ] ", "[✓]", "[ ]"] where text.hasPrefix(box) { text.removeFirst(box.count) }
        return text.isEmpty ? press.name : BoardBanner.cut(text, width: 24)
    }

    /// Taps `url`: opens it, copies, or refuses with a message.
    mutating func tap(_ url: URL) -> [DashboardEffect] {
        mode = .board
        switch TapAction(url) {
        case .open(let url):
            message = Message(L("status.opening", ["url": url.absoluteString]))
            return [.open(url)]
        case .copy(let text):
            message = Message(L("status.copied", ["text": text]))
            return [.copy(text)]
        case .refuse(let text):
            message = Message(text, isError: true)
            return []
        }
    }

    /// Enters hint mode for the links of the page shown, or of one tile.
    mutating func showHints(onlyTile id: String? = nil) -> [DashboardEffect] {
        let drawn = visiblePlacements.compactMap { placement -> (BoardLayout.Placement, CellGrid)? in
            guard id == nil || placement.id == id, let grid = tile(placement.id)?.grid else { return nil }
            return (placement, grid)
        }
        let hints = LinkHints.hints(for: drawn, visibleArea: layout.area)
        guard !hints.isEmpty else {
            message = Message(id.map { "\($0) has nothing to open" } ?? "no links on this page")
            return []
        }
        mode = .hints(hints, typed: "")
        return []
    }

    /// Shows page `newPage` (clamped); focus moves to its first tile if the focused one is elsewhere.
    mutating func showPage(_ newPage: Int) {
        guard !layout.isTooSmall else { return }
        let target = min(max(0, newPage), layout.pages.count - 1)
        guard target != page else { return }
        page = target
        if focusedID.flatMap(layout.page(of:)) != page {
            focusedID = focusedID == nil ? nil : layout.pages[page].first?.id
        }
        mode = .board
    }

    /// Focuses tile `id` and shows its page.
    mutating func focus(_ id: String?) {
        focusedID = id
        if let id, let tilePage = layout.page(of: id) { page = tilePage }
    }
}
