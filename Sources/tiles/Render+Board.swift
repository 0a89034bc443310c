import FoundationEssentials
import TileBase
import TileBoard
import TileConfig
import TileExtensions
import TileKit
import TileTerminal
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

extension Render {
    /// The board on a `--width` × `--height` terminal as the dashboard composes it (its
    /// `DashboardState` and `DashboardView`, without a terminal): each tile of the first page
    /// drawn from the entry it shows at `--at`, with links for OSC 8.
    func boardGrid(environment plainEnvironment: [String: String]) async throws -> Drawn {
        let (now, timeZone) = try moment()
        let directories = TilesDirectories(environment: plainEnvironment)
        let sources = WidgetServices(environment: plainEnvironment, directories: directories, version: Tiles.version, timeZone: timeZone, offline: offline)
        let host = ExtensionHost(waitsForStreams: true, sources: sources)
        defer { host.stopAll() }
        // As `tiles run` starts, with the same merge of the command line over the file.
        let start = try BoardStart(
            configPath: config, environment: plainEnvironment, directories: directories, timeZone: timeZone, offline: offline, host: host,
            commandLine: { widgets in
                BoardConfiguration.CommandLine(
                    tiles: try self.tiles.map { try BoardStart.tiles($0, widgets: widgets) }, scheme: scheme, themeName: theme,
                    sizeClass: sizeClass, language: language)
            })
        let board = start.board, widgets = board.widgets
        let options = DashboardOptions(
            widgets: widgets, tiles: board.tiles, scheme: board.scheme, themeName: board.themeName,
            directories: directories, environment: start.environment, timeZone: timeZone)
        let setup: DashboardSetup
        do {
            // The saved state is left out: a picture follows its arguments and the config only.
            setup = try DashboardSetup(options: options, saved: PersistedState(), catalog: ThemeCatalog(directories: directories))
        } catch {
            throw UsageError(message: error.description)
        }
        var state = DashboardState(
            tiles: setup.tiles, screen: boardSize, scheme: setup.scheme,
            theme: setup.theme, themeName: setup.themeName, sizeClassSetting: board.sizeClass)

        var drawing = EnvironmentValues()
        drawing.colorScheme = setup.scheme
        drawing.sizeClass = state.sizeClass
        drawing.colorMode = pictureColorMode(start.environment)
        drawing.theme = setup.theme
        drawing.now = now
        drawing.zone = timeZone
        drawing.useLanguage()
        if format == .speech { drawing.speakContent() }
        var live = true
        for id in state.visibleTileIDs {
            guard let tile = state.tile(id), let instance = setup.instances.first(where: { $0.id == tile.instanceID }) else { continue }
            let context = TimelineContext(
                family: tile.family, isPreview: offline, now: now, reason: .user, colorScheme: setup.scheme,
                sizeClass: state.sizeClass)
            let shown = try await self.entry(of: instance.widget, named: tile.kind, context: context, values: instance.parameters)
            var tileDrawing = drawing
            if shown.isPlaceholder { tileDrawing.redactionReasons = .placeholder }
            live = live && shown.isLive
            let rendered = instance.widget.drawing(shown.entry, family: tile.family, environment: tileDrawing)
            _ = state.update(.rendered(id: tile.id, grid: rendered.grid))
            if let spoken = rendered.spoken { _ = state.update(.spoken(id: tile.id, words: Speech.sentence(spoken), announcedAt: nil)) }
            if let status = shown.status { _ = state.update(.status(id: tile.id, status)) }
        }
        if arrange || gallery != nil {
            try await showEditMode(&state, widgets: widgets, drawing: drawing, now: now)
        }
        let spoken = format == .speech ? SpokenBoardView.text(state, now: now) : nil
        return Drawn(grid: DashboardView.picture(state, now: now), look: Look(scheme: setup.scheme, theme: setup.theme), live: live, spoken: spoken)
    }

    /// Puts `state` in edit mode as `E` does, and opens the gallery searched for `--gallery`
    /// with the preview the board would draw.
    private func showEditMode(_ state: inout DashboardState, widgets: [WidgetDescriptor], drawing: EnvironmentValues, now: Date) async throws {
        let items = WidgetGallery.items(of: widgets)
        _ = state.update(.catalog(items))
        _ = state.update(.input(.key(.character("E"))))
        guard let search = gallery else { return }
        var effects = state.update(.input(.key(.character("a"))))
        for character in search { effects = state.update(.input(.key(.character(character)))) }
        guard case .preview(let choice)? = effects.last ?? (search.isEmpty ? .preview(WidgetGallery.Choice(kind: widgets[0].kind, family: widgets[0].supportedFamilies[0])) : nil),
              let widget = widgets.first(where: { $0.kind == choice.kind }) else { return }
        let context = TimelineContext(family: choice.family, isPreview: true, now: now, reason: .user, colorScheme: drawing.colorScheme, sizeClass: state.sizeClass)
        let entry = await widget.snapshot(in: context)
        _ = state.update(.galleryPreview(choice, widget.render(entry, family: choice.family, environment: drawing).grid))
    }
}
