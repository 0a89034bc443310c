import Synchronization

/// Values handed in from any thread and taken all at once by the one thread that owns the work
/// (the scheduler's completions, the board's status-line messages).
public final class TakeAllQueue<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    public init() {}

    /// Adds `element` after those handed in before it.
    public func append(_ element: Element) { elements.withLock { $0.append(element) } }

    /// Everything handed in so far, oldest first, leaving the queue empty.
    public func takeAll() -> [Element] { elements.withLock { all in defer { all = [] }; return all } }
}
