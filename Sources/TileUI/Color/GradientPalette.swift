import Synchronization

/// Draws a gradient in a terminal's palette without steps of other hues.
///
/// Matched cell by cell against the whole palette, a gradient between two dark blues falls into
/// navy and teal blocks (the 256 colours have no muted blue in between), one between two ambers
/// into olive and red. Here each cell takes the nearest entry among those whose hue lies within
/// the stops' hues (and a tolerance), and the grays when a stop is gray, so the quantised cells
/// keep the order and family of hues of the stops. The colours returned are palette entries, so
/// the terminal writer maps them to themselves.
struct GradientPalette: Sendable {
    /// The palette indices a cell may take, with their OKLab values.
    private let candidates: [(index: Int, lab: OKLab)]
    private let chromaWeight: Double
    /// Which palette this is among those made, for `matches`.
    private var number: UInt64 = 0

    /// Hues this close to the stops' range (radians, about 15°) still count as theirs.
    static let hueTolerance = 0.26

    /// The palette for a gradient through `stops` drawn in `mode`; nil where no palette applies
    /// (truecolor, or no colour at all).
    init?(stops: [RGBColor], mode: ColorMode) {
        let range: Range<Int>
        switch mode {
        case .palette256:
            range = 16..<256
            chromaWeight = ColorPalette.chromaWeight
        case .palette16:
            range = 0..<16
            chromaWeight = ColorPalette.ansiChromaWeight
        case .trueColor, .none:
            return nil
        }
        let labs = stops.map { OKLab($0) }
        let chromatic = labs.filter { $0.chroma >= Self.grayChroma }
        let allowsGray = chromatic.count < labs.count
        let hues = Self.hueRange(chromatic.map(\.hue))
        var candidates: [(index: Int, lab: OKLab)] = []
        for index in range {
            let polar = Self.polarTable[index]
            let isGray = polar.chroma < Self.grayChroma
            if isGray ? allowsGray : hues.map({ Self.contains($0, polar.hue) }) ?? false {
                candidates.append((index, ColorPalette.labTable[index]))
            }
        }
        if candidates.isEmpty {
            // No entry has the stops' hues (amber among the 16 ANSI colours): the one entry
            // nearest their mean, a flat fill, rather than cells split between other hues.
            let mean = OKLab(
                l: labs.map(\.l).reduce(0, +) / Double(labs.count), a: labs.map(\.a).reduce(0, +) / Double(labs.count),
                b: labs.map(\.b).reduce(0, +) / Double(labs.count))
            let weight = chromaWeight
            let nearest = range.min {
                mean.distance(to: ColorPalette.labTable[$0], chromaWeight: weight) < mean.distance(to: ColorPalette.labTable[$1], chromaWeight: weight)
            }!
            candidates = [(nearest, ColorPalette.labTable[nearest])]
        }
        self.candidates = candidates
    }

    /// The chroma and hue of every palette entry, computed once: a board's first frame makes a
    /// palette for each of its gradients.
    private static let polarTable: [(chroma: Double, hue: Double)] = ColorPalette.labTable.map { ($0.chroma, $0.hue) }

    /// The palette for a gradient through `stops` drawn in `mode`, made once for each stops and
    /// mode (a tile redrawn every second would otherwise make it, and match every cell, anew).
    static func cached(stops: [RGBColor], mode: ColorMode) -> GradientPalette? {
        guard mode == .palette256 || mode == .palette16 else { return nil }
        let key = Key(stops: stops, mode: mode)
        if let known = made.withLock({ $0.palettes[key] }) { return known }
        guard var palette = GradientPalette(stops: stops, mode: mode) else { return nil }
        return made.withLock { made in
            if let known = made.palettes[key] { return known }
            if made.palettes.count >= 256 { made.palettes.removeAll(keepingCapacity: true) }
            // Numbers are never reused, so a palette made before a clearing never reads another's matches.
            palette.number = made.next
            made.next += 1
            made.palettes[key] = palette
            return palette
        }
    }

    private struct Key: Hashable {
        let stops: [RGBColor]
        let mode: ColorMode
    }

    /// Palettes made, by stops and mode (at most 256 at once), and the next palette's number.
    private static let made = Mutex<(palettes: [Key: GradientPalette], next: UInt64)>(([:], 1))
    /// Colours matched: a table of 4,096 slots, each 0 (empty) or a palette number and colour
    /// (`key`) shifted left by 8 with the matched index in the low byte. A colour's slot is a
    /// hash of its key, and a later colour with the same slot replaces it. Every cell of a
    /// gradient looks its colour up on every frame (a 1 Hz tick repaints the countdown's), and a
    /// dictionary's hashing cost more than the rest of the cell's paint. A board's gradients take
    /// a few hundred colours, so 4,096 slots are enough, and fewer pages are zeroed at start.
    private static let matches = Mutex<[UInt64]>([UInt64](repeating: 0, count: 1 << matchSlotBits))
    private static let matchSlotBits = 12

    /// The palette colour a cell of colour `color` takes.
    func color(for color: RGBColor) -> RGBColor {
        // Numbers past 2³² would not fit beside the colour in a slot; a board makes a few dozen.
        guard number > 0, number < 1 << 32 else { return ColorPalette.color(ofIndex: nearestIndex(to: color)) }
        let key = number << 24 | UInt64(color.red) << 16 | UInt64(color.green) << 8 | UInt64(color.blue)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.matchSlotBits))
        let entry = Self.matches.withLock { $0[slot] }
        if entry >> 8 == key { return ColorPalette.color(ofIndex: UInt8(truncatingIfNeeded: entry)) }
        let index = nearestIndex(to: color)
        Self.matches.withLock { $0[slot] = key << 8 | UInt64(index) }
        return ColorPalette.color(ofIndex: index)
    }

    /// The candidate nearest `color` in OKLab, hue and chroma weighted for the palette.
    private func nearestIndex(to color: RGBColor) -> UInt8 {
        let lab = OKLab(color)
        var best = candidates[0]
        var bestDistance = Double.infinity
        for candidate in candidates {
            let d = lab.distance(to: candidate.lab, chromaWeight: chromaWeight)
            if d < bestDistance {
                bestDistance = d
                best = candidate
            }
        }
        return UInt8(best.index)
    }

    /// Below this chroma (OKLab) a colour counts as gray.
    static let grayChroma = 0.03

    /// The smallest arc holding every hue of `hues`, widened by the tolerance, as a start angle
    /// and a length; nil when there are no hues.
    static func hueRange(_ hues: [Double]) -> (start: Double, length: Double)? {
        guard !hues.isEmpty else { return nil }
        let sorted = hues.map { $0 < 0 ? $0 + 2 * .pi : $0 }.sorted()
        // The arc is the circle less the widest gap between neighbouring hues.
        var gapEnd = sorted[0], gap = sorted[0] + 2 * .pi - sorted[sorted.count - 1]
        for (lower, upper) in zip(sorted, sorted.dropFirst()) where upper - lower > gap {
            gap = upper - lower
            gapEnd = upper
        }
        return (gapEnd - hueTolerance, 2 * .pi - gap + 2 * hueTolerance)
    }

    /// Whether `hue` lies on the arc `range`.
    static func contains(_ range: (start: Double, length: Double), _ hue: Double) -> Bool {
        var offset = (hue - range.start).truncatingRemainder(dividingBy: 2 * .pi)
        if offset < 0 { offset += 2 * .pi }
        return offset <= range.length
    }
}
