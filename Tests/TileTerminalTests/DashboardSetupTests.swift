import Foundation
import Testing
import TileKit
import TileTerminal
import TileUI

private struct NoteEntry: TimelineEntry {
    var date: Date
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: TimelineContext) -> NoteEntry { NoteEntry(date: context.now) }
    func snapshot(in context: TimelineContext) async -> NoteEntry { NoteEntry(date: context.now) }
    func timeline(in context: TimelineContext) async throws -> Timeline<NoteEntry> {
        Timeline(entries: [NoteEntry(date: context.now)], policy: .never)
    }
}

/// A widget of `kind` in `families`, drawing one word.
private func noteWidget(_ kind: String, families: [WidgetFamily]) -> WidgetDescriptor {
    StaticConfiguration(kind: kind, provider: NoteProvider()) { _ in Text("note") }
        .supportedFamilies(families)
        ._descriptors[0]
}

/// A temporary directory tree standing in for the XDG directories, removed afterwards.
private final class TemporaryDirectories {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-setup-\(UUID().uuidString)")
    var directories: TilesDirectories {
        TilesDirectories(
            config: root.appendingPathComponent("config"), cache: root.appendingPathComponent("cache"),
            state: root.appendingPathComponent("state"), data: root.appendingPathComponent("data"))
    }
    deinit { try? FileManager.default.removeItem(at: root) }
}

/// The board, families, scheme and theme the dashboard starts with.
struct DashboardSetupTests {
    private let widgets = [
        noteWidget("note", families: WidgetFamily.systemFamilies),
        noteWidget("tiny", families: [.systemSmall, .systemMedium]),
    ]

    private func options(_ tiles: [TileSpec], family: WidgetFamily? = nil, scheme: ColorScheme? = nil, theme: String? = nil,
                         directories: TilesDirectories) -> DashboardOptions {
        DashboardOptions(widgets: widgets, tiles: tiles, initialFamily: family, scheme: scheme, themeName: theme,
                         directories: directories, environment: [:])
    }

    @Test func savedFamiliesApplyAndTheCommandLineWins() throws {
        let temporary = TemporaryDirectories()
        let tiles = [TileSpec(id: "a", kind: "note", family: .systemMedium), TileSpec(id: "b", kind: "tiny", family: .systemMedium)]
        let saved = PersistedState(families: ["a": "large", "b": "extraLarge"], scheme: "dark", theme: "Nord")
        let catalog = ThemeCatalog(directories: temporary.directories)

        let restored = try DashboardSetup(options: options(tiles, directories: temporary.directories), saved: saved, catalog: catalog)
        #expect(restored.tiles.map(\.family) == [.systemLarge, .systemMedium], "b cannot be extra large")
        #expect(restored.instances.map(\.family) == [.systemLarge, .systemMedium])
        #expect(restored.scheme == .dark)
        #expect(restored.themeName == "Nord" && restored.theme.name == "Nord")

        let overridden = try DashboardSetup(
            options: options(tiles, family: .systemSmall, scheme: .light, theme: "solarized", directories: temporary.directories),
            saved: saved, catalog: catalog)
        #expect(overridden.tiles.map(\.family) == [.systemSmall, .systemSmall])
        #expect(overridden.scheme == .light)
        #expect(overridden.themeName == "Solarized", "built-in names match regardless of case")
    }

    @Test func mistakesInTheBoardAreFailuresNamingTheTile() {
        let temporary = TemporaryDirectories()
        let catalog = ThemeCatalog(directories: temporary.directories)
        #expect(throws: DashboardSetup.Failure.self) {
            try DashboardSetup(options: options([TileSpec(id: "x", kind: "nope", family: .systemSmall)], directories: temporary.directories),
                               saved: PersistedState(), catalog: catalog)
        }
        do {
            _ = try DashboardSetup(
                options: options([TileSpec(id: "x", kind: "note", family: .systemSmall), TileSpec(id: "x", kind: "note", family: .systemSmall)],
                                 directories: temporary.directories),
                saved: PersistedState(), catalog: catalog)
            Issue.record("duplicate ids were accepted")
        } catch {
            #expect(error.description.contains("'x'"))
        }
        do {
            _ = try DashboardSetup(options: options([], theme: "nonesuch", directories: temporary.directories),
                                   saved: PersistedState(), catalog: catalog)
            Issue.record("an unknown theme was accepted")
        } catch {
            #expect(error.description.contains("nonesuch"))
        }
    }

    @Test func aSavedThemeThatNoLongerLoadsFallsBackToTheDefault() throws {
        let temporary = TemporaryDirectories()
        let setup = try DashboardSetup(options: options([], directories: temporary.directories),
                                       saved: PersistedState(theme: "deleted"), catalog: ThemeCatalog(directories: temporary.directories))
        #expect(setup.theme == Theme.default)
        #expect(setup.scheme == .light)
    }

    @Test func theStateFileRoundTripsAndACorruptOneIsIgnoredWithALogLine() throws {
        let temporary = TemporaryDirectories()
        let file = PersistedState.file(in: temporary.directories.state)
        var logged: [String] = []
        #expect(PersistedState.load(from: file) { logged.append($0) } == PersistedState())
        #expect(logged.isEmpty, "a missing file is not a problem")

        let state = PersistedState(families: ["a": "small"], scheme: "dark", theme: "Nord")
        try state.save(to: file)
        #expect(PersistedState.load(from: file) { logged.append($0) } == state)

        try Data("{ not json".utf8).write(to: file)
        #expect(PersistedState.load(from: file) { logged.append($0) } == PersistedState())
        #expect(logged.count == 1 && logged[0].contains(file.path))
    }

    @Test func aSavedFamilyCountsOnlyWhenSupported() {
        let state = PersistedState(families: ["a": "large", "b": "bogus"])
        #expect(state.family(of: "a", supported: WidgetFamily.systemFamilies) == .systemLarge)
        #expect(state.family(of: "a", supported: [.systemSmall]) == nil)
        #expect(state.family(of: "b", supported: WidgetFamily.systemFamilies) == nil)
        #expect(state.family(of: "c", supported: WidgetFamily.systemFamilies) == nil)
    }
}
