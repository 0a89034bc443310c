import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Several widgets in one tile, one shown at a time, rotated by relevance (docs/rules.md B6.3):
/// deterministic, at most once per `rotationInterval`, never soon after the user scrolled it.
public struct SmartStack: Sendable, Hashable {
    /// Tile ids in stack order.
    public private(set) var members: [String]
    /// The index of the member on top.
    public private(set) var topIndex = 0
    /// Whether the stack may rotate by itself (Smart Rotate).
    public var smartRotate: Bool
    /// The least time between rotations, and after a user scroll (default 15 min).
    public var rotationInterval: TimeInterval
    /// When the stack last rotated or was scrolled.
    public private(set) var lastChange: Date?

    public init(members: [String], smartRotate: Bool = true, rotationInterval: TimeInterval = 15 * 60) {
        self.members = members
        self.smartRotate = smartRotate
        self.rotationInterval = rotationInterval
    }

    /// The id of the member on top.
    public var top: String? { members.isEmpty ? nil : members[topIndex] }

    /// When a rotation could next happen: the end of the quiet interval after the last rotation
    /// or scroll, when that is still ahead of `now` and a member other than the top has relevance
    /// (`scores`, in member order); nil otherwise. The board sleeps until then, never polling.
    public func nextRotationDate(after now: Date, scores: [Double]) -> Date? {
        guard smartRotate, let lastChange, scores.count == members.count else { return nil }
        let end = lastChange.addingTimeInterval(rotationInterval)
        guard end > now, scores.indices.contains(where: { $0 != topIndex && scores[$0] > scores[topIndex] }) else { return nil }
        return end
    }

    /// The user scrolled the stack by `offset` members (wrapping).
    public mutating func scroll(by offset: Int, at now: Date) {
        guard !members.isEmpty else { return }
        topIndex = ((topIndex + offset) % members.count + members.count) % members.count
        lastChange = now
    }

    /// Brings the most relevant member to the top when rotation is allowed. Returns whether the
    /// top changed. `entries` gives each member's retained entries.
    public mutating func rotateIfDue(at now: Date, entries: (String) -> [AnyTimelineEntry]) -> Bool {
        rotateIfDue(at: now, scores: members.map { Self.normalizedRelevance(of: entries($0), at: now) })
    }

    /// Brings the most relevant member to the top when rotation is allowed, from each member's
    /// normalized relevance (`normalizedRelevance(of:at:)`, in member order). Returns whether the
    /// top changed.
    public mutating func rotateIfDue(at now: Date, scores: [Double]) -> Bool {
        guard smartRotate, !members.isEmpty, scores.count == members.count else { return false }
        if let lastChange, now.timeIntervalSince(lastChange) < rotationInterval { return false }
        // Largest score wins; ties favour the current top, then stack order.
        var best = topIndex
        for index in members.indices where scores[index] > scores[best] {
            best = index
        }
        guard scores[best] > 0, best != topIndex else { return false }
        topIndex = best
        lastChange = now
        return true
    }

    /// The active entry's score over the widget's highest retained score, or 0 when the active
    /// entry has no score or its relevance window has passed (B6.3 steps 1–2).
    public static func normalizedRelevance(of entries: [AnyTimelineEntry], at now: Date) -> Double {
        let sorted = entries.sorted { $0.date < $1.date }
        guard let activeIndex = sorted.lastIndex(where: { $0.date <= now }),
              let relevance = sorted[activeIndex].relevance else { return 0 }
        let start = sorted[activeIndex].date
        let end: Date? = relevance.duration > 0
            ? start.addingTimeInterval(relevance.duration)
            : (activeIndex + 1 < sorted.count ? sorted[activeIndex + 1].date : nil)
        if let end, now > end { return 0 }
        let maximum = sorted.compactMap { $0.relevance?.score }.max() ?? 0
        guard maximum > 0 else { return 0 }
        return Double(relevance.score) / Double(maximum)
    }
}
