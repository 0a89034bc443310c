// The built-in widgets and their services (widgets issue).
import TileUI
import TileKit
