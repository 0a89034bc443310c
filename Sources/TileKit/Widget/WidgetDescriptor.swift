import Foundation

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

    let parameterDescriptions: @Sendable () -> [ParameterDescription]
    let normalize: @Sendable ([String: ParameterValue]) throws(ParameterError) -> [String: ParameterValue]
    let placeholderEntry: @Sendable (TimelineContext) -> AnyTimelineEntry
    let snapshotEntry: @Sendable (TimelineContext, [String: ParameterValue]) async -> AnyTimelineEntry
    let makeTimeline: @Sendable (TimelineContext, [String: ParameterValue]) async throws -> AnyTimeline
    let draw: @Sendable (AnyTimelineEntry, EnvironmentValues) -> (grid: CellGrid, nextChange: Date?)?
    let encodeEntries: @Sendable ([AnyTimelineEntry]) throws -> Data
    let decodeEntries: @Sendable (Data) throws -> [AnyTimelineEntry]

    /// The parameters a form shows, in order, with current dynamic options; empty for static widgets.
    public var parameters: [ParameterDescription] { parameterDescriptions() }

    /// Whether `family` is one of the supported families.
    public func supports(_ family: WidgetFamily) -> Bool { supportedFamilies.contains(family) }

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

    /// Draws `entry` into the family's grid. `environment` supplies scheme, theme and now; the
    /// family is set from `family`. Returns the grid and when live text next changes it.
    public func render(
        _ entry: AnyTimelineEntry, family: WidgetFamily, environment: EnvironmentValues = .standard
    ) -> (grid: CellGrid, nextChange: Date?) {
        var environment = environment
        environment.widgetFamily = family
        if let drawn = draw(entry, environment) { return drawn }
        // An entry of another widget's type (only a foreign cache could produce one): draw nothing
        // rather than crash.
        return (CellGrid(width: family.gridSize.columns, height: family.gridSize.rows), nil)
    }

    /// Encodes entries for the entry cache.
    public func encode(_ entries: [AnyTimelineEntry]) throws -> Data { try encodeEntries(entries) }

    /// Decodes entries the cache wrote; throws for another widget's or a corrupt file.
    public func decode(_ data: Data) throws -> [AnyTimelineEntry] { try decodeEntries(data) }
}

extension WidgetDescriptor {
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
            let (columns, rows) = environment.widgetFamily.gridSize
            return CellGrid.renderTree(content(entry), width: columns, height: rows, environment: environment)
        }
        self.encodeEntries = { entries in
            try JSONEncoder().encode(entries.compactMap { $0.base as? Entry })
        }
        self.decodeEntries = { data in
            try JSONDecoder().decode([Entry].self, from: data).map(AnyTimelineEntry.init)
        }
    }
}
