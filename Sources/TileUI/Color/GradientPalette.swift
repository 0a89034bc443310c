/// Draws a gradient in a terminal's palette without steps of other hues.
///
/// Matched cell by cell against the whole palette, a gradient between two dark blues falls into
/// navy and teal blocks (the 256 colours have no muted blue in between), one between two ambers
/// into olive and red. Here each cell takes the nearest entry among those whose hue lies within
/// the stops' hues (and a tolerance), and the grays when a stop is gray, so the quantised cells
/// keep the order and family of hues of the stops. The colours returned are palette entries, so
/// the terminal writer maps them to themselves.
struct GradientPalette {
    /// The palette indices a cell may take, with their OKLab values.
    private let candidates: [(index: Int, lab: OKLab)]
    private let chromaWeight: Double

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
            let lab = ColorPalette.labTable[index]
            let isGray = lab.chroma < Self.grayChroma
            if isGray ? allowsGray : hues.map({ Self.contains($0, lab.hue) }) ?? false {
                candidates.append((index, lab))
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

    /// The palette colour a cell of colour `color` takes.
    func color(for color: RGBColor) -> RGBColor {
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
        return ColorPalette.color(ofIndex: UInt8(best.index))
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
