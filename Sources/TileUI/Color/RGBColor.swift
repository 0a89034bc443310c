import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
/// An opaque 24-bit colour as a terminal draws it: the resolved form of every `Color`.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// Parses `#RRGGBB` or `RRGGBB` (case-insensitive); nil for anything else.
    public init?(hexString: String) {
        var digits = Substring(hexString)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: value)
    }

    /// `0xRRGGBB`.
    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// `#rrggbb`.
    public var description: String {
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// This colour drawn with `alpha` over `base` (straight alpha, per channel, rounded).
    public func blended(over base: RGBColor, alpha: Double) -> RGBColor {
        let a = min(max(alpha, 0), 1)
        // Adding ½ and truncating rounds half up; both terms are non-negative. Inlined: gradients
        // blend every cell they paint.
        @inline(__always) func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8(Double(top) * a + Double(bottom) * (1 - a) + 0.5)
        }
        return RGBColor(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue))
    }

    /// The colour `fraction` of the way from `self` to `other` (0 is self, 1 is other).
    public func interpolated(to other: RGBColor, fraction: Double) -> RGBColor {
        other.blended(over: self, alpha: fraction)
    }

    /// Relative luminance in 0...1 (sRGB weights, no gamma), for contrast decisions.
    public var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }

    /// WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white).
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (wcagLuminance, other.wcagLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// WCAG 2's relative luminance: sRGB channels made linear, then weighted. The channels are
    /// looked up (`SRGB.linear`): dim text asks this for each of its cells, and six `pow` calls a
    /// colour showed in the first frame's profile (docs/performance.md).
    private var wcagLuminance: Double {
        0.2126 * SRGB.linear[Int(red)] + 0.7152 * SRGB.linear[Int(green)] + 0.0722 * SRGB.linear[Int(blue)]
    }

    /// Text of this colour made quieter over `background`: moved towards the background, as far as
    /// keeps a 3:1 contrast with it (at most 40% of the way). Text that is already below 3:1 stays
    /// as it is. This is what dim text gets over a known background, instead of the terminal's dim
    /// attribute, which darkens towards black whatever is beneath.
    public func dimmed(over background: RGBColor) -> RGBColor {
        for step in stride(from: 4, through: 1, by: -1) {
            let candidate = interpolated(to: background, fraction: Double(step) / 10)
            if candidate.contrastRatio(with: background) >= 3 { return candidate }
        }
        return self
    }

    public static let black = RGBColor(hex: 0x000000)
    public static let white = RGBColor(hex: 0xFFFFFF)
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, CaseIterable, Hashable, Sendable {
    case light
    case dark
}
