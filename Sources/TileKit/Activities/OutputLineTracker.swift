/// The last line a command printed, read from its UTF-8 output bytes as they pass: escape
/// sequences (CSI, OSC and the like, also in their C1 forms U+009B and U+009D) are dropped, and a
/// carriage return starts the line again, as a progress bar redrawn in place would show it.
public struct OutputLineTracker: Sendable {
    /// The line being written now, in bytes.
    private var current: [UInt8] = []
    /// The last line that ended (with a line feed), or that a carriage return started again.
    private var finished: [UInt8] = []
    private var state = State.text

    private enum State: Sendable {
        case text
        /// After 0xC2, the lead byte of U+0080…U+00BF: the C1 controls among them start sequences.
        case c1Lead
        case escape
        /// Inside a control sequence (`ESC [ … final`).
        case controlSequence
        /// Inside a string (`ESC ] …`, `ESC P …`) until BEL or ST.
        case string
        /// An ESC inside a string: ST when a `\` follows.
        case stringEscape
    }

    /// The longest line kept, in bytes: a line longer than this keeps its start.
    static let byteLimit = 4096

    public init() {}

    /// Takes the next bytes of output.
    public mutating func take(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            switch state {
            case .text:
                switch byte {
                case 0x1B: state = .escape
                case 0x0A, 0x0D: endLine()
                case 0xC2: state = .c1Lead
                default:
                    if byte >= 0x20 || byte == 0x09 { append(byte) }
                }
            case .c1Lead:
                switch byte {
                case 0x9B: state = .controlSequence
                case 0x9D, 0x90, 0x9E, 0x9F: state = .string
                case 0x80...0x9F: state = .text  // another C1 control: dropped
                default:
                    state = .text
                    append(0xC2)
                    take(CollectionOfOne(byte))
                }
            case .escape:
                switch byte {
                case UInt8(ascii: "["): state = .controlSequence
                case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"): state = .string
                default: state = byte >= 0x20 && byte < 0x30 ? .escape : .text
                }
            case .controlSequence:
                if byte >= 0x40 && byte <= 0x7E || byte < 0x20 { state = .text }
            case .string:
                if byte == 0x07 { state = .text } else if byte == 0x1B { state = .stringEscape }
            case .stringEscape:
                state = byte == UInt8(ascii: "\\") ? .text : .string
            }
        }
    }

    /// The last line with text on it: the one being written when it has any, else the last
    /// finished one.
    public var lastLine: String {
        let bytes = current.contains(where: { $0 != 0x20 && $0 != 0x09 }) ? current : finished
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func append(_ byte: UInt8) {
        if current.count < Self.byteLimit { current.append(byte) }
    }

    private mutating func endLine() {
        if current.contains(where: { $0 != 0x20 && $0 != 0x09 }) { finished = current }
        current.removeAll(keepingCapacity: true)
    }
}
