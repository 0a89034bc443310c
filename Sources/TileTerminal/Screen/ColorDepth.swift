import TileUI

/// How a terminal numbers colours, and how a cell's RGB colour becomes such a number.
///
/// Finer than `ColorMode`: 8-colour terminals (`xterm`, COLORS=8) report `.palette16` to the
/// rest of tiles but must not be sent the bright colours 8–15.
enum ColorDepth: Equatable, Sendable {
    /// Direct colour (`xterm-direct`): the colour number is 0xRRGGBB.
    case direct
    /// The xterm 256-colour palette.
    case indexed256
    /// The 16 ANSI colours.
    case indexed16
    /// The 8 normal ANSI colours.
    case indexed8
    /// No colour: attributes only.
    case none

    /// The depth for a terminal reporting `colors` (ncurses' COLORS), or none when colour is off.
    init(colors: Int, colorEnabled: Bool) {
        switch colors {
        case _ where !colorEnabled: self = .none
        case (1 << 24)...: self = .direct
        case 256...: self = .indexed256
        case 16...: self = .indexed16
        case 8...: self = .indexed8
        default: self = .none
        }
    }

    /// The mode the rest of tiles (ANSI rendering, theme decisions) sees.
    var colorMode: ColorMode {
        switch self {
        case .direct: .trueColor
        case .indexed256: .palette256
        case .indexed16, .indexed8: .palette16
        case .none: .none
        }
    }

    /// The terminal's number for `color`; -1 (the terminal's default) for nil or when colourless.
    func number(for color: RGBColor?) -> Int32 {
        guard let color else { return -1 }
        switch self {
        case .direct:
            // Direct-colour terminfo sends 0–7 as the ANSI colours (which users remap), so the
            // near-black values 0x000000–0x000007 get a red channel of 1 to stay RGB.
            let hex = Int32(color.hex)
            return hex < 8 ? hex | 0x01_0000 : hex
        case .indexed256: return Int32(ColorPalette.nearest256(color))
        case .indexed16: return Int32(ColorPalette.nearest16(color))
        case .indexed8: return Int32(ColorPalette.nearest8(color))
        case .none: return -1
        }
    }
}
