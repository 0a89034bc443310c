// TileKit: the widget runtime (widgets, families, timelines, the scheduler, cache and store).
// Re-exports TileUI so a widget needs one import.
@_exported import TileUI
