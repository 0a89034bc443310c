import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Turns the options and the saved state into the board's tiles and the initial look, checking
/// everything before the terminal is touched, so a mistake is a plain message and exit status 2.
public struct DashboardSetup: Sendable {
    /// A problem with the board or the initial look, worded for stderr.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The message, without the `tiles:` prefix.
        public var description: String
    }

    /// What the scheduler runs: one instance per widget (a Smart Stack has one per member).
    public var instances: [WidgetInstance]
    /// The initial tiles of the state.
    public var tiles: [DashboardState.Tile]
    /// Light or dark.
    public var scheme: ColorScheme
    /// The theme's catalog name.
    public var themeName: String
    /// The theme itself, loaded and checked.
    public var theme: Theme

    /// Resolves `options` over `saved`: `--family`, `--scheme` and `--theme` win over the saved
    /// state, which wins over the board's own families. Unknown kinds, bad parameters, duplicate
    /// ids and a `--theme` that cannot be loaded are failures; a saved theme that no longer loads
    /// is dropped with a log line.
    public init(options: DashboardOptions, saved: PersistedState, catalog: ThemeCatalog) throws(Failure) {
        var instances: [WidgetInstance] = []
        var tiles: [DashboardState.Tile] = []
        let resolved: [ResolvedTile]
        do {
            resolved = try ResolvedTile.resolve(options.tiles, widgets: options.widgets)
        } catch {
            throw Failure(description: error.description)
        }
        for tile in resolved {
            let supported = tile.supportedFamilies
            var family = tile.spec.family
            if let saved = saved.family(of: tile.spec.id, supported: supported) { family = saved }
            if let initial = options.initialFamily, supported.contains(initial) { family = initial }
            family = tile.family(preferring: family, log: options.log)
            let members = tile.instances(family: family)
            instances += members
            let widgets = zip(members, tile.members).map { instance, member in
                DashboardState.Tile.Widget(
                    instanceID: instance.id, kind: member.widget.kind, displayName: member.widget.displayName,
                    parameters: member.widget.parameters, values: member.parameters)
            }
            var shown = DashboardState.Tile(id: tile.spec.id, family: family, supportedFamilies: supported, widgets: widgets)
            shown.startsPage = tile.spec.startsPage
            tiles.append(shown)
        }
        self.instances = instances
        self.tiles = tiles
        scheme = options.scheme ?? saved.scheme.flatMap(ColorScheme.init(rawValue:)) ?? .light

        if let name = options.themeName {
            do {
                (themeName, theme) = try Self.theme(named: name, in: catalog)
            } catch {
                throw Failure(description: String(describing: error))
            }
        } else if let name = saved.theme, let loaded = try? Self.theme(named: name, in: catalog) {
            (themeName, theme) = loaded
        } else {
            if let name = saved.theme { options.log("state: the saved theme '\(name)' no longer loads; using the default") }
            (themeName, theme) = (Theme.default.name, Theme.default)
        }
    }

    /// The theme called `name` in `catalog`, matching built-in names regardless of case
    /// (`nord` finds `Nord`); returns the catalog's spelling of the name and the theme.
    public static func theme(named name: String, in catalog: ThemeCatalog) throws -> (name: String, theme: Theme) {
        let names = catalog.names
        let resolved = names.contains(name) ? name : names.first { $0.lowercased() == name.lowercased() } ?? name
        return (resolved, try catalog.theme(named: resolved))
    }
}
