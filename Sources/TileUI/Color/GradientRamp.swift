/// The opaque stops of a gradient prepared for painting cell by cell: each stop's channels as
/// doubles, so that a cell's colour is one blend of two neighbouring stops with the three
/// channels computed side by side.
///
/// The result is bit-identical to `RGBColor.interpolated(to:fraction:)` between the same stops
/// (see `LinearGradient.color(t:stops:)`): each channel is the same expression, `top × a +
/// bottom × (1 − a) + ½` truncated, evaluated in the same order; only the three evaluations run
/// in one SIMD operation instead of one after another. A gradient fills most of a widget, so this
/// arithmetic was the largest single cost of drawing one.
struct GradientRamp {
    /// Red, green and blue of each stop, in order; the fourth lane is unused.
    private let channels: [SIMD4<Double>]

    /// A ramp through `stops`, which must not be empty.
    init(_ stops: [RGBColor]) {
        channels = stops.map { SIMD4(Double($0.red), Double($0.green), Double($0.blue), 0) }
    }

    /// The colour at parameter `t` (clamped to 0…1) between evenly spaced stops.
    @inline(__always) func color(t: Double) -> RGBColor {
        channels.withUnsafeBufferPointer { stops in
            guard stops.count > 1 else { return rgb(stops[0]) }
            if stops.count == 2 {
                // Most gradients have two stops: the position is then t itself (t × 1 and t − 0
                // are exact), the fraction between the only two stops, with no segment to find.
                let a = min(max(t, 0), 1)
                return rgb(stops[1] * a + stops[0] * (1 - a) + 0.5)
            }
            let position = min(max(t, 0), 1) * Double(stops.count - 1)
            let index = min(Int(position), stops.count - 2)
            // As in `RGBColor.blended(over:alpha:)`: the later stop over the earlier one. Its
            // clamp of the alpha is left out: the fraction is already within 0…1 (`index` is at
            // most `position`, and less than it by at most 1, exactly).
            let a = position - Double(index)
            let top = stops[index + 1], bottom = stops[index]
            return rgb(top * a + bottom * (1 - a) + 0.5)
        }
    }

    /// The colour whose channels are `value`'s first three lanes, truncated (all in 0…255.5).
    @inline(__always) private func rgb(_ value: SIMD4<Double>) -> RGBColor {
        RGBColor(red: UInt8(value[0]), green: UInt8(value[1]), blue: UInt8(value[2]))
    }
}
