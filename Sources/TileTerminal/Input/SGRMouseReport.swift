/// xterm's SGR mouse report (mode 1006), `ESC [ < button ; column ; row M` for a press (`m` for a
/// release), read from the characters ncurses hands over when its terminfo entry knows only the
/// X10 reports (`kmous=\E[M`, as tmux-256color): those carry a column in one byte, so a click
/// beyond column 223 is lost; SGR's decimal numbers have no limit. The primary button's release
/// ends a drag in edit mode.
enum SGRMouseReport {
    /// The event of the report that starts at `start` of `inputs` and how many inputs it spans;
    /// nil when no complete report starts there. A release or motion spans its inputs with no event.
    static func parse(_ inputs: ArraySlice<RawInput>) -> (event: InputEvent?, length: Int)? {
        var index = inputs.startIndex
        func next() -> UInt32? {
            guard index < inputs.endIndex, case .character(let code) = inputs[index] else { return nil }
            index += 1
            return code
        }
        guard next() == 0x1B, next() == UInt32(UInt8(ascii: "[")), next() == UInt32(UInt8(ascii: "<")) else { return nil }
        var numbers = [0]
        while let code = next() {
            switch code {
            case 0x30...0x39:
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(code - 0x30), 1_000_000)
            case UInt32(UInt8(ascii: ";")):
                guard numbers.count < 3 else { return nil }
                numbers.append(0)
            case UInt32(UInt8(ascii: "M")), UInt32(UInt8(ascii: "m")):
                guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
                let length = index - inputs.startIndex
                let isPress = code == UInt32(UInt8(ascii: "M"))
                if !isPress, numbers[0] & (3 | 32 | 64) == 0 {
                    return (.mouseRelease(x: numbers[1] - 1, y: numbers[2] - 1), length)
                }
                guard isPress, let button = button(numbers[0]) else { return (nil, length) }
                return (.mouse(x: numbers[1] - 1, y: numbers[2] - 1, button: button), length)
            default:
                return nil
            }
        }
        return nil
    }

    /// The button of a report's first number: the low two bits pick it, 64 marks the wheel,
    /// 32 motion (dropped, as ncurses' presses-only mask does); shift, meta and control are ignored.
    private static func button(_ code: Int) -> MouseButton? {
        guard code & 32 == 0 else { return nil }
        switch (code & 64 != 0, code & 3) {
        case (false, 0): return .left
        case (false, 1): return .middle
        case (false, 2): return .right
        case (true, 0): return .scrollUp
        case (true, 1): return .scrollDown
        default: return nil
        }
    }
}
