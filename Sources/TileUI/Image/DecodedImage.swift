import CImageCodec
import Foundation

/// A picture decoded to 8-bit RGBA pixels (straight alpha, sRGB), rows top to bottom.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// The most pixels a picture may have (16 megapixels, 64 MB decoded): more is refused from
    /// the header, before any pixel memory is allocated.
    public static let maxPixels = 16 * 1024 * 1024
    /// The most pixels on one side; a wider or taller picture is refused from the header.
    public static let maxSide = 16_384

    /// Decodes PNG or JPEG bytes with libpng or libjpeg-turbo. Anything else, a corrupt or
    /// truncated file, or a picture over `maxPixels` throws an error that says which.
    public init(decoding data: Data) throws(ImageDecodingError) {
        var decoded = TilesDecodedImage()
        let ok = data.withUnsafeBytes { bytes in
            tiles_image_decode(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                UInt64(Self.maxPixels), UInt32(Self.maxSide), &decoded)
        }
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
}

/// Why bytes could not be decoded into a picture: not PNG or JPEG, corrupt, truncated, too large.
public struct ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, as a sentence (from libpng or libjpeg where they gave one).
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
