import Foundation
import Testing
import TileUISamples
@testable import TileUI

/// Decoding through libpng and libjpeg-turbo: every supported kind of file gives its pixels, and
/// anything else (not a picture, corrupt, truncated, too large) a clear error and never a crash.
@Suite struct ImageDecodingTests {
    private func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * 4
        return Array(image.pixels[start..<start + 4])
    }

    @Test func testPNGDecodesToStraightRGBA() throws {
        let image = try DecodedImage(decoding: ImageFixtures.data("quadrants.png"))
        #expect(image.width == 8 && image.height == 8)
        #expect(pixel(image, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(image, 7, 0) == [0, 255, 0, 255])
        #expect(pixel(image, 0, 7) == [0, 0, 255, 255])
        #expect(pixel(image, 7, 7)[3] == 0)
    }

    @Test func testPalettePNGAndEveryJPEGKindDecode() throws {
        let palette = try DecodedImage(decoding: ImageFixtures.data("wide-palette.png"))
        #expect(palette.width == 40 && palette.height == 10)
        let jpeg = try DecodedImage(decoding: ImageFixtures.data("wide.jpg"))
        #expect(jpeg.width == 40 && jpeg.height == 10)
        // The ramp starts orange at the bottom left (JPEG is lossy: within a few levels).
        let orange = pixel(jpeg, 0, 9)
        #expect(orange[0] > 240 && (130...150).contains(orange[1]) && orange[2] < 20 && orange[3] == 255)
        let gray = try DecodedImage(decoding: ImageFixtures.data("gray.jpg"))
        #expect(pixel(gray, 3, 3).prefix(3).allSatisfy { (126...130).contains($0) })
        let cmyk = try DecodedImage(decoding: ImageFixtures.data("cmyk.jpg"))
        let converted = pixel(cmyk, 3, 3)
        #expect(converted[0] > 245 && (150...160).contains(converted[1]) && (50...60).contains(converted[2]))
    }

    /// A palette PNG is read as its indices and expanded by its palette (alpha from `tRNS`): the
    /// same pixels as libpng's RGBA reading of the same picture stored as RGBA, every one, and
    /// for 4-bit indices too.
    @Test func testPalettePNGDecodesToTheSamePixelsAsRGBA() throws {
        let palette = try DecodedImage(decoding: ImageFixtures.data("fading-palette.png"))
        let rgba = try DecodedImage(decoding: ImageFixtures.data("fading.png"))
        #expect(palette.width == 40 && palette.height == 10)
        #expect(palette.pixels == rgba.pixels)
        #expect(Set(stride(from: 3, to: palette.pixels.count, by: 4).map { palette.pixels[$0] }).count > 20, "alphas of the fade")
        let fourBit = try DecodedImage(decoding: ImageFixtures.data("wide-palette.png"))
        #expect(try fourBit.pixels == DecodedImage(decoding: ImageFixtures.data("wide-palette-rgba.png")).pixels)
    }

    @Test func testNotAPictureIsRefusedWithItsReason() {
        #expect(throws: ImageDecodingError(message: "not a PNG or JPEG picture (5 bytes)")) {
            try DecodedImage(decoding: Data("hello".utf8))
        }
        #expect(throws: ImageDecodingError(message: "not a PNG or JPEG picture (0 bytes)")) {
            try DecodedImage(decoding: Data())
        }
    }

    @Test func testTruncatedFilesAreRefused() {
        for name in ["quadrants.png", "disc.png", "wide.jpg", "cmyk.jpg"] {
            let data = ImageFixtures.data(name)
            // Cut into the pixel data (a PNG missing only its closing IEND chunk still decodes).
            for length in [9, data.count / 2, data.count - 16] {
                do {
                    _ = try DecodedImage(decoding: data.prefix(length))
                    Issue.record("\(name) cut to \(length) bytes decoded")
                } catch {
                    #expect(error.message.hasPrefix("not a readable"), "\(name) at \(length): \(error.message)")
                }
            }
        }
    }

    @Test func testHugePicturesAreRefusedFromTheHeader() {
        #expect(throws: ImageDecodingError(message: "the picture is too large: 5000×5000 pixels (at most 16777216 pixels, 16384 on a side)")) {
            try DecodedImage(decoding: ImageFixtures.pngHeader(width: 5000, height: 5000))
        }
        #expect(throws: ImageDecodingError(message: "the picture is too large: 100000×1 pixels (at most 16777216 pixels, 16384 on a side)")) {
            try DecodedImage(decoding: ImageFixtures.pngHeader(width: 100_000, height: 1))
        }
        // A JPEG whose frame header claims 65000×65000 (its SOF0 patched): refused the same way.
        var jpeg = [UInt8](ImageFixtures.data("wide.jpg"))
        if let sof = (0..<(jpeg.count - 9)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) {
            jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
        }
        #expect(throws: ImageDecodingError(message: "the picture is too large: 65000×65000 pixels (at most 16777216 pixels, 16384 on a side)")) {
            try DecodedImage(decoding: Data(jpeg))
        }
        // Within the limits, the header alone passes the size check and then fails for its data.
        do {
            _ = try DecodedImage(decoding: ImageFixtures.pngHeader(width: 4000, height: 4000))
            Issue.record("a header alone decoded")
        } catch {
            #expect(error.message.hasPrefix("not a readable PNG picture"), "\(error.message)")
        }
    }

    /// Random damage to real files (flipped bytes, cuts, inserted and removed runs) for a bounded
    /// budget: each result is a picture of the header's size or an error, never a crash.
    @Test func testFuzzedFilesDecodeOrFailCleanly() {
        var random = SplitMix64(seed: 13)
        let originals = ["quadrants.png", "disc.png", "wide.png", "wide-palette.png", "fading-palette.png", "wide.jpg", "gray.jpg", "cmyk.jpg"]
            .map { Array(ImageFixtures.data($0)) }
        let deadline = Date().addingTimeInterval(4)
        var runs = 0, decoded = 0
        while runs < 3000 && Date() < deadline {
            var bytes = originals[Int(random.next() % UInt64(originals.count))]
            for _ in 0...(random.next() % 4) {
                let position = Int(random.next() % UInt64(max(bytes.count, 1)))
                switch random.next() % 4 {
                case 0: if !bytes.isEmpty { bytes[position] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
                case 1: bytes.removeSubrange(position..<bytes.count)
                case 2: bytes.insert(contentsOf: (0..<(random.next() % 16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
                default: bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 32)))
                }
            }
            runs += 1
            if let image = try? DecodedImage(decoding: Data(bytes)) {
                decoded += 1
                #expect(image.pixels.count == image.width * image.height * 4)
                #expect(image.width * image.height <= DecodedImage.maxPixels)
            }
        }
        #expect(runs >= 100)
        #expect(decoded < runs, "some damage must be detected")
    }
}
