import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Everything that can change the dashboard's state: the user's input and the results of work
/// the shell did for it (a tile rendered, a status changed, a theme loaded, a link that failed).
public enum DashboardEvent: Sendable {
    /// A key, a click or a resize.
    case input(InputEvent)
    /// A tile's grid was drawn again (new entry, family, scheme, theme or live text).
    case rendered(id: String, grid: CellGrid)
    /// What a screen reader says for tile `id`'s new drawing; with `announcedAt` (the board's
    /// clock, `08:05`), a change of them is said as a line of its own (not for a clock's ticks,
    /// which would never stop).
    case spoken(id: String, words: String, announcedAt: String?)
    /// The renderer took tile `id`'s grid to write a tick into it in place, so that the grid is
    /// not held twice (and copied); a `.rendered` gives it back.
    case gridLent(id: String)
    /// A tile's status as the scheduler reports it (stale, loading, placeholder).
    case status(id: String, InstanceStatus)
    /// The theme `name` (as the theme catalog names it) was loaded after `T`.
    case themeLoaded(name: String, theme: Theme)
    /// The theme `name` could not be loaded; `message` names the file and line.
    case themeFailed(name: String, message: String)
    /// A message for the status line from elsewhere (an opener that failed, a save that failed).
    case message(String)
    /// The config file changed and is valid: the new board and look.
    case configChanged(tiles: [DashboardState.Tile], scheme: ColorScheme, themeName: String, theme: Theme, sizeClass: SizeClassSetting)
    /// The config file changed and is invalid: the board stays as it was; the error shows until fixed.
    case configFailed(String)
    /// Edit mode's arrangement is on the board now: its tiles, as `configChanged` gives them.
    case arranged(tiles: [DashboardState.Tile])
    /// Edit mode's arrangement could not be applied.
    case arrangeFailed(String)
    /// Edit mode's board was saved; the status line's report.
    case boardSaved(String)
    /// Edit mode's board could not be saved, and why; nothing was written.
    case boardNotSaved(String)
    /// The gallery's preview of a widget in a family.
    case galleryPreview(WidgetGallery.Choice, CellGrid)
    /// Every widget the board can place (at the start, and after the config declares others).
    case catalog([WidgetGallery.Item])
    /// These tiles just gave an alert: they carry a mark until seen.
    case alerted(Set<String>)
    /// The live activities to show now, the latest started first.
    case activities([LiveActivity])
    /// An edit form's values were saved (or applied) for widget `member` of tile `id`; `report`
    /// says where they went. The form closes.
    case parametersSaved(id: String, member: Int, values: [String: ParameterValue], report: String)
    /// An edit form's values could not be saved; the form stays open with the reason.
    case parametersNotSaved(String)
    /// The user scrolled Smart Stack `id` by `offset` members at `now` (after `.scrollStack`).
    case stackScrolled(id: String, offset: Int, now: Date)
    /// The config file changed on disk (its watch saw it): read it again.
    case configFileChanged
    /// The config file was read again off the board's thread: apply what was read.
    case configRead
    /// A live activity changed (the board channel said so): read the store again.
    case activitiesChanged
    /// What the scheduler and the activities' store hold as a frame begins: the state gives
    /// alerts, shows activities and turns Smart Stacks from it (docs/rules.md B6.3).
    case observed(BoardObservation)
    /// The alert history as `a` asked for it: the overlay opens with it.
    case alertHistory(AlertHistory.Contents)
    /// A press of tile `id`'s control (a widget of `kind`) finished at `finishedAt`; `failure`
    /// says why it did not take effect.
    case actionFinished(id: String, kind: String, failure: String?, finishedAt: Date)
}

/// Work the state asks the shell to do after an update: the only way decisions reach the
/// scheduler, the terminal, the file system or other processes.
public enum DashboardEffect: Equatable, Sendable {
    /// Run a press of one of tile `id`'s controls (`TimelineScheduler.perform`).
    case perform(id: String, action: WidgetAction)
    /// Show tile `id` in `family` from now on (`TimelineScheduler.setFamily`).
    case setFamily(id: String, family: WidgetFamily)
    /// Ask tile `id`'s provider again; nil reloads every tile.
    case reload(id: String?)
    /// Open `url` with the user's opener (http, https or mailto only).
    case open(URL)
    /// Put `text` on the clipboard through OSC 52.
    case copy(String)
    /// Load the theme after `name` in the catalog's order, then report `.themeLoaded` or `.themeFailed`.
    case loadTheme(after: String)
    /// Save `values` as the parameters of widget `member` of tile `id` (an edit form's Enter),
    /// then reload that widget at once, free of budget; report `.parametersSaved` or `.parametersNotSaved`.
    case saveParameters(id: String, member: Int, values: [String: ParameterValue])
    /// Scroll Smart Stack `id` by `offset` members; report `.stackScrolled` with the time.
    case scrollStack(id: String, offset: Int)
    /// Write families, scheme and theme to the state file.
    case saveState
    /// Put this arrangement on the board (edit mode): tiles added, removed, moved or stacked.
    case arrange([TileSpec])
    /// Remember the config file as it is now: edit mode began, and its save must find it so.
    case noteConfigForArranging
    /// Save this arrangement as the config file's board.
    case saveBoard([TileSpec])
    /// Draw the gallery's preview of a widget in a family.
    case preview(WidgetGallery.Choice)
    /// Read the config file again off the board's thread (a `describe` program may take its
    /// time); report `.configRead`.
    case applyConfigFile
    /// Apply the config as last read; report `.configChanged` or `.configFailed`.
    case applyReadConfig
    /// Read the live activities' store again; report `.activities`.
    case readActivities
    /// Tell the user's other boards that a press changed a widget of `kind` at `finishedAt`,
    /// so that they reload it too.
    case announceAction(kind: String, finishedAt: Date)
    /// Give those of these alerts no board gave yet (`AlertCenter`); report `.alerted`.
    case giveAlerts([PendingAlert])
    /// Remove the ended live activities from their store and tell the other boards; report `.activities`.
    case dismissEndedActivities
    /// Read the alert history, then mark it read; report `.alertHistory`.
    case showAlertHistory
    /// Restore the terminal and exit with status 0.
    case quit
}
