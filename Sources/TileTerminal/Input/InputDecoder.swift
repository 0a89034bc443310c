import CNcursesw

/// Turns ncurses' raw input into `InputEvent`s. Pure: no ncurses call happens here.
///
/// Consecutive printable scalars of one read are joined into graphemes first, so an emoji with
/// a variation selector, a flag or a letter with a combining accent arrives as one `.character`.
/// SGR mouse reports that ncurses passes on as characters become clicks (`SGRMouseReport`).
public struct InputDecoder: Sendable {
    /// A decoder; it keeps no state between reads.
    public init() {}

    /// The events for `inputs`, in order; inputs that mean nothing to tiles (mouse releases,
    /// unmapped key codes) are dropped.
    public func decode(_ inputs: [RawInput]) -> [InputEvent] {
        var events: [InputEvent] = []
        var text = String.UnicodeScalarView()
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(text) { events.append(.key(.character(character))) }
            text.removeAll()
        }
        var index = inputs.startIndex
        while index < inputs.endIndex {
            let input = inputs[index]
            if case .character(let code) = input, Self.control(code) == nil, let scalar = Unicode.Scalar(code) {
                text.append(scalar)
                index += 1
                continue
            }
            flushText()
            if input == .character(0x1B), let report = SGRMouseReport.parse(inputs[index...]) {
                if let event = report.event { events.append(event) }
                index += report.length
                continue
            }
            if let event = Self.event(for: input) { events.append(event) }
            index += 1
        }
        flushText()
        return events
    }

    /// The event for one raw input, or nil when tiles has no use for it.
    public static func event(for input: RawInput) -> InputEvent? {
        switch input {
        case .character(let code):
            if let key = control(code) { return .key(key) }
            return Unicode.Scalar(code).map { .key(.character(Character($0))) }
        case .keyCode(let code):
            return key(forKeyCode: code).map { .key($0) }
        case .mouse(let x, let y, let state):
            if mmask_t(state) & tiles_button1_released() != 0 { return .mouseRelease(x: x, y: y) }
            return mouseButton(forState: state).map { .mouse(x: x, y: y, button: $0) }
        case .resize(let width, let height):
            return .resize(width: width, height: height)
        }
    }

    /// The key for a C0 control code or DEL; nil for printable characters.
    ///
    /// The terminal runs in raw mode, so Ctrl-C arrives here as 3 (`.control("c")`) rather than
    /// as SIGINT. Ctrl-H (8) and DEL (127) are both backspace, as terminals differ on which they send.
    public static func control(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 28: return .control("\\")
        case 29: return .control("]")
        case 30: return .control("^")
        case 31: return .control("_")
        default: return nil
        }
    }

    /// The key for an ncurses key code (`KEY_CODE_YES` results); nil for keys tiles does not bind.
    public static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case tiles_key_f(1)...tiles_key_f(63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// The button a mouse event's `bstate` presses; nil for releases and motion, so that one
    /// click is one event (the terminal runs with `mouseinterval(0)`: presses and releases apart).
    public static func mouseButton(forState state: UInt) -> MouseButton? {
        let state = mmask_t(state)
        let pressed: [(mmask_t, MouseButton)] = [
            (tiles_button1_pressed() | tiles_button1_clicked(), .left),
            (tiles_button2_pressed() | tiles_button2_clicked(), .middle),
            (tiles_button3_pressed() | tiles_button3_clicked(), .right),
            (tiles_button4_pressed(), .scrollUp),
            (tiles_button5_pressed(), .scrollDown),
        ]
        return pressed.first { state & $0.0 != 0 }?.1
    }
}
