import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The instants of new moon, from the mean lunation with the periodic terms of Meeus,
/// *Astronomical Algorithms* (2nd ed., ch. 49): within about 20 seconds of the modern
/// ephemerides, before the uncertainty of ΔT decades ahead.
enum NewMoon {
    /// The mean length of a lunation, in days.
    static let synodicMonth = 29.530_588_861

    /// The lunation number whose new moon lies nearest `date` (0 is the new moon of 2000-01-06).
    static func lunation(near date: Date) -> Int {
        let julianDay = date.timeIntervalSince1970 / 86_400 + 2_440_587.5
        return Int(((julianDay - 2_451_550.097_66) / synodicMonth).rounded())
    }

    /// The instant (UT) of new moon number `lunation`.
    static func instant(_ lunation: Int) -> Date {
        let k = Double(lunation)
        let t = k / 1_236.85
        let t2 = t * t, t3 = t2 * t, t4 = t3 * t
        let mean = 2_451_550.097_66 + synodicMonth * k + 0.000_154_37 * t2 - 0.000_000_150 * t3 + 0.000_000_000_73 * t4
        // Eccentricity of the earth's orbit, and the sun's and moon's anomalies, the moon's
        // argument of latitude and its ascending node, in radians.
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t2
        let m = radians(2.553_4 + 29.105_356_70 * k - 0.000_001_4 * t2 - 0.000_000_11 * t3)
        let mp = radians(201.564_3 + 385.816_935_28 * k + 0.010_758_2 * t2 + 0.000_012_38 * t3 - 0.000_000_058 * t4)
        let f = radians(160.710_8 + 390.670_502_84 * k - 0.001_611_8 * t2 - 0.000_002_27 * t3 + 0.000_000_011 * t4)
        let node = radians(124.774_6 - 1.563_755_88 * k + 0.002_067_2 * t2 + 0.000_002_15 * t3)

        var correction = -0.407_20 * sin(mp) + 0.172_41 * e * sin(m) + 0.016_08 * sin(2 * mp) + 0.010_39 * sin(2 * f)
        correction += 0.007_39 * e * sin(mp - m) - 0.005_14 * e * sin(mp + m) + 0.002_08 * e * e * sin(2 * m)
        correction += -0.001_11 * sin(mp - 2 * f) - 0.000_57 * sin(mp + 2 * f) + 0.000_56 * e * sin(2 * mp + m)
        correction += -0.000_42 * sin(3 * mp) + 0.000_42 * e * sin(m + 2 * f) + 0.000_38 * e * sin(m - 2 * f)
        correction += -0.000_24 * e * sin(2 * mp - m) - 0.000_17 * sin(node) - 0.000_07 * sin(mp + 2 * m)
        correction += 0.000_04 * sin(2 * mp - 2 * f) + 0.000_04 * sin(3 * m) + 0.000_03 * sin(mp + m - 2 * f)
        correction += 0.000_03 * sin(2 * mp + 2 * f) - 0.000_03 * sin(mp + m + 2 * f) + 0.000_03 * sin(mp - m + 2 * f)
        correction += -0.000_02 * sin(mp - m - 2 * f) - 0.000_02 * sin(3 * mp + m) + 0.000_02 * sin(4 * mp)
        // The planetary arguments: amplitude (days), angle at k = 0 and per lunation (degrees).
        for (index, term) in planetaryTerms.enumerated() {
            let angle = term.base + term.rate * k - (index == 0 ? 0.009_173 * t2 : 0)
            correction += term.amplitude * sin(radians(angle))
        }
        let julianDayTT = mean + correction
        let julianDayUT = julianDayTT - SolarPosition.deltaT(julianDay: julianDayTT) / 86_400
        return Date(timeIntervalSince1970: (julianDayUT - 2_440_587.5) * 86_400)
    }

    private static let planetaryTerms: [(amplitude: Double, base: Double, rate: Double)] = [
        (0.000_325, 299.77, 0.107_408), (0.000_165, 251.88, 0.016_321), (0.000_164, 251.83, 26.651_886),
        (0.000_126, 349.42, 36.412_478), (0.000_110, 84.66, 18.206_239), (0.000_062, 141.74, 53.303_771),
        (0.000_060, 207.14, 2.453_732), (0.000_056, 154.84, 7.306_860), (0.000_047, 34.52, 27.261_239),
        (0.000_042, 207.19, 0.121_824), (0.000_040, 291.34, 1.844_379), (0.000_037, 161.72, 24.198_154),
        (0.000_035, 239.56, 25.513_099), (0.000_023, 331.55, 3.592_518),
    ]

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
