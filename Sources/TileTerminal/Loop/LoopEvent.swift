/// Why `EventLoop.wait(until:)` returned. One call can report several.
public enum LoopEvent: Equatable, Sendable {
    /// The user typed, clicked or resized the terminal.
    case input([InputEvent])
    /// SIGINT, SIGTERM or SIGHUP arrived: restore the terminal, save, exit 0.
    case signal(Int32)
    /// Some thread called `wakeUp()` (a background fetch finished, say). Several wake-ups
    /// before the loop runs arrive as one.
    case wake
    /// The deadline passed.
    case deadline
    /// The terminal's input hung up (the terminal window closed): exit. The loop stops
    /// watching input after reporting this once.
    case inputClosed
}
