import FoundationEssentials

/// One tile on the board as the command line or a config file describes it: one widget, or a
/// Smart Stack of several sharing the tile's place and family.
public struct TileSpec: Sendable, Hashable {
    /// One widget of a tile: its kind and the parameters written for it.
    public struct Widget: Sendable, Hashable {
        /// The widget kind (`qqsync`, `alipay`, `commit`).
        public var kind: String
        /// Parameter values by key; missing keys take the widget's defaults.
        public var parameters: [String: ParameterValue]

        /// Widget `kind` with `parameters`.
        public init(kind: String, parameters: [String: ParameterValue] = [:]) {
            self.kind = kind
            self.parameters = parameters
        }
    }

    /// Stable across restarts: names the tile's cache file and its saved family.
    public var id: String
    /// The family the tile starts in, unless the saved state or `--family` says otherwise.
    public var family: WidgetFamily
    /// The tile's widget, or a Smart Stack's widgets in stack order (never empty).
    public var widgets: [Widget]
    /// Whether the tile begins a page of the config (`[[page]]`) other than the first: the board
    /// starts a new screen page there.
    public var startsPage = false

    /// Tile `id` showing widget `kind` in `family` with `parameters`.
    public init(id: String, kind: String, family: WidgetFamily, parameters: [String: ParameterValue] = [:]) {
        self.init(id: id, family: family, widgets: [Widget(kind: kind, parameters: parameters)])
    }

    /// Tile `id` in `family` showing `widgets`: one widget, or a Smart Stack of several.
    public init(id: String, family: WidgetFamily, widgets: [Widget], startsPage: Bool = false) {
        precondition(!widgets.isEmpty, "a tile shows at least one widget")
        self.id = id
        self.family = family
        self.widgets = widgets
        self.startsPage = startsPage
    }

    /// The kind of the tile's first widget.
    public var kind: String { widgets[0].kind }

    /// Whether the tile is a Smart Stack.
    public var isStack: Bool { widgets.count > 1 }

    /// The tiles in config pages: a new page at each tile that starts one (the first always).
    /// The pages say where each begins, so no tile in them is marked `startsPage`, as the config
    /// reader gives them.
    public static func pages(of specs: [TileSpec]) -> [[TileSpec]] {
        var pages: [[TileSpec]] = []
        for var spec in specs {
            if pages.isEmpty || spec.startsPage { pages.append([]) }
            spec.startsPage = false
            pages[pages.count - 1].append(spec)
        }
        return pages
    }

    /// The scheduler's id for widget `index`: the tile's own id for a single widget, `id#N`
    /// (N from 1) for a Smart Stack's members, so each member keeps its own timeline and cache.
    public func instanceID(_ index: Int) -> String {
        isStack ? "\(id)#\(index + 1)" : id
    }
}
