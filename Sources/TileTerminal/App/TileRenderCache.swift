import Foundation
import TileKit
import TileUI

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
    }

    private var drawn: [String: (key: Key, drawing: RetainedDrawing, nextChange: Date?)] = [:]
    /// Tiles whose entry changed since they were drawn (from `TimelineScheduler.processDue()`).
    private var stale: Set<String> = []

    /// Marks tiles whose entry or status changed.
    mutating func invalidate<S: Sequence>(_ ids: S) where S.Element == String {
        stale.formUnion(ids)
    }

    /// Whether tile `id` must be drawn again to show `key` at `now`.
    func needsRender(_ id: String, key: Key, now: Date) -> Bool {
        guard !stale.contains(id), let last = drawn[id], last.key == key else { return true }
        if let next = last.nextChange, next <= now { return true }
        return false
    }

    /// The last drawing of tile `id` when nothing but the time has changed since (same entry,
    /// same `key`): a live text's tick, which the drawing may follow in place.
    func tickingDrawing(_ id: String, key: Key) -> RetainedDrawing? {
        guard !stale.contains(id), let last = drawn[id], last.key == key else { return nil }
        return last.drawing
    }

    /// Records that tile `id` was drawn with `key` as `drawing`; its live text next changes at
    /// `nextChange`.
    mutating func didRender(_ id: String, key: Key, drawing: RetainedDrawing, nextChange: Date?) {
        drawn[id] = (key, drawing, nextChange)
        stale.remove(id)
    }

    /// When tile `id`'s live text next changes, as of its last drawing.
    func nextChange(of id: String) -> Date? {
        drawn[id]?.nextChange
    }
}
