import CImageCodec
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A picture decoded to 8-bit RGBA pixels (straight alpha, sRGB), rows top to bottom.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// The most pixels a picture may have (16 megapixels): more is refused from the header.
    public static let maxPixels = 16 * 1024 * 1024
    /// The most pixels on one side; a wider or taller picture is refused from the header.
    public static let maxSide = 16_384
    /// The most pixels of an interlaced PNG, which is read whole (4 megapixels).
    public static let maxInterlacedPixels = 4 * 1024 * 1024
    /// The longest side a picture is decoded to: no widget fills more cells than this has
    /// pixels, so a larger picture is box-filtered down as it is read, row by row.
    public static let maxDecodedSide = 512

    /// Decodes PNG or JPEG bytes with libpng or libjpeg-turbo, at most `maxDecodedSide` on its
    /// longer side. Anything else, a corrupt or truncated file, or a picture over `maxPixels`
    /// throws an error that says which.
    public init(decoding data: Data) throws(ImageDecodingError) {
        var decoded = TilesDecodedImage()
        let ok = Self.decode(data, headerOnly: false, into: &decoded)
        defer { tiles_image_free(&decoded) }
        guard ok == 1, let source = decoded.pixels else {
            let message = withUnsafeBytes(of: decoded.error) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw ImageDecodingError(message: message)
        }
        let count = Int(decoded.width) * Int(decoded.height) * 4
        self.width = Int(decoded.width)
        self.height = Int(decoded.height)
        self.pixels = Array(UnsafeBufferPointer(start: source, count: count))
    }

    /// Why `data` would be refused for its size (its header read, nothing decoded), or nil when
    /// its size is within the limits or its header cannot be read (that draws a placeholder).
    public static func sizeProblem(of data: Data) -> ImageDecodingError? {
        var decoded = TilesDecodedImage()
        defer { tiles_image_free(&decoded) }
        guard decode(data, headerOnly: true, into: &decoded) == 0, tiles_image_refused_for_size(&decoded) == 1 else { return nil }
        return ImageDecodingError(message: withUnsafeBytes(of: decoded.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        })
    }

    private static func decode(_ data: Data, headerOnly: Bool, into decoded: inout TilesDecodedImage) -> Int32 {
        var limits = TilesDecodeLimits(
            max_pixels: UInt64(maxPixels), max_side: UInt32(maxSide), max_interlaced_pixels: UInt64(maxInterlacedPixels),
            max_decoded_side: UInt32(maxDecodedSide), header_only: headerOnly ? 1 : 0)
        return data.withUnsafeBytes { bytes in
            tiles_image_decode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &limits, &decoded)
        }
    }
}

/// Why bytes could not be decoded into a picture: not PNG or JPEG, corrupt, truncated, too large.
public struct ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, as a sentence (from libpng or libjpeg where they gave one).
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
