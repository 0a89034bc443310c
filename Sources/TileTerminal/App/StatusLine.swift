import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// The status line's content (one row at the bottom): a message or the focused tile's state on
/// the left, the page dots and the help hint on the right. Pure: a function of the state and now.
public struct StatusLine: Equatable, Sendable {
    /// The left part: the message, hint-mode prompt, focused tile or a stale tile's reason.
    public var text: String
    /// Whether `text` reports a problem (drawn in the stale colour).
    public var isError: Bool
    /// The right part: page dots (when there is more than one page), `E edit` and `? help`.
    public var trailing: String
    /// Whether `text` is a message, gone at the next key: one too long for the row wraps over
    /// the board's last rows (`DashboardView.messageRows`).
    public var isMessage: Bool

    /// The status line for `state` at `now`.
    public init(state: DashboardState, now: Date) {
        let (leading, isError) = Self.leading(state: state, now: now)
        // Messages carry file names, config values and services' words: never a live escape.
        text = leading.escapingControlCharacters()
        self.isError = isError
        isMessage = state.message != nil
        let pages = state.layout.isTooSmall ? 1 : state.layout.pages.count
        // Edit mode's key is shown on the board while no message needs the room.
        let help = if case .board = state.mode, state.message == nil { L("status.edit_help") } else { L("status.help") }
        trailing = pages > 1 ? Self.pageDots(count: pages, current: state.page) + "  " + help : help
    }

    /// `● ○ ○`: one dot per page, the page shown filled.
    public static func pageDots(count: Int, current: Int) -> String {
        (0..<count).map { $0 == current ? "●" : "○" }.joined(separator: " ")
    }

    /// How long a tile has been failing, in the language in use: `<1 min`, `12 min`, `3 h`, `2 d`.
    public static func age(since: Date, now: Date) -> String {
        guard let (count, unit) = elapsed(since: since, now: now) else { return L("age.under_a_minute") }
        return L(unit == "m" ? "age.minutes" : unit == "h" ? "age.hours" : "age.days", ["count": String(count)])
    }

    /// The age in a stale badge: `<1m`, `12m`, `3h`, `2d`.
    public static func shortAge(since: Date, now: Date) -> String {
        guard let (count, unit) = elapsed(since: since, now: now) else { return "<1m" }
        return "\(count)\(unit)"
    }

    /// Whole minutes below an hour, hours below two days, else days; nil below a minute.
    private static func elapsed(since: Date, now: Date) -> (count: Int, unit: String)? {
        let minutes = Int(max(0, now.timeIntervalSince(since)) / 60)
        if minutes < 1 { return nil }
        if minutes < 60 { return (minutes, "m") }
        if minutes < 48 * 60 { return (minutes / 60, "h") }
        return (minutes / (24 * 60), "d")
    }

    /// A stale tile's reason with its age: `offline · 12 min`; nil when the tile is not stale.
    public static func staleText(_ status: InstanceStatus?, now: Date) -> String? {
        guard let status, status.isStale else { return nil }
        let reason = status.reason ?? L("status.stale_reason")
        guard let since = status.since else { return reason }
        return "\(reason) · \(age(since: since, now: now))"
    }

    private static func leading(state: DashboardState, now: Date) -> (String, Bool) {
        if let message = state.message { return (message.text, message.isError) }
        if let error = state.configError { return (L("status.config_not_applied", ["reason": error]), true) }
        if case .edit(let form) = state.mode { return (L("status.editing", ["tile": form.tileID]), false) }
        if case .arrange(let arranging) = state.mode {
            if arranging.gallery != nil { return (L("status.gallery"), false) }
            let focus = state.focusedID.flatMap { id in state.tile(id).map { " · \(id) \($0.family.displayName)" } } ?? ""
            // The padding, the spacing and `? help` at the right take 10 cells.
            return (ArrangeMode.keysHint(fitting: state.screen.width - 10 - focus.cellWidth) + focus, false)
        }
        if case .prompt(let prompt) = state.mode { return ("\(prompt.tileID): \(prompt.prompt)", false) }
        if case .hints(_, let typed) = state.mode {
            return (typed.isEmpty ? L("status.hints") : L("status.hints_typed", ["typed": typed]), false)
        }
        if let id = state.focusedID, let tile = state.tile(id) {
            var text = "\(id) · \(tile.family.displayName)"
            if let stack = tile.stack { text += " · \(tile.kind) \(stack.topIndex + 1)/\(stack.members.count) (< > to scroll)" }
            if let stale = staleText(tile.status, now: now) { return (text + " · " + stale, true) }
            if tile.status?.isLoading == true { text += " · " + L("status.loading") }
            return (text, false)
        }
        // Every stale tile counts, on this page or another; the first one on the page says why.
        let stale = state.tiles.filter { $0.status?.isStale == true }
        guard !stale.isEmpty else { return ("", false) }
        let shown = state.visibleTileIDs.first { id in stale.contains { $0.id == id } } ?? stale[0].id
        let reason = staleText(state.tile(shown)?.status, now: now).map { "\(shown): \($0)" } ?? shown
        return (stale.count == 1 ? reason : L("status.stale_tiles", ["count": "\(stale.count)", "reason": reason]), true)
    }
}

/// The status line drawn as a TileUI view, one row high.
struct StatusLineView: View {
    var line: StatusLine

    var body: some View {
        HStack(spacing: 2) {
            Text(verbatim: line.text)
                .lineLimit(1)
                .foregroundColor(Color(line.isError ? "status.stale" : "status.text"))
            Spacer(minLength: 0)
            Text(verbatim: line.trailing)
                .lineLimit(1)
                .foregroundColor(Color("status.text"))
                .layoutPriority(1)
        }
        .padding(.horizontal, 1)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color("status.background"))
    }
}
