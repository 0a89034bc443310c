import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How often one tile's provider may be asked for a timeline (docs/rules.md B3.7).
public struct ReloadBudget: Sendable, Hashable {
    /// Budgeted reloads allowed per rolling window (default 60).
    public var limit: Int
    /// The rolling window (default 24 h).
    public var window: TimeInterval
    /// The least time between two budgeted reloads (default 5 min).
    public var minimumInterval: TimeInterval

    public init(limit: Int = 60, window: TimeInterval = 24 * 3600, minimumInterval: TimeInterval = 5 * 60) {
        self.limit = max(1, limit)
        self.window = window
        self.minimumInterval = max(0, minimumInterval)
    }
}

/// The budgeted reloads one tile has made, and when the next may happen.
struct ReloadLedger: Sendable {
    let budget: ReloadBudget
    /// Start times of budgeted reloads inside the window, oldest first.
    private(set) var history: [Date] = []

    init(budget: ReloadBudget) {
        self.budget = budget
    }

    /// The earliest time at or after `date` when a budgeted reload is allowed.
    func earliestAllowed(atOrAfter date: Date) -> Date {
        var earliest = date
        if let last = history.last {
            earliest = max(earliest, last.addingTimeInterval(budget.minimumInterval))
        }
        let recent = history.filter { $0 > earliest.addingTimeInterval(-budget.window) }
        if recent.count >= budget.limit {
            // The window must slide past enough old reloads to free one slot.
            let freeing = recent[recent.count - budget.limit]
            earliest = max(earliest, freeing.addingTimeInterval(budget.window))
        }
        return earliest
    }

    mutating func record(_ date: Date) {
        history.append(date)
        history.removeAll { $0 <= date.addingTimeInterval(-budget.window) }
    }
}
