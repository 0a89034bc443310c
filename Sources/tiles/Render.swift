import ArgumentParser
import FoundationEssentials
import TileBoard
import TileExtensions
import TileKit
import TileTerminal
import TileUI
import TileWidgets
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// `tiles render`: one widget, or a whole board, once, to stdout.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: L("help.render.abstract"),
        discussion: L("help.render.discussion")
    )

    @Option(help: ArgumentHelp(L("help.render.widget")), completion: Completions.kinds)
    var widget: String?

    @Flag(help: ArgumentHelp(L("help.render.board")))
    var board = false

    @Option(help: ArgumentHelp(L("help.render.tiles")))
    var tiles: String?

    @Flag(help: ArgumentHelp(L("help.render.arrange")))
    var arrange = false

    @Option(help: ArgumentHelp(L("help.render.gallery"), valueName: "TEXT"))
    var gallery: String?

    @Flag(help: ArgumentHelp(L("help.render.activity")))
    var activity = false

    @Option(help: ArgumentHelp(L("help.render.width", ["maximum_board_side": "\(Render.maximumBoardSide)"])))
    var width: Int?

    @Option(help: ArgumentHelp(L("help.render.height", ["maximum_board_side": "\(Render.maximumBoardSide)"])))
    var height: Int?

    @Option(help: ArgumentHelp(L("help.render.family")), completion: Completions.families)
    var family: String?

    @Option(help: ArgumentHelp(L("help.render.sizeClass")), completion: Completions.sizeClasses)
    var sizeClass: SizeClassSetting?

    @Option(help: ArgumentHelp(L("help.render.scheme")))
    var scheme: ColorScheme?

    @Option(help: ArgumentHelp(L("help.render.theme")), completion: Completions.themes)
    var theme: String?

    @Option(help: ArgumentHelp(L("help.render.language")), completion: .list(["en", "zh-Hans"]))
    var language: Language?

    @Option(help: ArgumentHelp(L("help.render.at")))
    var at: String?

    @Flag(help: ArgumentHelp(L("help.render.offline")))
    var offline = false

    @Flag(help: ArgumentHelp(L("help.render.placeholder")))
    var placeholder = false

    @Option(help: ArgumentHelp(L("help.render.format")))
    var format: OutputFormat = .text

    @Option(name: .customLong("param"), help: ArgumentHelp(L("help.render.parameters")), completion: Completions.parameters)
    var parameters: [String] = []

    @Option(help: ArgumentHelp(L("help.render.config")), completion: Completions.configFile)
    var config: String?

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, ansi, svg, tmux, speech
    }

    /// The largest --width and --height: far beyond any terminal, small enough to draw at once.
    static let maximumBoardSide = 1000

    /// The board's size: --width and --height, else the terminal's (of stdout, stderr or stdin:
    /// `> board.svg` still has one), else 100×30.
    var boardSize: Size {
        let terminal = Self.terminalSize()
        return Size(width: width ?? terminal?.width ?? 100, height: height ?? terminal?.height ?? 30)
    }

    static func terminalSize() -> Size? {
        for descriptor in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
                return Size(width: Int(size.ws_col), height: Int(size.ws_row))
            }
        }
        return nil
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let (text, live) = try await rendering(environment: environment)
        DescriptorWriting.standardOutput(text)
        // A status-bar script tells stale or placeholder content by the status (docs/usage.md).
        if !live { throw NotLive() }
    }

    /// What `run()` prints, for `environment` (the gallery renders with one of its own).
    func output(environment: [String: String]) async throws -> String {
        try await rendering(environment: environment).text
    }

    /// What `run()` prints, and whether all of it is live (no stale content, no placeholder).
    private func rendering(environment: [String: String]) async throws -> (text: String, live: Bool) {
        try checkOptions()
        if let language { Localization.use(language) }
        if activity { return (try activityLine(environment: environment), true) }
        ImageAssets.userDirectory = TilesDirectories(environment: environment).config.appending(path: "assets")
        let drawn = try await board ? boardGrid(environment: environment) : widgetGrid(environment: environment)
        return (text(of: drawn, environment: environment), drawn.live)
    }

    /// A widget or board as drawn: the picture, the look it was drawn in, whether all of it is
    /// live, and with `--format speech` what a screen reader says for it.
    struct Drawn {
        var grid: CellGrid
        var look: Look
        var live: Bool
        var spoken: String?
    }

    private func text(of drawn: Drawn, environment: [String: String]) -> String {
        let grid = drawn.grid, look = drawn.look
        switch format {
        case .speech: return drawn.spoken ?? ""
        case .text: return grid.text + "\n"
        case .ansi: return ANSIRenderer(colorMode: ansiColorMode(environment), hyperlinks: true).render(grid) + "\n"
        case .tmux: return TmuxRenderer(colors: environment["NO_COLOR"] == nil).render(grid) + "\n"
        case .svg:
            return SVGRenderer(theme: look.theme, scheme: look.scheme).render(grid)
        }
    }

    /// The scheme and theme a picture was drawn in: an SVG paints unpainted cells with its board colour.
    struct Look {
        var scheme: ColorScheme
        var theme: Theme
    }

    /// The live activities as `tiles activity list` has them, on one line; nothing when none show.
    private func activityLine(environment: [String: String]) throws -> String {
        let (now, _) = try moment()
        let activities = try ActivityCommand.store().0.all().compactMap { $0.shown(at: now, isAlive: ActivityStore.isAlive) }
        guard !activities.isEmpty else { return "" }
        let scheme = self.scheme ?? .light
        let theme = try ThemeCatalog(directories: TilesDirectories(environment: environment)).theme(named: self.theme ?? "default")
        let grid = BoardBanner.statusGrid(activities, now: now, theme: theme, scheme: scheme)
        switch format {
        case .text: return grid.text + "\n"
        case .ansi: return ANSIRenderer(colorMode: ansiColorMode(environment), hyperlinks: false).render(grid) + "\n"
        case .tmux: return TmuxRenderer(colors: environment["NO_COLOR"] == nil).render(grid) + "\n"
        case .svg, .speech: throw UsageError(message: "--activity prints text, ansi or tmux")
        }
    }

    /// Refuses options that do not go together, before anything is loaded.
    private func checkOptions() throws {
        if activity {
            let misplaced = [("--board", board), ("--widget", widget != nil), ("--family", family != nil), ("--param", !parameters.isEmpty)]
                .filter(\.1).map(\.0)
            if let first = misplaced.first { throw UsageError(message: "\(first) does not go with --activity, which prints the activities alone") }
            return
        }
        if board {
            if widget != nil { throw UsageError(message: "--board and --widget: choose one") }
            let misplaced = [("--family", family != nil), ("--param", !parameters.isEmpty), ("--placeholder", placeholder)]
                .filter(\.1).map(\.0)
            if let first = misplaced.first {
                throw UsageError(message: "\(first) applies to --widget; a board's tiles take their families and parameters from --tiles or the config file")
            }
            for (name, value) in [("--width", width), ("--height", height)] {
                guard let value, !(1...Self.maximumBoardSide).contains(value) else { continue }
                throw UsageError(message: "\(name) \(value) is out of range; give 1 to \(Self.maximumBoardSide) cells")
            }
        } else {
            guard widget != nil else { throw UsageError(message: "name a widget with --widget KIND (see `tiles list`), or draw the board with --board") }
            let misplaced = [("--tiles", tiles != nil), ("--width", width != nil), ("--height", height != nil), ("--arrange", arrange),
                             ("--gallery", gallery != nil)].filter(\.1).map(\.0)
            if let first = misplaced.first { throw UsageError(message: "\(first) applies to --board") }
        }
    }

    /// One widget, exactly family-sized, the look it was drawn in, and whether it is live.
    private func widgetGrid(environment: [String: String]) async throws -> Drawn {
        let widget = self.widget ?? ""
        let (now, timeZone) = try moment()
        let directories = TilesDirectories(environment: environment)
        let sources = WidgetServices(environment: environment, directories: directories, version: Tiles.version, timeZone: timeZone, offline: offline)
        let host = ExtensionHost(waitsForStreams: true, sources: sources)
        defer { host.stopAll() }
        let services = WidgetServices(
            settings: try RunDashboard.serviceSettings(for: nil, environment: environment), environment: environment,
            directories: directories, version: Tiles.version, timeZone: timeZone, offline: offline,
            remoteRun: host.run(_:on:timeout:))
        var widgets = BuiltinWidgets.all(services: services)
        if config != nil || !widgets.contains(where: { $0.kind == widget }) {
            // Only a widget the file declares needs the file: a broken config leaves built-ins alone.
            let loaded = try RunDashboard.loadConfig(path: config, environment: environment, widgets: widgets, host: host)
            widgets += loaded?.extensionWidgets ?? []
        }
        guard let descriptor = widgets.first(where: { $0.kind == widget }) else {
            throw UsageError(message: "unknown widget '\(widget)'; widgets: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        let familyName = self.family ?? "medium"
        guard let family = WidgetFamily(name: familyName) else {
            throw UsageError(message: "unknown family '\(familyName)'; families: \(WidgetFamily.allNames.joined(separator: ", "))")
        }
        guard descriptor.supports(family) else {
            throw UsageError(message: "\(widget) does not come in \(family.shortName); it supports: \(descriptor.supportedFamilies.map(\.shortName).joined(separator: ", "))")
        }
        let values = try parsedParameters(descriptor)
        let scheme = self.scheme ?? .light
        // One widget has no terminal to choose a class from: auto draws it regular.
        var sizeClass = SizeClass.regular
        if case .pinned(let pinned) = self.sizeClass { sizeClass = pinned }

        var renderEnvironment = EnvironmentValues()
        renderEnvironment.colorScheme = scheme
        renderEnvironment.sizeClass = sizeClass
        renderEnvironment.colorMode = pictureColorMode(environment)
        renderEnvironment.useLanguage()
        do {
            renderEnvironment.theme = try ThemeCatalog(directories: TilesDirectories(environment: environment)).theme(named: theme)
        } catch {
            throw UsageError(message: String(describing: error))
        }
        renderEnvironment.now = now
        renderEnvironment.zone = timeZone
        if format == .speech { renderEnvironment.speakContent() }

        let context = TimelineContext(
            family: family, isPreview: offline, now: now, reason: .user, colorScheme: scheme, sizeClass: sizeClass)
        let shown: Shown
        if placeholder {
            shown = Shown(entry: descriptor.placeholder(in: context), isPlaceholder: true, isLive: true)
        } else {
            shown = try await self.entry(of: descriptor, named: widget, context: context, values: values)
        }
        if shown.isPlaceholder { renderEnvironment.redactionReasons = .placeholder }
        let drawing = descriptor.drawing(shown.entry, family: family, environment: renderEnvironment)
        var grid = drawing.grid
        if shown.status?.isStale == true { grid = DashboardView.markedStale(grid, theme: renderEnvironment.theme, scheme: scheme) }
        let spoken = drawing.spoken.map {
            SpokenBoardView.tileText(title: descriptor.displayName, words: Speech.sentence($0), status: shown.status, now: now) + "\n"
        }
        return Drawn(grid: grid, look: Look(scheme: scheme, theme: renderEnvironment.theme), live: shown.isLive, spoken: spoken)
    }

    /// An entry to draw: whether it is the widget's placeholder (drawn redacted), and whether it
    /// is live (not the last known content of a failing service, not a placeholder for one).
    struct Shown {
        var entry: AnyTimelineEntry
        var isPlaceholder: Bool
        var isLive: Bool
        /// Why it is not live: the service's or program's error.
        var failure: String?

        /// The status the board would give the tile: stale, with the reason, when not live.
        var status: InstanceStatus? {
            isLive ? nil : InstanceStatus(isStale: true, reason: failure, isPlaceholder: isPlaceholder)
        }
    }

    /// The entry `descriptor` shows at `context.now`: a program's, or a built-in provider's.
    func entry(of descriptor: WidgetDescriptor, named name: String, context: TimelineContext, values: [String: ParameterValue]) async throws -> Shown {
        if descriptor.timelinePerFamily || descriptor.revision != descriptor.kind {
            return Shown(entry: try await programEntry(descriptor, named: name, context: context, values: values), isPlaceholder: false, isLive: true)
        }
        return await currentEntry(descriptor, named: name, context: context, values: values)
    }

    /// The entry showing at `context.now`: from the provider's timeline; when the service
    /// failed, the last known content (stale), or with nothing known the placeholder, never
    /// sample data (each with a note on stderr); the snapshot (`--offline`'s sample data)
    /// when the timeline has no entry for now.
    private func currentEntry(_ descriptor: WidgetDescriptor, named widget: String, context: TimelineContext, values: [String: ParameterValue]) async -> Shown {
        let timeline: AnyTimeline
        do {
            timeline = try await descriptor.timeline(in: context, parameters: values)
        } catch {
            if let known = (error as? TimelineFailure)?.fallback.entry(at: context.now) {
                Console.printError("tiles: \(widget): \(error); showing the last known content (stale)")
                return Shown(entry: known, isPlaceholder: false, isLive: false, failure: "\(error)")
            }
            Console.printError("tiles: \(widget): \(error); nothing is known yet, showing the placeholder")
            return Shown(entry: descriptor.placeholder(in: context), isPlaceholder: true, isLive: false, failure: "\(error)")
        }
        if let shown = timeline.entry(at: context.now) { return Shown(entry: shown, isPlaceholder: false, isLive: true) }
        return Shown(entry: await descriptor.snapshot(in: context, parameters: values), isPlaceholder: false, isLive: true)
    }

    /// The entry a widget program shows at `context.now`; a program that fails is an error
    /// (exit 1 with the reason the board would show), since nothing else could stand in for it.
    private func programEntry(_ descriptor: WidgetDescriptor, named widget: String, context: TimelineContext, values: [String: ParameterValue]) async throws -> AnyTimelineEntry {
        // A streaming program that never prints would keep the render waiting: give it the
        // board's provider timeout (a program's own when longer).
        let timeout = TimelineScheduler.Configuration().callTimeout(for: descriptor)
        let run = Task(executorPreference: ProviderExecutor.shared) { try await descriptor.timeline(in: context, parameters: values) }
        let watchdog = Task(executorPreference: ProviderExecutor.shared) {
            guard timeout.isFinite else { return }
            try await Reactor.network.sleep(for: .seconds(timeout))
            run.cancel()
        }
        defer { watchdog.cancel() }
        do {
            let timeline = try await run.value
            return timeline.entry(at: context.now) ?? descriptor.placeholder(in: context)
        } catch is CancellationError {
            throw CommandFailure(message: "\(widget): timed out after \(Int(timeout)) s")
        } catch {
            throw CommandFailure(message: "\(widget): \(error)")
        }
    }

    private func parsedParameters(_ descriptor: WidgetDescriptor) throws -> [String: ParameterValue] {
        let descriptions = Dictionary(uniqueKeysWithValues: descriptor.parameters.map { ($0.key, $0) })
        var values: [String: ParameterValue] = [:]
        for item in parameters {
            guard let equals = item.firstIndex(of: "=") else {
                throw UsageError(message: "--param '\(item)' must be NAME=VALUE")
            }
            let name = String(item[..<equals]), text = String(item[item.index(after: equals)...])
            guard let description = descriptions[name] else {
                throw UsageError(message: ParameterError.unknownParameter(name, known: descriptor.parameters.map(\.key)).description)
            }
            do {
                values[name] = try description.parse(text)
            } catch {
                throw UsageError(message: error.description)
            }
        }
        do {
            return try descriptor.resolveParameters(values)
        } catch {
            throw UsageError(message: error.description)
        }
    }

    /// "Now" and the display time zone: from --at (its offset), else the clock and TZ.
    func moment() throws -> (Date, Zone) {
        guard let at else { return (Date(), SystemTimeZone.process) }
        guard let (date, offset) = InternetDate.parseWithOffset(at), abs(offset) <= 18 * 3_600 else {
            throw UsageError(message: "--at '\(at)' is not an ISO 8601 date with a time and offset, like 2022-06-06T10:00:00+08:00")
        }
        return (date, Zone(secondsFromGMT: offset))
    }

    /// The colours the output format shows, which decide whether pictures draw: plain text has
    /// none, so an `Image` draws nothing there and what lies beneath it shows.
    func pictureColorMode(_ environment: [String: String]) -> ColorMode {
        switch format {
        case .text, .speech: return .none
        case .ansi: return ansiColorMode(environment)
        case .svg: return .trueColor
        case .tmux: return environment["NO_COLOR"] == nil ? .trueColor : .none
        }
    }

    /// ANSI output uses what the terminal environment allows; with no TERM at all, truecolor
    /// (the user asked for colour); NO_COLOR always wins.
    func ansiColorMode(_ environment: [String: String]) -> ColorMode {
        if environment["NO_COLOR"] != nil { return .none }
        let detected = ColorMode.detect(environment: environment)
        return detected == .none ? .trueColor : detected
    }
}
