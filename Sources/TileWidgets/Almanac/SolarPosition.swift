import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Low-precision apparent longitude of the sun, enough to date the solar terms.
///
/// Formulas from Meeus, *Astronomical Formulae for Calculators* (solar coordinates,
/// "higher accuracy": equation of centre plus the largest Venus, Jupiter and Moon
/// perturbations), with the four largest nutation terms. Checked against the 48 节
/// that NAOJ published for 2005 and 2024–2026: all within 4.1 minutes.
enum SolarPosition {
    /// The sun's mean daily motion in longitude, used to turn an angle error into a time step.
    static let meanDegreesPerDay = 360 / 365.242_19

    /// The instant the sun's apparent longitude reaches `longitude` (degrees), found by Newton's
    /// method from `guess` (within a few days of it): the sun moves almost uniformly, so three
    /// or four steps reach sub-second changes.
    static func instant(reaching longitude: Double, from guess: Date) -> Date {
        var t = guess
        for _ in 0..<8 {
            var delta = longitude - apparentLongitude(at: t)
            delta -= 360 * (delta / 360).rounded()
            let step = delta / meanDegreesPerDay * 86_400
            t += step
            if abs(step) < 1 { break }
        }
        return t
    }

    /// Apparent geocentric ecliptic longitude of the sun at `date`, in degrees 0..<360.
    static func apparentLongitude(at date: Date) -> Double {
        let jdUT = date.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let jde = jdUT + deltaT(julianDay: jdUT) / 86_400
        // The source's formulas count Julian centuries from 1900 January 0.5 (JD 2415020.0).
        let t = (jde - 2_415_020) / 36_525

        let meanLongitude = 279.696_68 + 36_000.768_92 * t + 0.000_302_5 * t * t
        let meanAnomaly = radians(358.475_83 + 35_999.049_75 * t - 0.000_150 * t * t - 0.000_003_3 * t * t * t)
        let center = (1.919_460 - 0.004_789 * t - 0.000_014 * t * t) * sin(meanAnomaly)
            + (0.020_094 - 0.000_100 * t) * sin(2 * meanAnomaly)
            + 0.000_293 * sin(3 * meanAnomaly)
        let trueLongitude = meanLongitude + center + perturbations(t: t)

        let omega = radians(259.18 - 1_934.142 * t)
        let moonMeanLongitude = radians(270.434_164 + 481_267.883_1 * t)
        let nutation = -0.004_79 * sin(omega) - 0.000_366 * sin(2 * radians(meanLongitude))
            - 0.000_063 * sin(2 * moonMeanLongitude) + 0.000_057 * sin(2 * omega)
        let aberration = -0.005_69
        let apparent = trueLongitude + nutation + aberration

        let wrapped = apparent.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// Largest planetary and lunar perturbations of the sun's longitude, in degrees.
    ///
    /// Without them the error reaches about 9 minutes in the time of a term.
    static func perturbations(t: Double) -> Double {
        let venus1 = radians(153.23 + 22_518.754_1 * t)
        let venus2 = radians(216.57 + 45_037.508_2 * t)
        let jupiter = radians(312.69 + 32_964.357_7 * t)
        let moon = radians(350.74 + 445_267.114_2 * t - 0.001_44 * t * t)
        let longPeriod = radians(231.19 + 20.20 * t)
        return 0.001_34 * cos(venus1) + 0.001_54 * cos(venus2) + 0.002_00 * cos(jupiter)
            + 0.001_79 * sin(moon) + 0.001_78 * sin(longPeriod)
    }

    /// TT − UT in seconds (Espenak & Meeus polynomial for 2005–2050, long-term parabola otherwise).
    ///
    /// ΔT is about a minute today; the parabola is within about 20 s of measured values
    /// for 1900–2004, far below the error of the solar formulas themselves.
    static func deltaT(julianDay: Double) -> Double {
        let year = 2000 + (julianDay - 2_451_545) / 365.25
        if (2005...2050).contains(year) {
            let y = year - 2000
            return 62.92 + 0.322_17 * y + 0.005_589 * y * y
        }
        let u = (year - 1820) / 100
        return -20 + 32 * u * u
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
