// The widget runtime: widgets, families, timelines and the scheduler (TileKit issue).
@_exported import TileUI
