import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A colour in OKLab (Björn Ottosson's perceptual colour space): `l` lightness 0…1, `a`
/// green–red and `b` blue–yellow. Equal distances here look about equally different, which RGB
/// distances do not: the palette matcher measures in it.
struct OKLab: Equatable, Sendable {
    var l: Double
    var a: Double
    var b: Double

    /// The colour of lightness `l` and axes `a`, `b`.
    init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// `color`, an sRGB colour, in OKLab.
    init(_ color: RGBColor) {
        let r = SRGB.linear[Int(color.red)], g = SRGB.linear[Int(color.green)], b = SRGB.linear[Int(color.blue)]
        // Linear sRGB to the cone responses, their cube roots, then to L, a, b (the published
        // matrices of the OKLab definition).
        let lms = (
            cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b),
            cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b),
            cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        )
        l = 0.2104542553 * lms.0 + 0.7936177850 * lms.1 - 0.0040720468 * lms.2
        a = 1.9779984951 * lms.0 - 2.4285922050 * lms.1 + 0.4505937099 * lms.2
        self.b = 0.0259040371 * lms.0 + 0.7827717662 * lms.1 - 0.8086757660 * lms.2
    }

    /// The colourfulness: 0 for grays.
    var chroma: Double { (a * a + b * b).squareRoot() }

    /// The hue angle in radians (−π…π); meaningless for grays.
    var hue: Double { atan2(b, a) }

    /// The squared distance to `other`, with differences of hue and colourfulness weighed
    /// `chromaWeight` times a difference of lightness: a palette match that keeps a colour's hue
    /// and gets its lightness a little wrong reads as that colour, one the other way round as
    /// another colour (a dark blue as gray or teal).
    func distance(to other: OKLab, chromaWeight: Double) -> Double {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + chromaWeight * (da * da + db * db)
    }
}
