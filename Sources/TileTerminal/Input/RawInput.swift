/// Input as ncurses reports it, before decoding into `InputEvent`s.
public enum RawInput: Equatable, Sendable {
    /// `wget_wch` returned OK with this character (a Unicode scalar or a control code).
    case character(UInt32)
    /// `wget_wch` returned KEY_CODE_YES with this key code (`KEY_UP`, `KEY_F0 + n`, …).
    case keyCode(Int32)
    /// A mouse event from `getmouse`: 0-based cell and ncurses' `bstate` bits.
    case mouse(x: Int, y: Int, state: UInt)
    /// `KEY_RESIZE`, with the terminal's new size.
    case resize(width: Int, height: Int)
}

/// A source of terminal input the event loop can wait on: the terminal in the app, a fake in tests.
public protocol InputReading: AnyObject {
    /// The descriptor the board's reactor watches for readability (the terminal's stdin).
    var inputDescriptor: Int32 { get }
    /// Everything that can be read without blocking, oldest first; empty when nothing is pending.
    func readPendingInput() -> [RawInput]
}
