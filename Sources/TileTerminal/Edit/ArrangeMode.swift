import TileKit
import TileUI

/// Edit mode (`E`): the board being arranged, what undo goes back to, and the gallery when it
/// is open. Every change is applied to the running board at once; leaving saves it.
public struct ArrangeMode: Equatable, Sendable {
    /// The board as arranged so far.
    public internal(set) var arrangement: BoardArrangement
    /// The board as edit mode found it: leaving without a change writes nothing.
    public let initial: BoardArrangement
    /// The arrangements before each change, the latest last (`u` goes back one).
    public internal(set) var history: [BoardArrangement] = []
    /// The gallery, while it is open (`a`).
    public internal(set) var gallery: WidgetGallery?
    /// The tile a mouse press picked up, until the button is released.
    public internal(set) var grabbed: String?
    /// Why the last save failed; a second Esc then leaves, keeping the board for this run only.
    public internal(set) var saveFailure: String?
    /// Open the edit form of this tile once the board is saved (`e` in edit mode).
    public internal(set) var editAfterSave: String?

    public init(arrangement: BoardArrangement) {
        self.arrangement = arrangement
        initial = arrangement
    }

    /// Whether the board differs from how edit mode found it.
    public var hasChanges: Bool { arrangement != initial }

    /// The keys of edit mode, for the status line.
    public static var keysHint: String { L("arrange.keys") }

    /// The key strip for a status line of `width` cells: the whole list where it fits, else
    /// shorter ones that always keep `?` (every key) and `Enter save`.
    public static func keysHint(fitting width: Int) -> String {
        let hints = [
            keysHint, L("arrange.keys_shorter"), L("arrange.keys_short"), L("arrange.keys_shortest"),
        ]
        return hints.first { $0.cellWidth <= width } ?? hints[hints.count - 1]
    }
}
