import FoundationEssentials
import TileBase
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Carries out what the board's state asks for (`DashboardEffect`): families and reloads in the
/// scheduler, links opened, text copied, themes loaded, parameters saved, the state saved. Each
/// effect says what the state should hear next, if anything.
final class EffectRunner {
    /// What came of an effect.
    enum Outcome {
        case done
        /// The board quits.
        case quit
        /// The state hears these next, in order.
        case then([DashboardEvent])

        static func then(_ event: DashboardEvent) -> Outcome { .then([event]) }
    }

    private let options: DashboardOptions
    private let scheduler: TimelineScheduler
    private let terminal: any TerminalDevice
    private let renderer: BoardRenderer
    private let config: ConfigApplier
    private let catalog: ThemeCatalog
    private let stateFile: URL
    private let inbox: MessageInbox
    private let wake: @Sendable () -> Void
    /// The config file's watch, started once the edit form has written the file (it may be new).
    private let configWatch: ConfigFileWatch
    /// The live activities, when the board can hear of them.
    private let activities: ActivityFeed?
    /// The config file's bytes when edit mode began (empty: there was none): its save must find them.
    private var arrangingBase: Data?
    /// This board's socket on the board channel, when it listens: presses are announced to the
    /// other boards in its folder.
    private let channelSocket: String?
    /// Tells the user of alerts, once across their boards.
    private let alerts: AlertCenter
    /// The alerts the user's boards gave.
    private let alertHistory: AlertHistory

    init(
        options: DashboardOptions, scheduler: TimelineScheduler, terminal: any TerminalDevice, renderer: BoardRenderer,
        config: ConfigApplier, catalog: ThemeCatalog, stateFile: URL, inbox: MessageInbox,
        wake: @escaping @Sendable () -> Void, configWatch: ConfigFileWatch, activities: ActivityFeed?, channelSocket: String?
    ) {
        self.activities = activities
        self.channelSocket = channelSocket
        self.options = options
        self.scheduler = scheduler
        self.terminal = terminal
        self.renderer = renderer
        self.config = config
        self.catalog = catalog
        self.stateFile = stateFile
        self.inbox = inbox
        self.wake = wake
        self.configWatch = configWatch
        alertHistory = AlertHistory(directory: options.directories.state)
        alerts = AlertCenter(
            settings: options.notifications, leases: options.directories.cache.appending(path: "alerts"), history: alertHistory,
            environment: options.environment, log: options.log, write: { terminal.write(rawSequence: $0) })
    }

    /// Posts `configRead` to the board from the thread that read the config file.
    private var configRead: @Sendable () -> Void {
        let inbox = self.inbox, wake = self.wake
        return {
            inbox.post(.configRead)
            wake()
        }
    }

    /// When the summary of alerts the rate limit held back can be given; nil when none are held.
    var nextAlertSummary: Date? { alerts.nextDate }

    /// Runs `effect`, asked for by `state`.
    func perform(_ effect: DashboardEffect, state: DashboardState) -> Outcome {
        switch effect {
        case .setFamily(let id, let family):
            for widget in state.tile(id)?.widgets ?? [] { scheduler.setFamily(family, for: widget.instanceID) }
        case .reload(let id):
            if let id {
                for widget in state.tile(id)?.widgets ?? [] { scheduler.reload(id: widget.instanceID) }
            } else {
                scheduler.reloadAll()
            }
        case let .perform(id, press):
            guard let instanceID = state.tile(id)?.instanceID else { return .done }
            if case .failure(let refusal) = scheduler.perform(press, for: instanceID) {
                return .then(.message(refusal.description))
            }
        case let .saveParameters(id, member, values):
            return saveParameters(values, tile: id, member: member, state: state)
        case let .scrollStack(id, offset):
            return .then(.stackScrolled(id: id, offset: offset, now: options.clock.now()))
        case .open(let url):
            // An opener per link, so that a failure reported later still names the link.
            let inbox = self.inbox, wake = self.wake, log = options.log
            let opener = LinkOpener { error in
                log("open \(url.absoluteString): \(error)")
                inbox.post(message: Self.openFailure(url, error))
                wake()
            }
            if case .failure(let error) = opener.open(url, environment: options.environment) {
                options.log("open \(url.absoluteString): \(error)")
                return .then(.message(Self.openFailure(url, error)))
            }
        case .copy(let text):
            terminal.write(rawSequence: Clipboard.osc52Sequence(copying: text))
        case .loadTheme(let current):
            guard let name = DashboardState.themeName(after: current, in: catalog.names) else { return .done }
            do {
                return .then(.themeLoaded(name: name, theme: try catalog.theme(named: name)))
            } catch {
                options.log("theme: \(error)")
                return .then(.themeFailed(name: name, message: shortDescription(of: error)))
            }
        case .saveState:
            if let failure = saveState(state) { return .then(failure) }
        case .arrange(let tiles):
            return .then(config.arrange(tiles, state: state, scheduler: scheduler, renderer: renderer))
        case .noteConfigForArranging:
            arrangingBase = options.configFile.map { AtomicFile.contents(atPath: $0.path) ?? Data() }
        case .saveBoard(let tiles):
            return .then(saveBoard(tiles))
        case .preview(let choice):
            drawPreview(choice, state: state)
        case .applyConfigFile:
            config.read(then: configRead)
        case .applyReadConfig:
            guard let event = config.applyRead(to: state, scheduler: scheduler, renderer: renderer, then: configRead) else { return .done }
            return .then([event, .catalog(config.galleryItems)])
        case .readActivities:
            return activities.map { .then(.activities($0.read(now: options.clock.now()))) } ?? .done
        case let .announceAction(kind, finishedAt):
            announceAction(ofKind: kind, at: finishedAt)
        case .giveAlerts(let candidates):
            let alerted = candidates.isEmpty ? [] : alerts.give(candidates, now: options.clock.now())
            if candidates.isEmpty { alerts.giveSummary(now: options.clock.now()) }
            if !alerted.isEmpty { return .then(.alerted(Set(alerted))) }
        case .showAlertHistory:
            return .then(showAlertHistory())
        case .dismissEndedActivities:
            guard let activities else { return .done }
            let removed = activities.removeEnded(now: options.clock.now())
            announce(removed.map { BoardChannel.Request.activityChanged(id: $0) })
            return .then(.activities(activities.read(now: options.clock.now())))
        case .quit:
            return .quit
        }
        return .done
    }

    /// The alert history for the overlay, as it was before this look marked it read.
    private func showAlertHistory() -> DashboardEvent {
        do {
            let contents = try alertHistory.read()
            try alertHistory.markRead(until: options.clock.now())
            return .alertHistory(contents)
        } catch {
            options.log("alerts: \(error)")
            return .message("cannot show the alerts: \(error)")
        }
    }

    /// Saves the board's state (families, scheme, page); the message to show when it could not.
    func saveState(_ state: DashboardState) -> DashboardEvent? {
        do {
            try state.persisted.save(to: stateFile)
            return nil
        } catch {
            options.log("state: \(error)")
            return .message("cannot save the board's state: \(error)")
        }
    }

    /// Saves an edit form's values (to the config file when the board has one), then gives the
    /// widget its new parameters, which reloads it at once and free of budget (B3.7 [T]). A save
    /// that fails leaves the form open with the reason and the widget as it was.
    private func saveParameters(_ values: [String: ParameterValue], tile id: String, member: Int, state: DashboardState) -> Outcome {
        guard let tile = state.tile(id), tile.widgets.indices.contains(member),
              let instance = scheduler.instance(tile.widgets[member].instanceID) else { return .done }
        let resolved: [String: ParameterValue], report: String
        do {
            (resolved, report) = try ParameterSaver(save: options.saveParameters).save(values, of: instance.widget, tile: id, member: member)
        } catch {
            if case .notSaved = error { options.log("edit: \(id) \(error)") }
            return .then(.parametersNotSaved(error.description))
        }
        if options.saveParameters != nil { configWatch.start() }
        config.recordParameters(resolved, tile: id, member: member)
        scheduler.setParameters(resolved, for: instance.id)
        renderer.invalidate([instance.id])
        options.log("edit: \(id) \(report)")
        return .then(.parametersSaved(id: id, member: member, values: resolved, report: report))
    }

    /// Saves edit mode's board into the config file; the event that says how it went.
    private func saveBoard(_ tiles: [TileSpec]) -> DashboardEvent {
        guard let save = options.saveBoard else {
            return .boardSaved("arranged for this run only (the board comes from --tiles, not a config file)")
        }
        do {
            let report = try save(tiles, arrangingBase)
            arrangingBase = nil
            options.log("arrange: \(report)")
            configWatch.start()
            return .boardSaved(report)
        } catch {
            options.log("arrange: not saved: \(error)")
            return .boardNotSaved(String(describing: error))
        }
    }

    /// Draws the gallery's preview of `choice` from the widget's snapshot (WidgetKit's
    /// `getSnapshot`, with `isPreview` set: sample data, or a program's preview run) on the
    /// providers' executor, and posts it to the board.
    private func drawPreview(_ choice: WidgetGallery.Choice, state: DashboardState) {
        guard let widget = config.widget(choice.kind) else { return }
        var environment = DashboardView.environment(state)
        environment.sizeClass = state.sizeClass
        environment.now = options.clock.now()
        environment.zone = options.timeZone
        let context = TimelineContext(
            family: choice.family, isPreview: true, now: options.clock.now(), reason: .user, colorScheme: state.scheme,
            sizeClass: state.sizeClass)
        let inbox = self.inbox, wake = self.wake
        Task(executorPreference: ProviderExecutor.shared) {
            let entry = await widget.snapshot(in: context)
            let grid = widget.render(entry, family: choice.family, environment: environment).grid
            inbox.post(.galleryPreview(choice, grid))
            wake()
        }
    }

    /// Tells the user's other boards that a press changed a widget of `kind`, so that they
    /// reload it too (the board channel, as `tiles reload KIND`).
    private func announceAction(ofKind kind: String, at finishedAt: Date) {
        // The stamp travels as decimal seconds since 1970, which may come back a microsecond
        // late: a millisecond earlier still excludes data from before the press had its effect.
        announce([.reload(kind: kind)], at: finishedAt.addingTimeInterval(-0.001))
    }

    /// Sends `messages` to the user's other boards, from a thread of its own: this board's loop
    /// answers its own socket.
    private func announce(_ messages: [BoardChannel.Request], at sentAt: Date = Date()) {
        guard let channel = channelSocket, !messages.isEmpty else { return }
        let directory = URL(filePath: TilesDirectories.folder(of: channel), directoryHint: .isDirectory)
        DetachedThread.start(named: "tiles-announce") {
            for message in messages { _ = BoardChannel.send(message, directory: directory, at: sentAt, excluding: channel) }
        }
    }

    /// A failed open for the status line, naming the link once.
    static func openFailure(_ url: URL, _ error: OpenError) -> String {
        let text = error.description
        return text.contains(url.absoluteString) ? text : "cannot open \(url.absoluteString): \(text)"
    }

    /// A theme error for the status line: a file in the user's theme directory is named
    /// `themes/<file>` rather than by its full path, so the line number stays in view.
    private func shortDescription(of error: any Error) -> String {
        guard var themeError = error as? ThemeError else { return String(describing: error) }
        let file = URL(filePath: themeError.file)
        if file.deletingLastPathComponent().standardizedFileURL.path == catalog.directory.standardizedFileURL.path {
            themeError.file = "themes/" + file.lastPathComponent
        }
        return themeError.description
    }
}
