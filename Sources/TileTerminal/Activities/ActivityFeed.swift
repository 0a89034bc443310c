import FoundationEssentials
import TileKit

/// The live activities a board shows: its store as last read, and which of them show at a
/// moment (a run whose command vanished ends; one ended ``LiveActivity/linger`` ago goes).
final class ActivityFeed {
    private let store: ActivityStore
    private var stored: [LiveActivity] = []

    init(store: ActivityStore) {
        self.store = store
    }

    /// Whether the store held nothing when last read.
    var isEmpty: Bool { stored.isEmpty }

    /// Reads the store again; the activities that show at `now`.
    func read(now: Date) -> [LiveActivity] {
        stored = store.all()
        return shown(at: now)
    }

    /// Removes the ended activities from the store (the user dismissed them); their ids.
    func removeEnded(now: Date) -> [String] {
        store.removeEnded(at: now)
    }

    /// The activities last read that show at `now`.
    func shown(at now: Date) -> [LiveActivity] {
        stored.compactMap { $0.shown(at: now, isAlive: ActivityStore.isAlive) }
    }
}
