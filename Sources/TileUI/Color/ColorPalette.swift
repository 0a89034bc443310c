/// The xterm 256-colour palette and nearest-colour matching, for terminals without RGB.
///
/// Indices 0–15 are the ANSI colours with xterm's default values, 16–231 a 6×6×6 cube and
/// 232–255 a ramp of 24 grays. Distances use the "redmean" weighted RGB metric, which tracks
/// perceived difference far better than plain Euclidean RGB at the same cost.
public enum ColorPalette {
    /// The six channel values of the colour cube, index 0…5.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's defaults for the 16 ANSI colours (normal 0–7, bright 8–15).
    static let ansi16: [RGBColor] = [
        RGBColor(hex: 0x000000), RGBColor(hex: 0xCD0000), RGBColor(hex: 0x00CD00), RGBColor(hex: 0xCDCD00),
        RGBColor(hex: 0x0000EE), RGBColor(hex: 0xCD00CD), RGBColor(hex: 0x00CDCD), RGBColor(hex: 0xE5E5E5),
        RGBColor(hex: 0x7F7F7F), RGBColor(hex: 0xFF0000), RGBColor(hex: 0x00FF00), RGBColor(hex: 0xFFFF00),
        RGBColor(hex: 0x5C5CFF), RGBColor(hex: 0xFF00FF), RGBColor(hex: 0x00FFFF), RGBColor(hex: 0xFFFFFF),
    ]

    /// All 256 entries. An immutable array of a Sendable type, so safe to share under Swift 6.
    static let table: [RGBColor] = {
        var colors = ansi16
        colors.reserveCapacity(256)
        for r in cubeLevels {
            for g in cubeLevels {
                for b in cubeLevels {
                    colors.append(RGBColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b)))
                }
            }
        }
        for step in 0..<24 {
            let level = UInt8(8 + 10 * step)
            colors.append(RGBColor(red: level, green: level, blue: level))
        }
        return colors
    }()

    /// The RGB value xterm draws for palette index `index`.
    public static func color(ofIndex index: UInt8) -> RGBColor {
        table[Int(index)]
    }

    /// The closest entry among 16…255. Never returns 0–15: terminals and users remap those
    /// (themes, Solarized, …), while the cube and the gray ramp are drawn as xterm defines them.
    public static func nearest256(_ c: RGBColor) -> UInt8 {
        let r = Int(c.red), g = Int(c.green), b = Int(c.blue)
        var best = (distance: Int.max, index: 0)
        func consider(_ index: Int, _ cr: Int, _ cg: Int, _ cb: Int) {
            let d = distance(r, g, b, cr, cg, cb)
            if d < best.distance || (d == best.distance && index < best.index) { best = (d, index) }
        }
        // Only the two cube levels bracketing each channel can win: a level further out adds
        // more on its own channel than redmean's shifting red/blue weights can save. Checked
        // against a full scan for all 2^24 colours once; a test keeps checking a grid of them.
        for ri in bracket(r) {
            for gi in bracket(g) {
                for bi in bracket(b) {
                    consider(16 + 36 * ri + 6 * gi + bi, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
                }
            }
        }
        // The gray ramp is short enough to scan; a gray's best match is not simply the nearest
        // to the average channel once the weights differ.
        for step in 0..<24 {
            let level = 8 + 10 * step
            consider(232 + step, level, level, level)
        }
        return UInt8(best.index)
    }

    /// The closest of the 16 ANSI colours (xterm defaults), for `palette16` terminals.
    public static func nearest16(_ c: RGBColor) -> UInt8 {
        nearest(c, among: 16)
    }

    /// The closest of the 8 normal ANSI colours (xterm defaults), for 8-colour terminals.
    public static func nearest8(_ c: RGBColor) -> UInt8 {
        nearest(c, among: 8)
    }

    /// The ANSI entries without hue: black, white, bright black, bright white.
    private static let achromatic: Set<Int> = [0, 7, 8, 15]

    /// Below this spread between the largest and smallest channel a colour reads as gray.
    private static let grayChroma = 32

    /// Linear scan of the first `count` ANSI colours; ties go to the lower index.
    private static func nearest(_ c: RGBColor, among count: Int) -> UInt8 {
        let r = Int(c.red), g = Int(c.green), b = Int(c.blue)
        // Redmean alone sends mid grays to cyan among 8 colours (#808080 is nearer #00CDCD than
        // #E5E5E5), and gray text turning cyan is worse than a gray a little too light or dark.
        let isGray = max(r, g, b) - min(r, g, b) < grayChroma
        var bestIndex = 0
        var bestDistance = Int.max
        for index in 0..<count where !isGray || achromatic.contains(index) {
            let candidate = ansi16[index]
            let d = distance(r, g, b, Int(candidate.red), Int(candidate.green), Int(candidate.blue))
            if d < bestDistance {
                bestDistance = d
                bestIndex = index
            }
        }
        return UInt8(bestIndex)
    }

    /// The indices (0…5) of the cube levels at or around `value`: one when it hits a level exactly.
    private static func bracket(_ value: Int) -> ClosedRange<Int> {
        guard value >= 95 else { return 0...1 }
        // Levels from 95 up are 40 apart.
        let lower = min(1 + (value - 95) / 40, 5)
        return lower...min(lower + 1, 5)
    }

    /// The "redmean" distance, scaled by 256 and kept in integers: red and blue weigh between
    /// 2 and 3 depending on how red the pair is, green always 4.
    static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let redMean = (r1 + r2) / 2
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return (512 + redMean) * dr * dr + 1024 * dg * dg + (767 - redMean) * db * db
    }
}
