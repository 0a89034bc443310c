/// A tile of the board checked against the widgets it names: each member's widget found and its
/// parameters resolved, and the families the tile can show. The terminal board and the web board
/// both start from these.
public struct ResolvedTile: Sendable {
    /// A mistake in the board, worded for the user without a `tiles:` prefix.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The tile as declared.
    public var spec: TileSpec
    /// The families every member comes in, in the first member's order.
    public var supportedFamilies: [WidgetFamily]
    /// One widget for a plain tile; a Smart Stack's members in order.
    public var members: [(widget: WidgetDescriptor, parameters: [String: ParameterValue])]

    /// The tiles of `specs`, checked: unknown kinds, bad parameters and duplicate ids are failures.
    public static func resolve(_ specs: [TileSpec], widgets: [WidgetDescriptor]) throws(Failure) -> [ResolvedTile] {
        var ids = Set<String>()
        var tiles: [ResolvedTile] = []
        for spec in specs {
            guard ids.insert(spec.id).inserted else {
                throw Failure(description: "the board has two tiles with id '\(spec.id)'; give each tile its own id")
            }
            var members: [(widget: WidgetDescriptor, parameters: [String: ParameterValue])] = []
            for choice in spec.widgets {
                guard let widget = widgets.first(where: { $0.kind == choice.kind }) else {
                    let known = widgets.map(\.kind).joined(separator: ", ")
                    throw Failure(description: "tile '\(spec.id)' uses unknown widget kind '\(choice.kind)'; widgets: \(known)")
                }
                do {
                    members.append((widget, try widget.resolveParameters(choice.parameters)))
                } catch {
                    throw Failure(description: "tile '\(spec.id)' (\(choice.kind)): \(error)")
                }
            }
            let supported = members[0].widget.supportedFamilies.filter { family in members.allSatisfy { $0.widget.supports(family) } }
            tiles.append(ResolvedTile(spec: spec, supportedFamilies: supported, members: members))
        }
        return tiles
    }

    /// The family shown when `preferred` is asked for: it when every member comes in it, else the
    /// first supported one (with a log line saying so).
    public func family(preferring preferred: WidgetFamily, log: (String) -> Void) -> WidgetFamily {
        guard !supportedFamilies.contains(preferred), let first = supportedFamilies.first else { return preferred }
        log("board: \(spec.kind) does not come in \(preferred.shortName); tile '\(spec.id)' shows \(first.shortName)")
        return first
    }

    /// The scheduler's instances for the tile in `family`: one per member.
    public func instances(family: WidgetFamily) -> [WidgetInstance] {
        members.enumerated().map { index, member in
            WidgetInstance(id: spec.instanceID(index), widget: member.widget, family: family, parameters: member.parameters)
        }
    }
}
