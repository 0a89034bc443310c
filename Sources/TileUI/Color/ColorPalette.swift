import Synchronization

/// The xterm 256-colour palette and nearest-colour matching, for terminals without RGB.
///
/// Indices 0–15 are the ANSI colours with xterm's default values, 16–231 a 6×6×6 cube and
/// 232–255 a ramp of 24 grays. Distances are measured in OKLab, where they follow perceived
/// difference (RGB distances send dark blues to gray or teal and dark ambers to red).
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

    /// The closest entry among 16…255 by perceptual distance (`OKLab`, hue and colourfulness
    /// weighed over lightness). Never returns 0–15: terminals and users remap those (themes,
    /// Solarized, …), while the cube and the gray ramp are drawn as xterm defines them.
    public static func nearest256(_ c: RGBColor) -> UInt8 {
        cached(c, palette: 0) { nearestInCubeAndRamp(OKLab(c)) }
    }

    /// The closest of the 16 ANSI colours (xterm defaults), for `palette16` terminals.
    public static func nearest16(_ c: RGBColor) -> UInt8 {
        cached(c, palette: 1) { nearestANSI(c, among: 16) }
    }

    /// The closest of the 8 normal ANSI colours (xterm defaults), for 8-colour terminals.
    public static func nearest8(_ c: RGBColor) -> UInt8 {
        cached(c, palette: 2) { nearestANSI(c, among: 8) }
    }

    /// Differences of hue and colourfulness count this many times a difference of lightness:
    /// among the 240 colours of the cube and the gray ramp, a dark navy is then drawn in the
    /// cube's darkest blue rather than a gray of its lightness, and a gradient keeps its hue.
    static let chromaWeight = 4.0

    /// Among the 16 ANSI colours the hues are few and loud; there lightness counts more, so
    /// that a dark colour becomes black or a dark ANSI colour instead of a bright one.
    static let ansiChromaWeight = 1.0

    /// The ANSI entries without hue: black, white, bright black, bright white.
    private static let achromatic: Set<Int> = [0, 7, 8, 15]

    /// Below this chroma (OKLab) a colour reads as gray, and is matched among the grays only.
    private static let grayChroma = 0.04

    /// Every palette entry in OKLab, computed once.
    static let labTable: [OKLab] = table.map(OKLab.init)

    /// The entries 16…255 by lightness (then index), for `nearestInCubeAndRamp`.
    private static let byLightness: [(index: Int, lab: OKLab)] = (16..<256)
        .map { (index: $0, lab: labTable[$0]) }
        .sorted { ($0.lab.l, $0.index) < ($1.lab.l, $1.index) }

    /// `nearest(lab, among: 16..<256)`, found without measuring all 240: the search starts at the
    /// entries of `lab`'s lightness and goes outward, and stops where the difference of
    /// lightness alone (a lower bound of the distance) exceeds the best distance found. The
    /// same distances are compared and ties go to the lower index, so the answer is the scan's
    /// (a test compares them); it measures a few dozen entries instead of 240. A board's first
    /// frame matches a few hundred colours.
    static func nearestInCubeAndRamp(_ lab: OKLab) -> UInt8 {
        let entries = byLightness
        var lower = 0, upper = entries.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if entries[middle].lab.l < lab.l { lower = middle + 1 } else { upper = middle }
        }
        var bestIndex = Int.max
        var bestDistance = Double.infinity
        var down = lower - 1, up = lower
        while down >= 0 || up < entries.count {
            let belowGap = down >= 0 ? lab.l - entries[down].lab.l : .infinity
            let aboveGap = up < entries.count ? entries[up].lab.l - lab.l : .infinity
            let next: (index: Int, lab: OKLab)
            if belowGap <= aboveGap {
                guard belowGap * belowGap <= bestDistance else { break }
                next = entries[down]
                down -= 1
            } else {
                guard aboveGap * aboveGap <= bestDistance else { break }
                next = entries[up]
                up += 1
            }
            let d = lab.distance(to: next.lab, chromaWeight: chromaWeight)
            if d < bestDistance || d == bestDistance && next.index < bestIndex {
                bestDistance = d
                bestIndex = next.index
            }
        }
        return UInt8(bestIndex)
    }

    /// The entry of `range` nearest `lab`; ties go to the lower index. Measures every entry: the
    /// definition `nearestInCubeAndRamp` is tested against.
    static func nearest(_ lab: OKLab, among range: Range<Int>) -> UInt8 {
        var bestIndex = range.lowerBound
        var bestDistance = Double.infinity
        for index in range {
            let d = lab.distance(to: labTable[index], chromaWeight: chromaWeight)
            if d < bestDistance {
                bestDistance = d
                bestIndex = index
            }
        }
        return UInt8(bestIndex)
    }

    /// The nearest of the first `count` ANSI colours. A gray goes to the nearest achromatic entry:
    /// gray text turning cyan is worse than a gray a little too light or dark.
    private static func nearestANSI(_ c: RGBColor, among count: Int) -> UInt8 {
        let lab = OKLab(c)
        let isGray = lab.chroma < grayChroma
        var bestIndex = 0
        var bestDistance = Double.infinity
        for index in 0..<count where !isGray || achromatic.contains(index) {
            let d = lab.distance(to: labTable[index], chromaWeight: ansiChromaWeight)
            if d < bestDistance {
                bestDistance = d
                bestIndex = index
            }
        }
        return UInt8(bestIndex)
    }

    /// Matches already made, by palette and colour: a screen has few distinct colours, and a
    /// scan of 240 entries per cell would show on every frame.
    private static let matches = Mutex<[UInt32: UInt8]>([:])

    /// `match()`'s answer for `color` in `palette`, remembered (at most 16,384 colours at once).
    private static func cached(_ color: RGBColor, palette: UInt32, _ match: () -> UInt8) -> UInt8 {
        let key = palette << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        if let known = matches.withLock({ $0[key] }) { return known }
        let index = match()
        matches.withLock { known in
            if known.count >= 16_384 { known.removeAll(keepingCapacity: true) }
            known[key] = index
        }
        return index
    }
}
