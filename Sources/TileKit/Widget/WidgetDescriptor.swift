import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Everything the runtime knows about one kind of widget, with its types erased: names,
/// families, parameters, and how to get entries and draw them. Built by a widget's configuration.
public struct WidgetDescriptor: Sendable {
    /// Identifies the widget for reloads, config files and the cache (`qqsync`).
    public var kind: String
    /// The title in galleries and `tiles list`.
    public var displayName: String
    /// One sentence saying what the widget shows.
    public var description: String
    /// The families the widget can be shown in, in order of size.
    public var supportedFamilies: [WidgetFamily]
    /// Whether the provider lays out each family itself, so a family change asks it for a new
    /// timeline (widgets from programs); built-in views adapt to the family as they draw.
    public var timelinePerFamily = false
    /// Whether the widget's source pushes updates and asks for reloads through `WidgetCenter`
    /// (a streaming program): such a reload that arrives during a call gets a call of its own
    /// after it, instead of merging into the call that may have missed the update.
    public var pushesUpdates = false
    /// Whether the provider needs no service or program (`computedLocally()`): the first frame
    /// waits for its timeline instead of drawing its placeholder.
    public var computesLocally = false
    /// Where edit mode's gallery lists it.
    public var category = WidgetCategory.yourOwn
    /// When the widget alerts, for `tiles list` and the docs; nil when it never does.
    public var alerts: String?
    /// A parameter that, when set, makes the widget reach another machine (the `system` widget's
    /// `host`): then it does not compute locally.
    public var remoteParameter: String?
    /// How long one provider call may take, when the widget needs longer than the scheduler's
    /// default; `.infinity` for a provider that ends every call itself (a program run, ended at
    /// its own timeout however long it waited for a slot); nil keeps the default.
    public var callTimeout: TimeInterval?
    /// Identifies this version of the widget: its kind, and for a widget declared in a file, the
    /// declaration, so that an edited declaration replaces the tiles showing the old one.
    public var revision: String

    let parameterDescriptions: @Sendable () -> [ParameterDescription]
    let normalize: @Sendable ([String: ParameterValue]) throws(ParameterError) -> [String: ParameterValue]
    let placeholderEntry: @Sendable (TimelineContext) -> AnyTimelineEntry
    let snapshotEntry: @Sendable (TimelineContext, [String: ParameterValue]) async -> AnyTimelineEntry
    let makeTimeline: @Sendable (TimelineContext, [String: ParameterValue]) async throws -> AnyTimeline
    let draw: @Sendable (AnyTimelineEntry, EnvironmentValues) -> RetainedDrawing?
    let makeView: @Sendable (AnyTimelineEntry) -> AnyView?
    /// Runs a press of one of the widget's controls; nil for a widget without actions.
    var performAction: (@Sendable (WidgetAction, IntentContext) async throws -> ActionOutcome)? = nil
    let encodeEntries: @Sendable ([AnyTimelineEntry]) throws -> Data
    let decodeEntries: @Sendable (Data) throws -> [AnyTimelineEntry]

    /// The parameters a form shows, in order, with current dynamic options; empty for static widgets.
    public var parameters: [ParameterDescription] { parameterDescriptions() }

    /// Whether `family` is one of the supported families.
    public func supports(_ family: WidgetFamily) -> Bool { supportedFamilies.contains(family) }

    /// Whether a tile of this widget with `parameters` computes locally (`computedLocally()`).
    public func computesLocally(with parameters: [String: ParameterValue]) -> Bool {
        guard computesLocally else { return false }
        guard let remoteParameter, let value = parameters[remoteParameter] else { return true }
        return value == .string("")
    }

    /// Every parameter's value after applying `values` to the defaults; throws for an unknown
    /// key or an invalid value.
    public func resolveParameters(_ values: [String: ParameterValue] = [:]) throws(ParameterError) -> [String: ParameterValue] {
        try normalize(values)
    }

    /// The instant, redacted-when-drawn entry shown before real data exists (B3.1).
    public func placeholder(in context: TimelineContext) -> AnyTimelineEntry {
        placeholderEntry(context)
    }

    /// One entry for previews (B3.2).
    public func snapshot(in context: TimelineContext, parameters: [String: ParameterValue] = [:]) async -> AnyTimelineEntry {
        await snapshotEntry(context, parameters)
    }

    /// Asks the provider for a timeline (B3.3).
    public func timeline(in context: TimelineContext, parameters: [String: ParameterValue] = [:]) async throws -> AnyTimeline {
        try await makeTimeline(context, parameters)
    }

    /// Draws `entry` into the family's grid in the environment's size class. `environment`
    /// supplies scheme, theme, size class and now; the family is set from `family`. Returns the grid and when live text next changes it.
    public func render(
        _ entry: AnyTimelineEntry, family: WidgetFamily, environment: EnvironmentValues = .standard
    ) -> (grid: CellGrid, nextChange: Date?) {
        let drawing = self.drawing(entry, family: family, environment: environment)
        return (drawing.grid, drawing.nextChange)
    }

    /// Renders like `render(_:family:environment:)`, keeping what the drawing needs to follow its
    /// live date text in place (`RetainedDrawing.advance(to:)`), as the board does every second.
    public func drawing(
        _ entry: AnyTimelineEntry, family: WidgetFamily, environment: EnvironmentValues = .standard
    ) -> RetainedDrawing {
        var environment = environment
        environment.widgetFamily = family
        if let drawn = draw(entry, environment) { return drawn }
        // An entry of another widget's type (only a foreign cache could produce one): draw nothing
        // rather than crash.
        let (columns, rows) = family.gridSize(in: environment.sizeClass)
        return RetainedDrawing(grid: CellGrid(width: columns, height: rows), nextChange: nil)
    }

    /// The view the widget draws `entry` with, before the environment is applied; nil for widgets
    /// whose views are not Swift views (widgets from programs). The Swift SDK encodes it as JSON.
    public func view(for entry: AnyTimelineEntry) -> AnyView? { makeView(entry) }

    /// Whether the widget's views may hold controls whose presses it runs.
    public var hasActions: Bool { performAction != nil }

    /// Runs a press of one of the widget's controls (a button's or a toggle's action).
    public func perform(_ action: WidgetAction, in context: IntentContext) async throws -> ActionOutcome {
        guard let performAction else { throw ActionError("\(kind) has no actions") }
        return try await performAction(action, context)
    }

    /// Makes presses run through `perform`: for widgets whose actions are not Swift intents
    /// (widgets from programs).
    public mutating func setActions(_ perform: @escaping @Sendable (WidgetAction, IntentContext) async throws -> ActionOutcome) {
        performAction = perform
    }

    /// Encodes entries for the entry cache.
    public func encode(_ entries: [AnyTimelineEntry]) throws -> Data { try encodeEntries(entries) }

    /// Decodes entries the cache wrote; throws for another widget's or a corrupt file.
    public func decode(_ data: Data) throws -> [AnyTimelineEntry] { try decodeEntries(data) }
}

extension WidgetDescriptor {
    /// A widget assembled from closures rather than a `Widget` type: for widgets whose kind,
    /// parameters and families are known only at run time (widgets declared in a config file).
    /// `parameters` lists the parameters in form order; values are checked against them.
    public init<Entry: TimelineEntry>(
        kind: String, displayName: String, description: String, supportedFamilies: [WidgetFamily],
        parameters: [ParameterDescription], entry: Entry.Type,
        placeholder: @escaping @Sendable (TimelineContext) -> Entry,
        snapshot: @escaping @Sendable (TimelineContext, [String: ParameterValue]) async -> Entry,
        timeline: @escaping @Sendable (TimelineContext, [String: ParameterValue]) async throws -> Timeline<Entry>,
        draw: @escaping @Sendable (Entry, EnvironmentValues) -> RetainedDrawing
    ) {
        self.kind = kind
        self.revision = kind
        self.displayName = displayName
        self.description = description
        self.supportedFamilies = WidgetFamily.allCases.filter(supportedFamilies.contains)
        self.parameterDescriptions = { parameters }
        self.normalize = { (values) throws(ParameterError) in try ParameterDescription.resolve(values, against: parameters) }
        self.placeholderEntry = { AnyTimelineEntry(placeholder($0)) }
        self.snapshotEntry = { context, values in AnyTimelineEntry(await snapshot(context, values)) }
        self.makeTimeline = { context, values in AnyTimeline(try await timeline(context, values)) }
        self.draw = { entry, environment in
            guard let entry = entry.base as? Entry else { return nil }
            return draw(entry, environment)
        }
        self.makeView = { _ in nil }
        self.encodeEntries = { entries in try JSONEncoder().encode(entries.compactMap { $0.base as? Entry }) }
        self.decodeEntries = { data in try JSONDecoder().decode([Entry].self, from: data).map(AnyTimelineEntry.init) }
    }

    /// The type-erased pieces every configuration shares.
    init<Entry: TimelineEntry, Intent: WidgetIntent, Content: View & SendableMetatype>(
        kind: String,
        intent: Intent.Type,
        entry: Entry.Type,
        placeholder: @escaping @Sendable (TimelineContext) -> Entry,
        snapshot: @escaping @Sendable (TimelineContext, Intent) async -> Entry,
        timeline: @escaping @Sendable (TimelineContext, Intent) async throws -> Timeline<Entry>,
        content: @escaping @Sendable (Entry) -> Content
    ) {
        self.kind = kind
        self.revision = kind
        self.displayName = kind
        self.description = ""
        self.supportedFamilies = WidgetFamily.systemFamilies
        self.parameterDescriptions = { Intent.parameterDescriptions }
        self.normalize = { (values) throws(ParameterError) in try Intent(values: values).parameterValues }
        self.placeholderEntry = { AnyTimelineEntry(placeholder($0)) }
        self.snapshotEntry = { context, values in
            AnyTimelineEntry(await snapshot(context, (try? Intent(values: values)) ?? Intent()))
        }
        self.makeTimeline = { context, values in
            AnyTimeline(try await timeline(context, try Intent(values: values)))
        }
        self.draw = { entry, environment in
            guard let entry = entry.base as? Entry else { return nil }
            let (columns, rows) = environment.widgetFamily.gridSize(in: environment.sizeClass)
            return RetainedDrawing(content(entry), width: columns, height: rows, environment: environment)
        }
        self.makeView = { entry in (entry.base as? Entry).map { AnyView(content($0)) } }
        self.encodeEntries = { entries in
            try JSONEncoder().encode(entries.compactMap { $0.base as? Entry })
        }
        self.decodeEntries = { data in
            try JSONDecoder().decode([Entry].self, from: data).map(AnyTimelineEntry.init)
        }
    }
}

/// The groups of edit mode's gallery, in the order it lists them.
public enum WidgetCategory: String, CaseIterable, Sendable, Comparable {
    case information = "Information"
    case system = "System"
    case developer = "Developer"
    case seeds = "Seeds"
    case yourOwn = "Your own"

    public static func < (a: WidgetCategory, b: WidgetCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
