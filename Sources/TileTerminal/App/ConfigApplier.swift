import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Applies an edited config file to a running board: tiles added, removed or changed in the
/// scheduler (widget state and drawings of the others untouched), the look updated. An invalid
/// file changes nothing, and its error stays in the status line until it is fixed.
final class ConfigApplier {
    /// The options the board runs with, its widgets as the last applied file declares them.
    private(set) var options: DashboardOptions
    private let catalog: ThemeCatalog
    /// The board as last configured, by tile id: a config edit keeps key-chosen families of
    /// tiles whose entry it did not change.
    private var specs: [String: TileSpec]
    /// The board's tile ids in order with where pages start, and the scheme and theme the config
    /// last asked for: a reload that changes none of these (a save by the edit form or by
    /// arranging, a touch) changes nothing.
    private var configured: (ids: [String], pageStarts: [Bool], scheme: ColorScheme?, themeName: String?)

    init(options: DashboardOptions, catalog: ThemeCatalog) {
        self.options = options
        self.catalog = catalog
        specs = Dictionary(options.tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        configured = (options.tiles.map(\.id), options.tiles.map(\.startsPage), options.scheme, options.themeName)
    }

    /// The config file as read off the board's thread, the latest last.
    private let reads = TakeAllQueue<Result<BoardConfiguration, ConfigReadFailure>>()
    /// Whether a read is under way, and whether the file changed again meanwhile.
    private var isReading = false
    private var readsAgain = false

    /// Reads the file again on a thread of its own (its `describe` programs may take their
    /// time, and the board keeps answering keys), then calls `done` there; the board applies
    /// the result with `applyRead`. A change while a read is under way reads once more after it.
    func read(then done: @escaping @Sendable () -> Void) {
        guard let reload = options.reloadConfig else { return }
        guard !isReading else {
            readsAgain = true
            return
        }
        isReading = true
        let reads = self.reads, log = options.log
        DetachedThread.start(named: "tiles-config") {
            do {
                reads.append(.success(try reload()))
            } catch {
                log("config: not applied: \(error)")
                reads.append(.failure(ConfigReadFailure(description: String(describing: error))))
            }
            done()
        }
    }

    /// Applies the last read to `scheduler` and `renderer`; returns what the board's state should
    /// hear (`configChanged` or `configFailed`), nil when nothing changed or nothing was read.
    func applyRead(to state: DashboardState, scheduler: TimelineScheduler, renderer: BoardRenderer, then done: @escaping @Sendable () -> Void) -> DashboardEvent? {
        guard let last = reads.takeAll().last else { return nil }
        isReading = false
        if readsAgain {
            readsAgain = false
            read(then: done)
        }
        switch last {
        case .success(let update): return apply(update, to: state, scheduler: scheduler, renderer: renderer)
        case .failure(let failure): return .configFailed(failure.description)
        }
    }

    /// Applies the board `tiles` arranged in edit mode, as a reload of the file would; returns
    /// the `arranged` event, or `arrangeFailed` with the reason.
    func arrange(_ tiles: [TileSpec], state: DashboardState, scheduler: TimelineScheduler, renderer: BoardRenderer) -> DashboardEvent {
        let update = BoardConfiguration(
            tiles: tiles, scheme: configured.scheme, themeName: configured.themeName, sizeClass: state.sizeClassSetting,
            widgets: options.widgets)
        switch apply(update, to: state, scheduler: scheduler, renderer: renderer) {
        case .configChanged(let tiles, _, _, _, _): return .arranged(tiles: tiles)
        case .configFailed(let reason): return .arrangeFailed(reason)
        default: return .arranged(tiles: state.tiles)
        }
    }

    /// Applies `update`: returns `configChanged`, `configFailed`, or nil when nothing changed.
    private func apply(_ update: BoardConfiguration, to state: DashboardState, scheduler: TimelineScheduler, renderer: BoardRenderer) -> DashboardEvent? {
        do {
            let widgetsChanged = update.widgets.map(\.revision) != options.widgets.map(\.revision)
            let unchanged = update.tiles.map(\.id) == configured.ids && update.tiles.map(\.startsPage) == configured.pageStarts
                && update.tiles.allSatisfy { sameTile(specs[$0.id], $0) }
                && update.scheme == configured.scheme && update.themeName == configured.themeName && !widgetsChanged
                && update.sizeClass == state.sizeClassSetting
            if unchanged, state.configError == nil { return nil }
            var next = options
            next.widgets = update.widgets
            next.tiles = update.tiles
            next.scheme = update.scheme
            next.themeName = update.themeName
            next.initialFamily = nil
            var saved = state.persisted
            saved.families = saved.families.filter { id, _ in
                update.tiles.first { $0.id == id }.map { sameTile(specs[id], $0) } ?? false
            }
            if update.scheme == nil { saved.scheme = state.scheme.rawValue }
            let setup = try DashboardSetup(options: next, saved: saved, catalog: catalog)
            configured = (update.tiles.map(\.id), update.tiles.map(\.startsPage), update.scheme, update.themeName)
            options.widgets = next.widgets
            let kept = Set(setup.instances.map(\.id))
            for id in scheduler.instanceIDs where !kept.contains(id) { scheduler.remove(id: id) }
            for instance in setup.instances {
                if let current = scheduler.instance(instance.id), current.widget.revision == instance.widget.revision {
                    scheduler.setFamily(instance.family, for: instance.id)
                    scheduler.setParameters(instance.parameters, for: instance.id)
                } else {
                    scheduler.remove(id: instance.id)
                    scheduler.add(instance)
                }
            }
            specs = Dictionary(update.tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            renderer.configChanged(keeping: kept)
            options.log("config: reloaded")
            return .configChanged(
                tiles: setup.tiles, scheme: setup.scheme, themeName: setup.themeName, theme: setup.theme,
                sizeClass: update.sizeClass)
        } catch {
            options.log("config: not applied: \(error)")
            return .configFailed(String(describing: error))
        }
    }

    /// Every widget the board can place, for edit mode's gallery.
    var galleryItems: [WidgetGallery.Item] { WidgetGallery.items(of: options.widgets) }

    /// The widget of `kind`, as the last applied file declares it.
    func widget(_ kind: String) -> WidgetDescriptor? {
        options.widgets.first { $0.kind == kind }
    }

    /// Notes parameters the edit form saved into the file, so that the reload the save causes
    /// keeps the tile's family and timeline.
    func recordParameters(_ values: [String: ParameterValue], tile id: String, member: Int) {
        guard var spec = specs[id], spec.widgets.indices.contains(member) else { return }
        spec.widgets[member].parameters = values
        specs[id] = spec
    }

    /// Whether two descriptions of a tile show the same widgets, family and parameters once
    /// defaults are applied (a file that spells out a default describes the same tile).
    private func sameTile(_ a: TileSpec?, _ b: TileSpec) -> Bool {
        guard let a, a.id == b.id, a.family == b.family, a.widgets.map(\.kind) == b.widgets.map(\.kind) else { return false }
        return zip(a.widgets, b.widgets).allSatisfy { left, right in
            guard let widget = options.widgets.first(where: { $0.kind == left.kind }) else { return false }
            return (try? widget.resolveParameters(left.parameters)) == (try? widget.resolveParameters(right.parameters))
        }
    }
}

/// Why the config file read again could not be applied, as the status line shows it.
struct ConfigReadFailure: Error, CustomStringConvertible {
    let description: String
}
