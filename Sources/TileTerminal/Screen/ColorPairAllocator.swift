/// Hands out terminal colour pairs for (foreground, background) combinations, which terminals
/// have a finite number of (64 on `xterm`, 65 535 on 256-colour and direct-colour terminals).
///
/// Pure bookkeeping, no ncurses: the caller initialises a pair when an assignment says so.
/// Each cell on screen holds a reference to its pair (`retain` when drawn, `release` when
/// overwritten); a pair whose last cell is gone stays defined for reuse and is recycled, least
/// recently released first, only when every pair has been handed out. A pair still on screen is
/// never redefined, because the terminal would recolour the cells that use it.
public struct ColorPairAllocator: Sendable {
    /// A foreground and background colour number as the terminal takes them; -1 is the default.
    public struct Colors: Hashable, Sendable {
        /// The foreground colour number, -1 for the terminal's default.
        public var foreground: Int32
        /// The background colour number, -1 for the terminal's default.
        public var background: Int32

        /// Pairs `foreground` with `background`.
        public init(foreground: Int32, background: Int32) {
            self.foreground = foreground
            self.background = background
        }

        /// The terminal's default colours, which pair 0 always holds.
        public static let terminalDefault = Colors(foreground: -1, background: -1)
    }

    /// The pair to draw with, and whether it must be (re)initialised to its colours first.
    public struct Assignment: Equatable, Sendable {
        /// The pair number: 0 for the default colours, otherwise 1...capacity.
        public let pair: Int32
        /// True when the pair is new or recycled: call `init_extended_pair` before drawing with it.
        public let needsInitialization: Bool

        /// An assignment of `pair`.
        public init(pair: Int32, needsInitialization: Bool) {
            self.pair = pair
            self.needsInitialization = needsInitialization
        }
    }

    /// How many pairs (besides pair 0) may be used: pairs are numbered 1...capacity.
    public let capacity: Int

    private var pairByColors: [Colors: Int32] = [:]
    /// Indexed by pair number; index 0 unused. These grow as pairs are handed out: a terminal's
    /// 65,535 pairs up front were 1.5 MiB written before the first frame, for the few dozen a
    /// board uses.
    private var colorsByPair: [Colors?]
    private var references: [Int32]
    /// The next pair never handed out yet.
    private var nextFresh: Int32 = 1
    /// Unreferenced defined pairs, a doubly linked list through `older`/`newer` (0 ends it).
    private var older: [Int32]
    private var newer: [Int32]
    private var oldestFree: Int32 = 0
    private var newestFree: Int32 = 0

    /// An allocator for pairs 1...`capacity` (0 or less: only the default pair exists).
    public init(capacity: Int) {
        self.capacity = max(0, min(capacity, Int(Int32.max) - 1))
        colorsByPair = [nil]
        references = [0]
        older = [0]
        newer = [0]
    }

    /// How many cells (or other holders) reference `pair` now.
    public func referenceCount(of pair: Int32) -> Int {
        pair > 0 && Int(pair) < references.count ? Int(references[Int(pair)]) : 0
    }

    /// The colours `pair` is defined with, or nil when it was never handed out.
    public func colors(of pair: Int32) -> Colors? {
        pair > 0 && Int(pair) < colorsByPair.count ? colorsByPair[Int(pair)] : nil
    }

    /// Takes one more reference to `pair`, which something already references: the next cell of
    /// a run in the same colours, without looking its colours up again.
    public mutating func retainAgain(_ pair: Int32) {
        guard pair > 0, Int(pair) <= capacity else { return }
        precondition(Int(pair) < references.count && references[Int(pair)] > 0, "ColorPairAllocator: pair \(pair) retained again while unreferenced")
        references[Int(pair)] += 1
    }

    /// Takes a reference to the pair for `colors`, defining or recycling one if needed.
    ///
    /// Returns nil when every pair is referenced by something on screen: the caller then draws
    /// with pair 0 (default colours) rather than recolour what is already there.
    public mutating func retain(_ colors: Colors) -> Assignment? {
        if colors == .terminalDefault { return Assignment(pair: 0, needsInitialization: false) }
        if let pair = pairByColors[colors] {
            if references[Int(pair)] == 0 { unlinkFree(pair) }
            references[Int(pair)] += 1
            return Assignment(pair: pair, needsInitialization: false)
        }
        let pair: Int32
        if Int(nextFresh) <= capacity {
            pair = nextFresh
            nextFresh += 1
            colorsByPair.append(nil)
            references.append(0)
            older.append(0)
            newer.append(0)
        } else if oldestFree != 0 {
            pair = oldestFree
            unlinkFree(pair)
            if let old = colorsByPair[Int(pair)] { pairByColors[old] = nil }
        } else {
            return nil
        }
        colorsByPair[Int(pair)] = colors
        pairByColors[colors] = pair
        references[Int(pair)] = 1
        return Assignment(pair: pair, needsInitialization: true)
    }

    /// Drops one reference to `pair`; pair 0 is ignored. A pair left without references becomes
    /// the most recently freed, recycled last.
    public mutating func release(_ pair: Int32) {
        guard pair > 0, Int(pair) <= capacity else { return }
        let index = Int(pair)
        precondition(index < references.count && references[index] > 0, "ColorPairAllocator: pair \(pair) released more often than retained")
        references[index] -= 1
        if references[index] == 0 { linkFree(pair) }
    }

    /// Drops every reference at once (a full redraw); pairs stay defined for reuse.
    public mutating func releaseAll() {
        for pair in 1..<Int32(nextFresh) where references[Int(pair)] > 0 {
            references[Int(pair)] = 0
            linkFree(pair)
        }
    }

    private mutating func linkFree(_ pair: Int32) {
        older[Int(pair)] = newestFree
        newer[Int(pair)] = 0
        if newestFree != 0 { newer[Int(newestFree)] = pair } else { oldestFree = pair }
        newestFree = pair
    }

    private mutating func unlinkFree(_ pair: Int32) {
        let before = older[Int(pair)], after = newer[Int(pair)]
        if before != 0 { newer[Int(before)] = after } else { oldestFree = after }
        if after != 0 { older[Int(after)] = before } else { newestFree = before }
        older[Int(pair)] = 0
        newer[Int(pair)] = 0
    }
}
