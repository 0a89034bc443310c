import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Remembers what each tile was last drawn with, so a frame lays out only the tiles whose entry,
/// family, scheme, theme, placeholder state or live text changed (docs/design.md "Data flow").
struct TileRenderCache {
    /// Everything a tile's drawing depends on besides its entry.
    struct Key: Equatable {
        var family: WidgetFamily
        var sizeClass: SizeClass = .regular
        var scheme: ColorScheme
        var theme: Theme
        var isPlaceholder: Bool
        /// The entry drawn (nil: the placeholder, which has no revision).
        var entry: EntryRevision? = nil
        /// For a placeholder, the start of the local day it was made on. A placeholder is made from
        /// the moment (a date, drawn redacted) and has no revision: it is drawn again when the day
        /// changes, not when its service's retry starts or fails (docs/design.md, "Data flow").
        var placeholderDay: Date? = nil
        /// The presses whose result the tile does not show yet (a toggle's optimistic state).
        var pendingActions = PendingActions()
        /// The page of its list the tile shows (`EnvironmentValues.listPage`).
        var listPage = 0
    }

    private var drawn: [String: (key: Key, drawing: RetainedDrawing, nextChange: Date?)] = [:]
    /// Tiles that must be rendered again in full (a configuration edit), not only ticked.
    private var forced: Set<String> = []

    /// Drops what it holds of tiles not in `ids` (tiles a configuration edit removed).
    mutating func forgetAll(except ids: Set<String>) {
        drawn = drawn.filter { ids.contains($0.key) }
        forced.formIntersection(ids)
    }

    /// Marks tiles that must be rendered again in full.
    mutating func invalidate<S: Sequence>(_ ids: S) where S.Element == String {
        forced.formUnion(ids)
    }

    /// Whether tile `id` must be drawn again to show `key` at `now`.
    ///
    /// What `processDue()` reports shows in the key: a new entry is another revision, a placeholder
    /// of another day another `placeholderDay`, and a status (loading, stale, failed) is drawn by
    /// the board around the tile, not by it. So a tile whose service is retried and fails is not
    /// laid out again on every attempt, whether it shows an entry or its placeholder.
    func needsRender(_ id: String, key: Key, now: Date) -> Bool {
        guard !forced.contains(id), let last = drawn[id], last.key == key else { return true }
        if let next = last.nextChange, next <= now { return true }
        return false
    }

    /// The last drawing of tile `id` when nothing but the time has changed since (the same
    /// entry, not the placeholder, the same `key`): a live text's tick, which the drawing may
    /// follow in place.
    func tickingDrawing(_ id: String, key: Key) -> RetainedDrawing? {
        guard drawn[id]?.key == key else { return nil }
        return tickingDrawing(id)
    }

    /// The last drawing of tile `id` when it shows an entry and nothing forces a full render: for
    /// a tick while nothing else happened since that drawing (so its key still holds).
    func tickingDrawing(_ id: String) -> RetainedDrawing? {
        guard !forced.contains(id), let last = drawn[id], last.key.entry != nil else { return nil }
        return last.drawing
    }

    /// Records that tile `id`'s last drawing followed its live text's tick in place; the text
    /// next changes at `nextChange`.
    mutating func didTick(_ id: String, nextChange: Date?) {
        guard drawn[id] != nil else { return }
        drawn[id]?.nextChange = nextChange
    }

    /// Records that tile `id` was drawn with `key` as `drawing`; its live text next changes at
    /// `nextChange`.
    mutating func didRender(_ id: String, key: Key, drawing: RetainedDrawing, nextChange: Date?) {
        drawn[id] = (key, drawing, nextChange)
        forced.remove(id)
    }

    /// When tile `id`'s live text next changes, as of its last drawing.
    func nextChange(of id: String) -> Date? {
        drawn[id]?.nextChange
    }
}
