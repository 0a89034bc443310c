/// Wakes an `EventLoop` from any thread: hand it to background tasks, call `wakeUp()` when a
/// result is queued for the main loop.
public struct Waker: Sendable {
    let doorbell: Doorbell

    /// Makes the loop's `wait(until:)` return `.wake` soon. Thread-safe, never blocks.
    public func wakeUp() {
        doorbell.wake()
    }
}
