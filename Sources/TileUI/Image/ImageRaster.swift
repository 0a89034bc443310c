import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A picture resampled to the pixels of a cell rectangle: two pixel rows a cell row.
struct ImageRaster: Sendable {
    /// One resampled pixel: its sRGB colour and straight alpha (0 transparent … 255 opaque).
    struct Pixel: Hashable, Sendable {
        var rgb: RGBColor
        var alpha: UInt8
    }

    /// The size of the whole resampled picture, in pixels.
    let width: Int
    let height: Int
    /// The part of it that was computed (the part that can be seen), in its pixels.
    let window: Rect
    /// `window`'s pixels, row by row.
    let pixels: [Pixel]

    /// The pixel at (x, y) of the whole picture, which must lie in `window`.
    subscript(x: Int, y: Int) -> Pixel { pixels[(y - window.minY) * window.size.width + (x - window.minX)] }

    /// The `window` of `image` resampled to `width × height` pixels, by area averaging in linear
    /// light: each target pixel is the mean of the source area it covers, weighted by overlap and
    /// by alpha, so that shrinking neither aliases nor darkens (averaging sRGB values would).
    /// Only the source rows under the window are read, so a large picture drawn at its natural
    /// size costs what its visible part costs.
    init(resampling image: DecodedImage, width: Int, height: Int, window: Rect) {
        precondition(width > 0 && height > 0 && !window.isEmpty)
        self.width = width
        self.height = height
        self.window = window
        let columns = AreaWeights(source: image.width, target: width, range: window.minX..<window.maxX)
        let rows = AreaWeights(source: image.height, target: height, range: window.minY..<window.maxY)
        let sourceRows = rows.sourceSpan
        let outWidth = window.size.width
        let linear = SRGB.toLinear
        // Pass 1: each source row under the window shrunk (or stretched) to the window's columns,
        // premultiplied linear RGBA.
        var horizontal = [Float](repeating: 0, count: sourceRows.count * outWidth * 4)
        image.pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { out in
                for y in sourceRows {
                    let rowStart = y * image.width * 4
                    let outRow = (y - sourceRows.lowerBound) * outWidth
                    for x in 0..<outWidth {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for entry in columns.entries(of: x) {
                            let p = rowStart + columns.sources[entry] * 4
                            let alpha = Float(source[p + 3]) * (1 / 255) * columns.weights[entry]
                            r += linear[Int(source[p])] * alpha
                            g += linear[Int(source[p + 1])] * alpha
                            b += linear[Int(source[p + 2])] * alpha
                            a += alpha
                        }
                        let o = (outRow + x) * 4
                        out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                    }
                }
            }
        }
        // Pass 2: the columns shrunk to the window's rows, back to straight alpha and sRGB.
        var pixels: [Pixel] = []
        pixels.reserveCapacity(window.size.width * window.size.height)
        horizontal.withUnsafeBufferPointer { source in
            for y in 0..<window.size.height {
                for x in 0..<outWidth {
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                    for entry in rows.entries(of: y) {
                        let p = ((rows.sources[entry] - sourceRows.lowerBound) * outWidth + x) * 4
                        let weight = rows.weights[entry]
                        r += source[p] * weight
                        g += source[p + 1] * weight
                        b += source[p + 2] * weight
                        a += source[p + 3] * weight
                    }
                    guard a > 0.5 / 255 else {
                        pixels.append(Pixel(rgb: RGBColor(red: 0, green: 0, blue: 0), alpha: 0))
                        continue
                    }
                    pixels.append(Pixel(
                        rgb: RGBColor(red: SRGB.encode(r / a), green: SRGB.encode(g / a), blue: SRGB.encode(b / a)),
                        alpha: UInt8(min(255, (a * 255).rounded()))))
                }
            }
        }
        self.pixels = pixels
    }
}

/// For each target index of `range` along one axis, the source indices it overlaps and their
/// weights (the overlapped lengths, summing to 1), stored flat; indexed from 0 for `range`'s first.
private struct AreaWeights {
    var sources: [Int] = []
    var weights: [Float] = []
    /// Where each target index's entries start; one more than the targets.
    var starts: [Int] = [0]

    init(source: Int, target: Int, range: Range<Int>) {
        let scale = Double(source) / Double(target)
        for index in range {
            let lower = Double(index) * scale, upper = Double(index + 1) * scale
            var s = Int(lower)
            while s < source && Double(s) < upper {
                let covered = min(upper, Double(s + 1)) - max(lower, Double(s))
                if covered > 0 {
                    sources.append(s)
                    weights.append(Float(covered / scale))
                }
                s += 1
            }
            starts.append(sources.count)
        }
    }

    /// The entries of the `index`-th target of the range.
    func entries(of index: Int) -> Range<Int> { starts[index]..<starts[index + 1] }

    /// The source indices any target of the range reads.
    var sourceSpan: Range<Int> {
        guard let first = sources.first, let last = sources.last else { return 0..<0 }
        return first..<(last + 1)
    }
}

/// The sRGB transfer function, both ways.
enum SRGB {
    /// The linear value of each 8-bit sRGB value.
    static let toLinear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// The linear value of each 8-bit sRGB value, in double precision (colour matching and
    /// contrast), computed once.
    static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The 8-bit sRGB value of a linear value in 0…1 (clamped).
    static func encode(_ linear: Float) -> UInt8 {
        let c = min(max(linear, 0), 1)
        let encoded = c <= 0.0031308 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }
}
