import CNcursesw
import Synchronization
import TileUI

/// The escape sequences a frame is written with, read once from the terminal's terminfo entry.
///
/// Parameterised sequences (colours, cursor addresses) are formatted by terminfo's own `tiparm`,
/// which is slow, so each colour is formatted once and kept; a cursor address
/// in the ANSI form every terminal tiles has met uses (`\E[%i%p1%d;%p2%dH`) is written directly.
/// Pure apart from the injected capability reader and formatter: tests read real entries.
struct TerminalSequences {
    /// Reads a string capability of the entry (`sgr0`, say), nil when the entry has none.
    typealias Capability = (String) -> String?
    /// Fills in a parameterised string capability with two parameters, nil when it is malformed.
    typealias Formatter = (String, Int32, Int32) -> String?

    /// Clears the screen and homes the cursor (`clear`).
    let clearScreen: [UInt8]
    /// Turns every attribute and colour off (`sgr0`); empty when the entry has none, and then
    /// no attribute is ever turned on.
    let resetStyle: [UInt8]
    /// Turns both colours back to the terminal's default (`op`); empty when the entry has none.
    let defaultColors: [UInt8]
    /// Whether writing the bottom-right cell would scroll the screen: automatic margins (`am`)
    /// without the xterm-style pending wrap (`xenl`). That cell is then left unwritten.
    let scrollsAtLastCell: Bool
    /// The attributes the entry can turn on (none without `sgr0`, which turns them off).
    let supportedAttributes: CellAttributes

    /// What moves the cursor one column to the left (`cub1`, a backspace in every common entry);
    /// empty when the entry has none. A tick that changes the digit the writer wrote last moves
    /// back over it with this instead of addressing it: 2 bytes instead of 9. (Settable for tests
    /// that check no other control byte is ever written.)
    var cursorLeft: [UInt8]

    private let attributeOn: [(attribute: CellAttributes, sequence: [UInt8])]
    private let cursorAddress: String
    private let writesANSIAddress: Bool
    private var foreground: ColorSequences?
    private var background: ColorSequences?
    private let format: Formatter

    /// The sequences of the entry `capability` and `flag` read; nil when it cannot address the
    /// cursor (`cup`), which `TerminalProfile` has already refused.
    init?(capability read: Capability, flag: (String) -> Bool, format: @escaping Formatter) {
        func capability(_ name: String) -> String? { read(name).map(Self.withoutPadding) }
        guard let cursorAddress = capability("cup") else { return nil }
        self.cursorAddress = cursorAddress
        writesANSIAddress = cursorAddress == "\u{1B}[%i%p1%d;%p2%dH"
        clearScreen = capability("clear").map { Array($0.utf8) } ?? []
        cursorLeft = capability("cub1").map { Array($0.utf8) } ?? []
        resetStyle = capability("sgr0").map { Array($0.utf8) } ?? []
        defaultColors = capability("op").map { Array($0.utf8) } ?? []
        scrollsAtLastCell = flag("am") && !flag("xenl")
        let attributes: [(CellAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "sitm"), (.underline, "smul"), (.reverse, "rev"),
        ]
        attributeOn = resetStyle.isEmpty ? [] : attributes.compactMap { attribute, name in
            capability(name).map { (attribute, Array($0.utf8)) }
        }
        supportedAttributes = attributeOn.reduce(into: []) { $0.insert($1.attribute) }
        // Without a way back to the default colours, colours once set would stay.
        let canReset = !resetStyle.isEmpty || !defaultColors.isEmpty
        foreground = canReset ? capability("setaf").map { ColorSequences(capability: $0, isBackground: false) } : nil
        background = canReset ? capability("setab").map { ColorSequences(capability: $0, isBackground: true) } : nil
        self.format = format
    }

    /// Whether the entry can set both colours.
    var hasColors: Bool { foreground != nil && background != nil }

    /// Whether both colour capabilities have a form tiles writes without terminfo.
    var formatsColorsItself: Bool { foreground?.hasKnownForm == true && background?.hasKnownForm == true }

    /// The entry's `setaf` and `setab`.
    var colorCapabilities: (foreground: String?, background: String?) { (foreground?.capability, background?.capability) }

    /// Appends what turns on each of `attributes` the entry supports.
    func appendAttributes(_ attributes: CellAttributes, to output: inout [UInt8]) {
        for entry in attributeOn where attributes.contains(entry.attribute) {
            output.append(contentsOf: entry.sequence)
        }
    }

    /// Appends what moves the cursor to column `x`, row `y` (0-based).
    func appendCursorAddress(x: Int, y: Int, to output: inout [UInt8]) {
        if writesANSIAddress {
            output.append(0x1B)
            output.append(UInt8(ascii: "["))
            Self.appendDecimal(y + 1, to: &output)
            output.append(UInt8(ascii: ";"))
            Self.appendDecimal(x + 1, to: &output)
            output.append(UInt8(ascii: "H"))
        } else if let address = format(cursorAddress, Int32(clamping: y), Int32(clamping: x)) {
            output.append(contentsOf: address.utf8)
        }
    }

    /// Appends what sets the foreground to colour `number` (not -1: the default is `defaultColors`).
    mutating func appendForeground(_ number: Int32, to output: inout [UInt8]) {
        foreground?.append(number, format: format, to: &output)
    }

    /// Appends what sets the background to colour `number` (not -1).
    mutating func appendBackground(_ number: Int32, to output: inout [UInt8]) {
        background?.append(number, format: format, to: &output)
    }

    /// One colour capability (`setaf`, `setab`): written directly when it is one of the forms
    /// every common entry uses (the xterm 256-colour form, xterm-direct's RGB form, the 8-colour
    /// form), otherwise formatted by terminfo once per colour and kept.
    private struct ColorSequences {
        let capability: String
        /// The capability's form when it is a known one.
        private let form: Form?
        /// The SGR parameter's tens for colours 0–7: 3 for `setaf`, 4 for `setab`.
        private let base: Int
        private var byIndex: [[UInt8]?] = Array(repeating: nil, count: 256)
        private var byValue: [Int32: [UInt8]] = [:]

        private enum Form {
            /// `\E[3Nm` for 0–7, `\E[9Nm` for 8–15, `\E[38;5;Nm` beyond (`setab`: 4, 10, 48).
            case palette
            /// `\E[3Nm` for 0–7, `\E[38:2::R:G:Bm` beyond, N being 0xRRGGBB (`setab`: 4, 48).
            case direct
            /// `\E[3Nm` only (`setab`: 4).
            case eight
        }

        init(capability: String, isBackground: Bool) {
            self.capability = capability
            let (base, bright, extended) = isBackground ? ("4", "10", "48") : ("3", "9", "38")
            switch capability {
            case "\u{1B}[%?%p1%{8}%<%t\(base)%p1%d%e%p1%{16}%<%t\(bright)%p1%{8}%-%d%e\(extended);5;%p1%d%;m":
                form = .palette
            case "\u{1B}[%?%p1%{8}%<%t\(base)%p1%d%e\(extended):2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m":
                form = .direct
            case "\u{1B}[\(base)%p1%dm":
                form = .eight
            default:
                form = nil
            }
            self.base = isBackground ? 4 : 3
        }

        var hasKnownForm: Bool { form != nil }

        mutating func append(_ number: Int32, format: Formatter, to output: inout [UInt8]) {
            if let form {
                return Self.append(number, form: form, base: base, to: &output)
            }
            let isIndex = number >= 0 && number < 256
            if let bytes = isIndex ? byIndex[Int(number)] : byValue[number] { return output.append(contentsOf: bytes) }
            let bytes = format(capability, number, 0).map { Array($0.utf8) } ?? []
            if isIndex { byIndex[Int(number)] = bytes } else { byValue[number] = bytes }
            output.append(contentsOf: bytes)
        }

        /// What terminfo's `tiparm` makes of the capability of `form` with `number` (a test
        /// compares them over every palette number and a sample of RGB values).
        private static func append(_ number: Int32, form: Form, base: Int, to output: inout [UInt8]) {
            let value = Int(number)
            output.append(0x1B)
            output.append(UInt8(ascii: "["))
            switch form {
            case .eight:
                TerminalSequences.appendDecimal(base * 10 + value, to: &output)
            case .palette, .direct:
                if value < 8 {
                    TerminalSequences.appendDecimal(base * 10 + value, to: &output)
                } else if form == .palette && value < 16 {
                    TerminalSequences.appendDecimal((base + 6) * 10 + value - 8, to: &output)
                } else if form == .palette {
                    TerminalSequences.appendDecimal(base * 10 + 8, to: &output)
                    output.append(contentsOf: ";5;".utf8)
                    TerminalSequences.appendDecimal(value, to: &output)
                } else {
                    TerminalSequences.appendDecimal(base * 10 + 8, to: &output)
                    output.append(contentsOf: ":2::".utf8)
                    TerminalSequences.appendDecimal(value / 65536, to: &output)
                    output.append(UInt8(ascii: ":"))
                    TerminalSequences.appendDecimal(value / 256 & 255, to: &output)
                    output.append(UInt8(ascii: ":"))
                    TerminalSequences.appendDecimal(value & 255, to: &output)
                }
            }
            output.append(UInt8(ascii: "m"))
        }
    }

    /// `capability` without its padding (`$<5>`, `$<2*/>`): delays for hardware terminals, which
    /// terminfo's `tputs` turns into waits and a terminal would print.
    static func withoutPadding(_ capability: String) -> String {
        guard capability.contains(utf8: "$<") else { return capability }
        var bytes = Array(capability.utf8)[...]
        var result: [UInt8] = []
        while let byte = bytes.first {
            if byte == UInt8(ascii: "$"), bytes.dropFirst().first == UInt8(ascii: "<"),
               let close = bytes.firstIndex(of: UInt8(ascii: ">")) {
                let delay = bytes[(bytes.startIndex + 2)..<close]
                let isDelay = !delay.isEmpty && delay.allSatisfy { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                if isDelay {
                    bytes = bytes[(close + 1)...]
                    continue
                }
            }
            result.append(byte)
            bytes = bytes.dropFirst()
        }
        return String(decoding: result, as: UTF8.self)
    }

    fileprivate static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &output) }
        output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

extension TerminalSequences {
    /// The sequences of the terminfo entry set up last (by `newterm` or `setupterm`).
    static func ofCurrentEntry() -> TerminalSequences? {
        TerminalSequences(
            capability: { name in tiles_terminfo_string(name).map { String(cString: $0) } },
            flag: { name in tiles_terminfo_flag(name) == 1 },
            format: formatWithTerminfo
        )
    }

    /// `capability` with its parameters filled in by terminfo's `tiparm`.
    static func formatWithTerminfo(_ capability: String, _ first: Int32, _ second: Int32) -> String? {
        // tiparm formats into one static buffer: two threads at once would mix their output.
        terminfo.withLock { _ in tiles_tiparm2(capability, first, second).map { String(cString: $0) } }
    }

    /// The sequences of the installed entry `name`, read without a terminal; nil when there is
    /// no such entry. Not while a `Terminal` exists: terminfo has one current entry.
    static func ofEntry(named name: String) -> TerminalSequences? {
        terminfo.withLock { _ in
            guard tiles_setup_terminfo(name) == 0 else { return nil }
            defer { tiles_release_terminfo() }
            return ofCurrentEntry()
        }
    }

    /// Held while terminfo's globals are used: the current entry, tiparm's buffer.
    private static let terminfo = Mutex(())
}
